"""A seat's name plate: the team's colour stripe, the name, a line of what the seat did
this hand (a call or bid, tricks taken, points), the cards it holds as a small fan with
a count, and tabs on the edges: whose turn it is, a computer's level, the dealer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from ..drawing.cards import card_back
from ..drawing.fonts import SMALL_PRINT, fit, fit_apart, font, text_width
from ..drawing.items import Box
from ..drawing.palette import CHIP, DARK_TEXT, MUTED, PLATE, ROBOT, TEXT, TURN, team_colour
from .seats import (
    SeatTag,
    contract_tab,
    hand_size,
    is_active,
    plate_wordings,
    side_of,
    turn_words,
)

NAME = DETAIL = TAB = SMALL_PRINT  # font sizes
NAME_Y, DETAIL_Y = 9, 41  # how far down the plate the name and the line under it start
EDGE = 6  # the least room kept between a tab and the picture's edge
IDLE_EDGE, AWAY = (96, 100, 108), (50, 52, 56)


def draw_plate(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    seat: int,
    view: Mapping[str, Any],
    seats: Sequence[SeatTag],
) -> None:
    """The plate of ``seat`` in ``box``."""
    left, top, right, bottom = box
    turn = view.get("current_player") == seat and not view.get("is_over")
    active = is_active(view, seat)
    draw.rounded_rectangle(box, 10, fill=PLATE if active else AWAY,
                           outline=TURN if turn else IDLE_EDGE, width=4 if turn else 1)
    stripe = team_colour(side_of(view, seat))
    draw.rounded_rectangle((left + 5, top + 5, left + 12, bottom - 5), 3,
                           fill=stripe if active else tuple(c // 2 for c in stripe))
    tag = seats[seat] if seat < len(seats) else SeatTag(f"Seat {seat + 1}")
    names = [shown_name(t) for t in seats] if seat < len(seats) else [shown_name(tag)]
    name = fit_apart(names, NAME, right - left - 28, "narrow")[min(seat, len(names) - 1)]
    draw.text((left + 20, top + NAME_Y), name, font=font(NAME, "narrow"),
              fill=TEXT if active else MUTED)
    size = hand_size(view, seat) if active else None
    room = right - left - 30 - (_fan_width(size) if size else 0)
    details, face = _detail_line(plate_wordings(view, seat), room)
    draw.text((left + 20, top + DETAIL_Y), details, font=font(DETAIL, face), fill=MUTED)
    if size:
        _fan(image, draw, size, right - 8, top + DETAIL_Y)
    robot = _robot_width(tag.level) if tag.level else 0
    if tag.level:
        _robot_tab(image, draw, tag.level, right - 12, top)
    words = turn_words(view) if turn else ""
    # the thick outline alone marks the turn where the words would run into the robot's tab
    if words and left + 18 + _tab_width(words) + 6 <= right - 12 - robot:
        _tab(draw, words, left + 18, top, TURN, DARK_TEXT)
    contract = contract_tab(view, seat)
    dealer = view.get("dealer") == seat
    if contract:  # clear of the dealer's disc, within the picture
        _contract(draw, contract, box, right - 24 if dealer else image.width - EDGE)
    if dealer:
        draw.ellipse((right - 22, bottom - 12, right + 12, bottom + 22), fill=TEXT,
                     outline=(30, 30, 30), width=2)
        draw.text((right - 5 - text_width("D", TAB, "narrow") / 2, bottom - 10), "D",
                  font=font(TAB, "narrow"), fill=DARK_TEXT)


def _detail_line(wordings: Sequence[str], room: int) -> tuple[str, str]:
    """The longest wording that fits ``room`` (condensed bold, else plain), and its face;
    the shortest cut with an ellipsis when none fits."""
    for words in wordings:
        for face in ("narrow", "plain"):
            if text_width(words, DETAIL, face) <= room:
                return words, face
    return fit(wordings[-1], DETAIL, room, "plain"), "plain"


def shown_name(tag: SeatTag) -> str:
    """The name drawn: a computer's ``Hard · seat 3`` becomes ``Seat 3``, since its tab
    shows the level."""
    if tag.level and tag.name.lower().startswith(f"{tag.level.lower()} · "):
        rest = tag.name.split(" · ", 1)[1]
        return rest[:1].upper() + rest[1:]
    return tag.name


def _fan_width(size: int) -> int:
    """How wide the cards-held fan and its number are."""
    return 24 + text_width(str(size), DETAIL, "narrow")


def _fan(image: Image.Image, draw: ImageDraw.ImageDraw, size: int, right: int, y: int) -> None:
    """Cards held: two small backs fanned, and their number, ending at ``right``."""
    number = str(size)
    x = right - text_width(number, DETAIL, "narrow")
    draw.text((x, y), number, font=font(DETAIL, "narrow"), fill=TEXT)
    back = _small_back()
    for dx in (22, 16) if size > 1 else (18,):
        image.paste(back, (x - dx - 2, y - 1 + (dx - 16) // 3), back)


@cache
def _small_back() -> Image.Image:
    """The back of a card small enough for a plate."""
    return card_back(14)


def _tab_width(words: str) -> int:
    """How wide a tab with ``words`` is."""
    return text_width(words, TAB, "narrow") + 16


def _tab(draw: ImageDraw.ImageDraw, words: str, x: int, y: int, fill: Any, ink: Any) -> None:
    """A pill with ``words`` in it, from ``x``, centred on ``y`` (a plate's edge)."""
    draw.rounded_rectangle((x, y - 16, x + _tab_width(words), y + 15), 14, fill=fill,
                           outline=(24, 24, 28), width=1)
    draw.text((x + 8, y - 15), words, font=font(TAB, "narrow"), fill=ink)


def _contract(draw: ImageDraw.ImageDraw, words: str, box: Box, end: int) -> None:
    """The contract's tab on the plate's lower edge, ending by ``end``: moved left as far
    as the picture allows (over the felt if need be), then shortened."""
    left, _, _, bottom = box
    words = fit(words, TAB, end - EDGE - 16, "narrow")
    x = max(EDGE, min(left + 18, end - _tab_width(words)))
    _tab(draw, words, x, bottom + 5, CHIP, DARK_TEXT)


def _robot_width(level: str) -> int:
    """How wide a computer player's tab is."""
    return text_width(level.lower(), TAB, "narrow") + 40


def _robot_tab(image: Image.Image, draw: ImageDraw.ImageDraw, level: str, right: int,
               y: int) -> None:
    """A computer player's tab, ending at ``right``: a robot's head and the level."""
    x = right - _robot_width(level)
    draw.rounded_rectangle((x, y - 16, right, y + 15), 14, fill=ROBOT, outline=(24, 24, 28))
    image.paste(TEXT, (x + 8, y - 8), _robot())
    draw.text((x + 32, y - 15), level.lower(), font=font(TAB, "narrow"), fill=TEXT)


@cache
def _robot() -> Image.Image:
    """A small robot head mask (antenna, face, two eyes cut out)."""
    big = Image.new("L", (80, 64), 0)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((6, 16, 74, 62), 12, fill=255)
    draw.rectangle((37, 4, 43, 16), fill=255)
    draw.ellipse((32, 0, 48, 14), fill=255)
    for eye in (20, 48):
        draw.rounded_rectangle((eye, 30, eye + 12, 44), 3, fill=0)
    return big.resize((20, 16), Image.Resampling.LANCZOS)
