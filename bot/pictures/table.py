"""The public table as a picture: a header with the game and the score, seats around a
felt table, the trick in front of who played it, the shared cards in the middle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import VARIANTS
from bot.engine.cards import suit_name

from .cards import card_back, card_face, card_tag
from .fonts import fit, font, text_width
from .layout import HEADER, WIDTH, Geometry, Placed, middle_point, table_layout
from .palette import (
    BACKGROUND,
    FELT,
    FELT_EDGE,
    MUTED,
    PLATE,
    RAIL,
    TEXT,
    TURN,
    WINNER,
    suit_colour,
    team_colour,
)
from .palette import (
    HEADER as HEADER_COLOUR,
)
from .seats import (
    SeatTag,
    high_bid_text,
    is_active,
    maker_text,
    plate_details,
    score_parts,
    side_of,
    turn_words,
)
from .shapes import mark


def draw_table(view: Mapping[str, Any], seats: Sequence[SeatTag], four_colour: bool) -> Image.Image:
    """The table picture of ``view`` (see the module docstring)."""
    geo, placed = table_layout(view)
    image = _felt(geo.height, round(geo.centre[1])).copy()
    draw = ImageDraw.Draw(image)
    _header(draw, view, seats)
    variant = str(view.get("variant", ""))
    for item in placed:
        if item.kind == "plate":
            _plate(draw, image, item, view, seats)
        else:
            _card(image, draw, item, variant, view, four_colour)
    _trump_line(image, draw, view, seats, geo, four_colour)
    return image


@cache
def _felt(height: int, cy: int) -> Image.Image:
    """The empty table: background, header band, a railed felt oval."""
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER - 4), fill=HEADER_COLOUR)
    top, bottom = HEADER + 30, height - 30
    draw.ellipse((70, top - 8, WIDTH - 70, bottom + 8), fill=RAIL)
    draw.ellipse((80, top, WIDTH - 80, bottom), fill=FELT_EDGE)
    draw.ellipse((88, top + 8, WIDTH - 88, bottom - 8), fill=FELT)
    return image


def _header(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], seats: Sequence[SeatTag]) -> None:
    """Game, hand number and target on one line; each side's name and score on the next."""
    info = VARIANTS.get(str(view.get("variant")))
    name = info.name if info else str(view.get("variant", ""))
    hand = f"  ·  hand {view['hand_number']}" if view.get("hand_number") else ""
    draw.text((14, 8), f"{name}{hand}", font=font(22), fill=TEXT)
    target = f"game to {view['target']}" if view.get("target") else ""
    draw.text((WIDTH - 14 - text_width(target, 17), 12), target, font=font(17), fill=MUTED)
    x = 14
    if view.get("is_over"):  # the result leads the score line
        names = {side: label for side, label, _ in score_parts(view, seats)}
        winner = view.get("winner")
        result = f"{names[winner]} won!" if winner in names else "Game over"
        result = fit(result, 19, WIDTH // 2)
        draw.text((x, 40), result, font=font(19), fill=WINNER)
        x += text_width(result, 19) + 22
    for side, label, score in score_parts(view, seats):
        text = f"{label} {score}"
        room = WIDTH - 14 - x - 22
        if room < 60:
            break
        text = fit(text, 19, room)
        draw.rounded_rectangle((x, 44, x + 14, 58), 3, fill=team_colour(side))
        draw.text((x + 20, 40), text, font=font(19), fill=TEXT)
        x += 20 + text_width(text, 19) + 22


def _plate(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    item: Placed,
    view: Mapping[str, Any],
    seats: Sequence[SeatTag],
) -> None:
    """A seat's name plate: team stripe, name, what it holds and took, dealer and turn."""
    seat = item.seat or 0
    left, top, right, bottom = item.box
    turn = view.get("current_player") == seat and not view.get("is_over")
    active = is_active(view, seat)
    outline, width = (TURN, 4) if turn else ((90, 94, 100), 1)
    fill = PLATE if active else (56, 58, 62)
    draw.rounded_rectangle(item.box, 10, fill=fill, outline=outline, width=width)
    draw.rounded_rectangle((left + 3, top + 3, left + 11, bottom - 3), 3,
                           fill=team_colour(side_of(view, seat)))
    tag = seats[seat] if seat < len(seats) else SeatTag(f"Seat {seat + 1}")
    name_room = right - left - 22 - (26 if tag.level else 0)
    draw.text((left + 18, top + 4), fit(tag.name, 20, name_room, "narrow"),
              font=font(20, "narrow"), fill=TEXT if active else MUTED)
    if tag.level:
        _robot(draw, right - 27, top + 8)
    details = plate_details(view, seat)
    details = f"{turn_words(view)} · {details}" if turn else details
    draw.text((left + 18, top + 31), fit(details, 16, right - left - 26, "plain"),
              font=font(16, "plain"), fill=TURN if turn else MUTED)
    if view.get("dealer") == seat:
        draw.ellipse((right - 16, bottom - 16, right + 6, bottom + 6), fill=TEXT,
                     outline=(40, 40, 40))
        draw.text((right - 10, bottom - 14), "D", font=font(13), fill=(20, 20, 20))


def _robot(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A small robot head: this seat is a computer player."""
    draw.rounded_rectangle((x, y + 4, x + 22, y + 20), 4, fill=(88, 101, 242))
    draw.line((x + 11, y, x + 11, y + 4), fill=(88, 101, 242), width=2)
    draw.ellipse((x + 9, y - 2, x + 13, y + 2), fill=(88, 101, 242))
    for eye in (x + 5, x + 13):
        draw.rectangle((eye, y + 9, eye + 4, y + 13), fill=TEXT)


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
            _badge(draw, item.text, right - 6, bottom - 6)
    else:
        dimmed = item.kind == "turn_up" and view.get("turn_up_state") == "down"
        tag = card_tag(item.card, variant, view) if item.kind in ("trick", "last") else None
        sprite = card_face(item.card, variant, width, four_colour, tag, dimmed)
        image.paste(sprite, (left, top), sprite)
    if item.highlight:
        draw.rounded_rectangle((left - 3, top - 3, right + 3, bottom + 3), 8, outline=WINNER,
                               width=4)
    if item.caption:
        words = item.caption
        draw.text((left + (width - text_width(words, 12)) / 2, bottom + 2), words,
                  font=font(12), fill=TEXT)


def _badge(draw: ImageDraw.ImageDraw, text: str, x: int, y: int) -> None:
    """A small round count on a face-down pile."""
    size = 12 + 8 * len(text)
    draw.rounded_rectangle((x - size, y - 20, x, y), 9, fill=(20, 20, 20), outline=TEXT)
    draw.text((x - size + 5, y - 18), text, font=font(14), fill=TEXT)


def _trump_line(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    seats: Sequence[SeatTag],
    geo: Geometry,
    four_colour: bool,
) -> None:
    """The trump chip, the bid, and, for a last trick, who took it."""
    cx, cy = middle_point(geo, bool(view.get("tables")))
    lines: list[tuple[str, str | None]] = []
    trump = view.get("trump")
    if trump is not None or view.get("phase") == "play":
        lines.append(("Trump", trump if trump not in (None, "N") else None))
    contract = high_bid_text(view, seats) or maker_text(view, seats)
    if contract:
        lines.append((contract, "text"))
    if not view.get("trick"):
        last = view.get("last_trick")
        title = "Last trick"
        if not last and view.get("previous_hand"):
            last = view["previous_hand"].get("last_trick")
            title = f"Last trick of hand {view['previous_hand'].get('hand_number')}"
        winner = last.get("winner") if last else None
        if isinstance(winner, int) and winner < len(seats):
            lines.append((f"{title}: {seats[winner].name} took it", "won"))
    y = cy - 30 - 22 * (len(lines) - 1)
    for text, extra in lines:
        if extra in ("won", "text"):
            shown = fit(text, 15, 300)
            colour = WINNER if extra == "won" else TEXT
            draw.text((cx - text_width(shown, 15) / 2, y), shown, font=font(15), fill=colour)
        else:
            _trump(image, draw, extra, cx, y, four_colour)
        y += 24


def _trump(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    trump: str | None,
    cx: float,
    y: float,
    four_colour: bool,
) -> None:
    """The trump chip: a white pill with the suit's mark and name, or ``No trump``."""
    words = f"Trump: {suit_name(trump)}" if trump else "No trump"
    width = text_width(words, 16) + (30 if trump else 0) + 20
    left = round(cx - width / 2)
    draw.rounded_rectangle((left, y - 2, left + width, y + 22), 11, fill=(250, 250, 248))
    x = left + 10
    if trump:
        image.paste(suit_colour(trump, four_colour), (x, round(y)), mark(trump, 20))
        x += 28
    draw.text((x, y), words, font=font(16), fill=(20, 20, 20))
