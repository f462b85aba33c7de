"""Scores as every message shows them: each side named beside its points.

``Alice & Bob 7 · Carol & Dave 4 — to 10``; with more than two sides (a free-for-all),
players are listed by score, highest first.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.sides import side_name


def sides_or_players(sides: Sequence[Sequence[int]], count: int) -> list[list[int]]:
    """The game's sides, or one side per player when none are given."""
    return [list(s) for s in sides] if sides else [[s] for s in range(count)]


def ranked_sides(scores: Sequence[int], sides: Sequence[Sequence[int]]) -> list[int]:
    """Side indexes in the order scores are read: seat order for two sides, else by score."""
    order = list(range(min(len(scores), len(sides))))
    if len(order) > 2:
        order.sort(key=lambda side: -scores[side])
    return order


def score_text(
    scores: Sequence[int],
    sides: Sequence[Sequence[int]],
    labels: Sequence[str],
    *,
    target: int | None = None,
    first: int | None = None,
    bold: bool = False,
) -> str:
    """``Alice & Bob 7 · Carol & Dave 4 — to 10`` (``first``: the side named first)."""
    sides = sides_or_players(sides, len(scores))
    order = ranked_sides(scores, sides)
    if first is not None and first in order:
        order.remove(first)
        order.insert(0, first)
    mark = "**" if bold else ""
    parts = [f"{mark}{side_name(s, sides, labels)}{mark} {scores[s]}" for s in order]
    text = " · ".join(parts)
    return f"{text} — to {target}" if target else text


def points_text(
    points: Sequence[int], sides: Sequence[Sequence[int]], labels: Sequence[str]
) -> str:
    """``Alice & Bob +2 · Carol & Dave 0``: what each side got this hand."""
    sides = sides_or_players(sides, len(points))
    order = ranked_sides(points, sides)
    return " · ".join(f"{side_name(s, sides, labels)} {_signed(points[s])}" for s in order)


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def nth(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th`` … ``22nd``."""
    tens = number % 100
    suffix = "th" if tens in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
