"""The second play area of the two-player games: a table (Over the Rhine) or a battery
(Over the Top), as the engine's views describe them.

A table is ``{"up": [cards], "down": n}``; a battery is ``{"columns": [{"up": card or
None, "down": n}, ...]}`` (a bare list of columns is accepted too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.ui.cards import card_text, cards_text


def area_names(view: Mapping[str, Any]) -> Sequence[str]:
    """The names of the two play areas (``hand`` and ``table`` or ``battery``)."""
    return view.get("areas") or ("hand", "table")


def area_name(view: Mapping[str, Any]) -> str:
    """The name of the second area: ``table`` or ``battery``."""
    return str(area_names(view)[1])


def _columns(area: Any) -> list[Mapping[str, Any]] | None:
    if isinstance(area, Mapping) and "columns" in area:
        return list(area["columns"])
    if isinstance(area, list):
        return list(area)
    return None


def face_up(area: Any) -> list[str]:
    """The face-up cards of a table or a battery, in order."""
    columns = _columns(area)
    if columns is not None:
        return [column["up"] for column in columns if column.get("up")]
    if isinstance(area, Mapping):
        return list(area.get("up", []))
    return []


def face_down(area: Any) -> int:
    """How many cards of a table or battery lie face down."""
    columns = _columns(area)
    if columns is not None:
        return sum(int(column.get("down") or 0) for column in columns)
    if isinstance(area, Mapping):
        return int(area.get("down") or 0)
    return 0


def area_text(area: Any, variant: str) -> str:
    """Face-up cards and the face-down count: ``K♠ A♦ + 3 face down``; columns for a battery."""
    columns = _columns(area)
    if columns is None:
        return f"{cards_text(face_up(area), variant)} + {face_down(area)} face down"
    shown = []
    for column in columns:
        top = column.get("up")
        text = card_text(top, variant) if top else "·"
        shown.append(text + ("▾" if column.get("down") else ""))
    return " ".join(shown) + (" (▾: a card face down below)" if face_down(area) else "")
