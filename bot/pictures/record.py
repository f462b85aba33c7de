"""The review picture: one step of a finished game with every card shown. A row per seat
with the cards it holds (its table or battery too in the two-player games), the trick in
a felt column with each card in the row of who played it and the winning card outlined
(at the deal, each seat's calls there instead), the other cards along the bottom, and a
header with the hand, trump, the contract and the score.

Drawn from :func:`bot.review.record.step_view`; see :mod:`.review.layout` for where each
thing goes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from .drawing.cards import DIMMED, FADED, card_face, card_tag
from .drawing.fonts import SMALLEST, Pen, fit, font, text_width
from .drawing.items import Placed
from .drawing.palette import (
    BACKGROUND,
    DARK_TEXT,
    FELT,
    FELT_EDGE,
    HEADER,
    MUTED,
    TEXT,
    WINNER,
)
from .drawing.png import png_bytes
from .review.header import HEADER_H, draw_header
from .review.layout import WIDTH, record_layout
from .review.plates import draw_calls, draw_plate
from .shared_palette import shared_palette
from .table.seats import SeatTag

CARDS = ("held", "area", "down", "idle", "trick", "pile", "pile_down")


def render_record(
    view: Mapping[str, Any], tags: Sequence[SeatTag], *, four_colour: bool = False
) -> bytes:
    """The step ``view`` (a ``step_view``) as a PNG; ``tags`` labels every hand in seat
    order, Flip's dead hand included."""
    return png_bytes(draw_record(view, tags, four_colour), shared_palette())


def draw_record(
    view: Mapping[str, Any], tags: Sequence[SeatTag], four_colour: bool
) -> Image.Image:
    """The review picture of ``view`` (see the module docstring)."""
    height, placed = record_layout(view)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = Pen(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 6), fill=HEADER)
    draw_header(image, draw, view, tags, four_colour)
    for item in placed:
        if item.kind == "column":
            draw.rounded_rectangle(item.box, 14, fill=FELT, outline=FELT_EDGE, width=3)
        elif item.kind == "plate":
            draw_plate(draw, item.box, item.seat or 0, view, tags)
        elif item.kind == "calls":
            draw_calls(draw, item.box, item.seat or 0, view)
        elif item.kind in ("area_label", "pile_label", "caption"):
            left, top, right, _ = item.box
            draw.text((left, top), fit(item.text, SMALLEST, right - left, "narrow"),
                      font=font(SMALLEST, "narrow"), fill=MUTED)
        elif item.kind == "order":
            _order(draw, item)
        elif item.kind in CARDS:
            _card(image, draw, item, view, four_colour)
    return image


def _order(draw: ImageDraw.ImageDraw, item: Placed) -> None:
    """A trick card's place in the trick and, for the card that took it, ``took it``."""
    left, top, right, _ = item.box
    draw.text((left, top), item.text, font=font(SMALLEST), fill=TEXT)
    if item.highlight:
        words = "took it"
        width = text_width(words, SMALLEST, "narrow") + 12
        draw.rounded_rectangle((left - 2, top + 27, left - 2 + width, top + 55), 10,
                               fill=WINNER, outline=DARK_TEXT)
        draw.text((left + 4, top + 29), words, font=font(SMALLEST, "narrow"), fill=DARK_TEXT)


def _card(
    image: Image.Image, draw: ImageDraw.ImageDraw, item: Placed, view: Mapping[str, Any],
    four_colour: bool,
) -> None:
    """A card face: faded if nobody saw it, dimmed if its seat sits out, outlined if it
    took the trick."""
    assert item.card is not None
    left, top, right, bottom = item.box
    variant = str(view["variant"])
    dim = 0
    if item.kind in ("down", "pile_down"):
        dim = FADED
    elif item.kind == "idle" or item.kind == "held" and not view["active"][item.seat or 0]:
        dim = DIMMED
    tag = None
    if item.kind in ("held", "area", "trick") and view.get("trump_known"):
        tag = card_tag(item.card, variant, {"trump": _trump_of(item, view)})
    sprite = card_face(item.card, variant, right - left, four_colour, tag, dim)
    image.paste(sprite, (left, top), sprite)
    if item.highlight:
        draw.rounded_rectangle((left - 4, top - 4, right + 4, bottom + 4), 9, outline=WINNER,
                               width=4)


def _trump_of(item: Placed, view: Mapping[str, Any]) -> Any:
    """The trump a card is judged by: Flip's trick cards keep the trump of their play."""
    if item.kind == "trick":
        for play in view["trick_cards"]:
            if play["seat"] == item.seat and play["card"] == item.card and "trump" in play:
                return play["trump"]
    return view.get("trump")
