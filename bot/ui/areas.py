"""The second play area of the two-player games: a table (Over the Rhine) or a battery
(Over the Top), as the engine's views describe them.

A table is ``{"up": [cards], "down": n}``; a battery is ``{"columns": [{"up": card or
None, "down": n}, ...]}`` (a bare list of columns is accepted too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import card_named
from bot.words.cards import cards_text


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


def area_text(area: Any, variant: str, trump: str | None = None) -> str:
    """Face-up cards (each marked with what ``trump`` makes of it) and the face-down
    count: ``K♠ J♥ (right) + 3 face down``, ``2 face down``, ``empty``; columns for a
    battery."""
    columns = _columns(area)
    if columns is None:
        up, down = face_up(area), face_down(area)
        if not up:
            return f"{down} face down" if down else "empty"
        shown = cards_text(up, variant, trump)
        return f"{shown} + {down} face down" if down else shown
    said = [column_text(column, variant, trump) for column in columns]
    return " · ".join(text for text in said if text) or "empty"


def column_text(column: Mapping[str, Any], variant: str, trump: str | None = None) -> str:
    """A battery column as a newcomer reads it: its face-up card, then how many cards lie
    face down under it (``⬛ Black 6 (+1 face down)``); an empty column says nothing."""
    top, down = column.get("up"), int(column.get("down") or 0)
    below = f"{down} face down" if down else ""
    if not top:
        return below
    card = card_named(top, variant, trump)
    return f"{card} (+{below})" if down else card
