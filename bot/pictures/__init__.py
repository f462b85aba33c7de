"""Pictures of the table and of a player's hand, drawn with Pillow from what the viewer
may see: a public view, or a seat's view and its legal actions, in; PNG bytes out. And
the review's picture of one step of a finished game, every card shown.

Pure and deterministic (the same view gives the same bytes), with no Discord and no
asyncio, so it can be unit-tested, benchmarked and run in a worker thread.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .drawing.png import png_bytes
from .hand import hand_png
from .record import render_record
from .shared_palette import shared_palette
from .table.picture import draw_table
from .table.seats import SeatTag

__all__ = ["SeatTag", "render_hand", "render_record", "render_table"]


def render_table(
    view: Mapping[str, Any], seats: Sequence[SeatTag], *, four_colour: bool = True
) -> bytes:
    """The public table as a PNG: ``seats`` labels every hand of the view, in seat order."""
    return png_bytes(draw_table(view, seats, four_colour), shared_palette())


def render_hand(
    view: Mapping[str, Any], legal: Sequence[str], *, four_colour: bool = True
) -> bytes:
    """A player's hand as a PNG, the cards they cannot play now dimmed."""
    return hand_png(view, legal, four_colour, shared_palette())
