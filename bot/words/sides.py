"""Sides as every message names them: ``Alice & Carol`` for a partnership."""

from __future__ import annotations

from collections.abc import Sequence

DEAD_HAND_NAME = "Dead hand"
DEAD_HAND = f"🂠 {DEAD_HAND_NAME}"


def side_name(side: int, sides: Sequence[Sequence[int]], labels: Sequence[str]) -> str:
    """``Alice & Carol`` for a partnership, the player's name otherwise."""
    seats = sides[side] if 0 <= side < len(sides) else []
    if not seats:
        return DEAD_HAND
    return " & ".join(labels[s] for s in seats if s < len(labels))
