"""The public table as a picture: a header with the game and the score, seats around a
felt table, the trick in front of who played it, the shared cards and labels in the
middle (see :mod:`.layout` for where each thing goes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from ..drawing.cards import FADED, card_back, card_face, card_tag
from ..drawing.fonts import SMALL_BOLD, SMALL_PRINT, Pen, fit, font, text_width
from ..drawing.items import Placed
from ..drawing.palette import (
    BACKGROUND,
    CHIP,
    DARK_TEXT,
    FELT,
    FELT_EDGE,
    NOTE,
    RAIL,
    TEXT,
    WINNER,
    suit_colour,
)
from ..drawing.palette import HEADER as HEADER_COLOUR
from ..drawing.shapes import mark
from .header import draw_header
from .layout import WIDTH, table_layout
from .middle import CAPTION_MAX, caption_box
from .plates import draw_plate
from .seats import SeatTag

TAGGED = ("trick", "last", "exposed")  # cards marked with what trump makes of them


def draw_table(view: Mapping[str, Any], seats: Sequence[SeatTag], four_colour: bool) -> Image.Image:
    """The table picture of ``view`` (see the module docstring)."""
    geo, placed = table_layout(view, seats)
    image = _felt(geo.height, geo.header, geo.strip).copy()
    draw = Pen(image)
    draw_header(image, draw, view, seats, four_colour)
    variant = str(view.get("variant", ""))
    for item in placed:
        if item.kind == "plate":
            draw_plate(image, draw, item.box, item.seat or 0, view, seats)
        elif item.kind in ("trump", "contract", "note", "banner", "tag"):
            _label(image, draw, item, four_colour)
        elif item.kind == "took":
            _took_it(draw, item)
        else:
            _card(image, draw, item, variant, view, four_colour)
    return image


@cache
def _felt(height: int, header: int, strip: int = 0) -> Image.Image:
    """The empty table: background, header band, a railed felt oval (and a band ``strip``
    tall under it)."""
    image = Image.new("RGB", (WIDTH, height + strip), BACKGROUND)
    draw = Pen(image)
    draw.rectangle((0, 0, WIDTH, header - 6), fill=HEADER_COLOUR)
    top, bottom = header + 26, height - 26
    draw.ellipse((66, top - 10, WIDTH - 66, bottom + 10), fill=RAIL)
    draw.ellipse((76, top, WIDTH - 76, bottom), fill=FELT_EDGE)
    draw.ellipse((84, top + 8, WIDTH - 84, bottom - 8), fill=FELT)
    return image


def _card(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    item: Placed,
    variant: str,
    view: Mapping[str, Any],
    four_colour: bool,
) -> None:
    """A card of the trick, an area or the middle (face down with a count if hidden)."""
    left, top, right, bottom = item.box
    width = right - left
    if item.card is None:
        sprite = card_back(width)
        image.paste(sprite, (left, top), sprite)
        if item.text:
            _badge(draw, item.text, (left + right) // 2, (top + bottom) // 2)
    else:
        dim = FADED if item.kind == "last" and not item.highlight else 0
        tag = card_tag(item.card, variant, view) if item.kind in TAGGED else None
        sprite = card_face(item.card, variant, width, four_colour, tag, dim)
        image.paste(sprite, (left, top), sprite)
    if item.highlight:
        draw.rounded_rectangle((left - 4, top - 4, right + 4, bottom + 4), 9, outline=WINNER,
                               width=4)
    box = caption_box(item)
    if box:
        draw.rounded_rectangle(box, 6, fill=NOTE)
        draw.text((box[0] + 5, box[1] + 1), fit(item.caption, SMALL_PRINT, CAPTION_MAX, "narrow"),
                  font=font(SMALL_PRINT, "narrow"), fill=TEXT)


def _took_it(draw: ImageDraw.ImageDraw, item: Placed) -> None:
    """``took it`` in a pill filling the item's box (by the card that took the trick)."""
    left, top, right, _ = item.box
    draw.rounded_rectangle(item.box, 10, fill=WINNER, outline=(24, 24, 28))
    width = text_width(item.text, SMALL_PRINT, "narrow")
    draw.text(((left + right - width) / 2, top), item.text, font=font(SMALL_PRINT, "narrow"),
              fill=DARK_TEXT)


def _badge(draw: ImageDraw.ImageDraw, text: str, cx: int, cy: int) -> None:
    """A round count in the middle of a face-down pile."""
    size = SMALL_PRINT
    width = max(32, text_width(text, size, "narrow") + 14)
    draw.rounded_rectangle((cx - width // 2, cy - 16, cx + width - width // 2, cy + 16), 16,
                           fill=(250, 250, 248), outline=(20, 20, 20), width=2)
    draw.text((cx - text_width(text, size, "narrow") / 2, cy - 15), text,
              font=font(size, "narrow"),
              fill=DARK_TEXT)


def _label(image: Image.Image, draw: ImageDraw.ImageDraw, item: Placed, four_colour: bool) -> None:
    """The middle's words: the trump chip, the contract, a note, the game-over banner."""
    left, top, right, bottom = item.box
    cx = (left + right) / 2
    if item.kind == "banner":
        draw.rounded_rectangle(item.box, 14, fill=WINNER, outline=(24, 24, 28), width=2)
        draw.text((cx - text_width("GAME OVER", SMALL_PRINT, "narrow") / 2, top + 5),
                  "GAME OVER", font=font(SMALL_PRINT, "narrow"), fill=DARK_TEXT)
        bold = text_width(item.text, SMALL_BOLD) <= right - left - 16
        size, face = (SMALL_BOLD, "bold") if bold else (SMALL_PRINT, "narrow")
        words = fit(item.text, size, right - left - 16, face)
        draw.text((cx - text_width(words, size, face) / 2, top + 34), words,
                  font=font(size, face), fill=DARK_TEXT)
    elif item.kind == "trump":
        draw.rounded_rectangle(item.box, 15, fill=CHIP, outline=(24, 24, 28))
        x = left + 12
        if item.card:
            image.paste(suit_colour(item.card, four_colour), (x, top + 4), mark(item.card, 22))
            x += 28
        draw.text((x, top + 2), item.text, font=font(SMALL_PRINT, "narrow"), fill=DARK_TEXT)
    else:
        size = SMALL_PRINT  # condensed bold, or the plainer face where that is too wide
        face = "narrow" if text_width(item.text, size, "narrow") <= right - left - 8 else "plain"
        colour = WINNER if item.kind == "note" else TEXT
        words = fit(item.text, size, right - left - 8, face)
        draw.rounded_rectangle(item.box, 8, fill=NOTE)
        draw.text((cx - text_width(words, size, face) / 2, top + 1), words,
                  font=font(size, face), fill=colour)
