"""The band over the review picture: the game and the hand with the trump chip; the
moment (the deal, or trick k) with the contract and, at the hand's last trick, how it
ended; each side's names and score (after the hand, with its points, at the last trick)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import VARIANTS
from bot.engine.cards import suit_name
from bot.review.record.words import contract_words

from ..drawing.fonts import SMALLEST, fit, font, text_width
from ..drawing.palette import CHIP, DARK_TEXT, MUTED, TEXT, WINNER, ink_on, suit_colour, team_colour
from ..drawing.shapes import mark
from ..table.header import short_labels
from ..table.seats import SeatTag

WIDTH, MARGIN = 800, 14
TITLE, LINE, SCORE = 24, SMALLEST, SMALLEST
HEADER_H = 112
FAILED = {"over_the_rhine": "set", "over_the_top": "set"}


def outcome(view: Mapping[str, Any]) -> str:
    """``made``, ``euchred`` or ``set`` at the hand's last trick (``failed`` for a Jambone
    or a moon short of every trick); ``thrown in``; or nothing."""
    if view.get("misdeal"):
        return "thrown in"
    result = view.get("result") or {}
    if view["variant"] == "flip" or result.get("free_for_all") or "points" not in result:
        return ""
    if "made" in result:
        made = bool(result["made"])
    elif "set" in result:
        made = not result["set"]
    else:
        made = result.get("euchred") is None
    if made:
        return "made"
    every = result.get("declaration") == "jambone" or (
        view["variant"] == "cincinnati" and bool(result.get("alone"))
    )
    return "failed" if every else FAILED.get(str(view["variant"]), "euchred")


def moment(view: Mapping[str, Any]) -> str:
    """``Deal and auction`` or ``Trick 2 of 5``."""
    if not view["trick"]:
        return "Deal and auction"
    return f"Trick {view['trick']} of {view['tricks']}"


def side_label(view: Mapping[str, Any], side: int, tags: Sequence[SeatTag]) -> str:
    """``Alice & Carol``: the names of a side's seats."""
    seats = view["sides"][side]
    return " & ".join(tags[s].name if s < len(tags) else f"Seat {s + 1}" for s in seats)


def draw_header(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    tags: Sequence[SeatTag],
    four_colour: bool,
) -> None:
    """The three lines of the header (see the module docstring)."""
    info = VARIANTS.get(str(view["variant"]))
    title = f"{info.name if info else view['variant']}  ·  hand {view['hand']} of {view['hands']}"
    room = WIDTH - 2 * MARGIN - _trump_chip(image, draw, view, four_colour) - 12
    draw.text((MARGIN, 8), fit(title, TITLE, room), font=font(TITLE), fill=TEXT)
    words = moment(view)
    draw.text((MARGIN, 42), words, font=font(LINE), fill=WINNER)
    x = MARGIN + text_width(words, LINE) + 14
    ended = outcome(view) if view["last_step"] else ""
    pill = text_width(ended, LINE) + 20 if ended else 0
    contract = contract_words(view, [t.name for t in tags]).replace("**", "")
    contract = contract[:1].upper() + contract[1:]
    draw.text((x, 43), fit(contract, LINE, WIDTH - MARGIN - x - pill - 10, "narrow"),
              font=font(LINE, "narrow"), fill=TEXT)
    if ended:
        left = WIDTH - MARGIN - pill
        draw.rounded_rectangle((left, 40, WIDTH - MARGIN, 66), 12, fill=WINNER)
        draw.text((left + 10, 42), ended, font=font(LINE), fill=DARK_TEXT)
    _scores(draw, view, tags)


def _trump_chip(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], four_colour: bool
) -> int:
    """The trump chip at the right end of the title line; its width (0 if none)."""
    if not view.get("trump_known"):
        return 0
    trump = view.get("trump")
    suit = trump if trump not in (None, "N") else None
    words = f"Trump: {suit_name(suit)}" if suit else "No trump"
    width = text_width(words, LINE) + 24 + (30 if suit else 0)
    left = WIDTH - MARGIN - width
    draw.rounded_rectangle((left, 6, WIDTH - MARGIN, 36), 15, fill=CHIP)
    x = left + 12
    if suit:
        image.paste(suit_colour(suit, four_colour), (x, 10), mark(suit, 22))
        x += 30
    draw.text((x, 10), words, font=font(LINE), fill=DARK_TEXT)
    return width


def _scores(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], tags: Sequence[SeatTag]) -> None:
    """Each side's colour chip, names and score (and points at the last trick); sides
    that do not fit are counted as ``+N``."""
    last = bool(view["last_step"])
    scores = view["scores"] if last else view["scores_before"]
    order = list(range(len(scores)))
    if len(order) > 2:
        order.sort(key=lambda side: -scores[side])
    x, y = MARGIN, 76
    room = 300 if len(order) <= 2 else 140 if len(order) <= 4 else 110
    labels = short_labels([side_label(view, side, tags) for side in order], SCORE, room)
    for shown, side in enumerate(order):
        names = labels[shown]
        number = str(scores[side])
        got = f"{view['points'][side]:+d}" if last and view["points"][side] else ""
        width = 20 + text_width(names, SCORE, "narrow") + 8 + text_width(number, SCORE) + 14
        width += text_width(got, SCORE) + 6 if got else 0
        if x + width > WIDTH - MARGIN - 40:
            draw.text((x, y), f"+{len(order) - shown}", font=font(SCORE), fill=MUTED)
            return
        colour = team_colour(side)
        draw.rounded_rectangle((x, y + 5, x + 14, y + 19), 3, fill=colour)
        draw.text((x + 20, y), names, font=font(SCORE, "narrow"), fill=TEXT)
        left = x + 20 + text_width(names, SCORE, "narrow") + 8
        right = left + text_width(number, SCORE) + 14
        draw.rounded_rectangle((left, y - 1, right, y + 24), 8, fill=colour)
        draw.text((left + 7, y), number, font=font(SCORE), fill=ink_on(colour))
        if got:
            draw.text((right + 4, y), got, font=font(SCORE), fill=WINNER)
        x += width + 18
