"""The band over the table: the game, the hand and the target on one line with the trump
chip at its right end, then each side's names and score (a team's colour chip, its names,
its score in a pill), wrapped onto a second line when many players each play for
themselves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import VARIANTS
from bot.engine.cards import suit_name

from ..drawing.fonts import fit, font, text_width
from ..drawing.palette import CHIP, DARK_TEXT, MUTED, TEXT, WINNER, ink_on, suit_colour, team_colour
from ..drawing.shapes import mark
from .seats import SeatTag, score_parts

WIDTH = 800
LINE, FIRST, SCORE = 28, 24, 20  # score line height, title and score font sizes
NAME_ROOM = 300  # widest a side's names may be drawn
Entry = tuple[int, str, str, int]  # side, names, score, width


def _entries(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> list[Entry]:
    """Each side's entry, its names shortened to fit, and how wide it is drawn."""
    entries = []
    room = NAME_ROOM if len(view.get("scores") or []) <= 3 else 150
    for side, label, score in score_parts(view, seats):
        names = fit(label, SCORE, room, "narrow")
        number = str(score)
        width = 20 + text_width(names, SCORE, "narrow") + 8 + _pill(number) + 20
        entries.append((side, names, number, width))
    return entries


def _pill(number: str) -> int:
    """How wide a score pill is."""
    return text_width(number, SCORE) + 14


def _lead(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> str:
    """``Bob & Dave won!`` once the game is over, else nothing."""
    if not view.get("is_over"):
        return ""
    names = {side: label for side, label, _ in score_parts(view, seats)}
    winner = view.get("winner")
    return f"{names[winner]} won!" if winner in names else "Game over"


def score_lines(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> list[list[Entry]]:
    """The score entries, in as many lines as they need (three at most; any left over
    are counted as ``+N``)."""
    lead = _lead(view, seats)
    x = 14 + (text_width(fit(lead, SCORE, 360), SCORE) + 22 if lead else 0)
    lines: list[list[Entry]] = [[]]
    for entry in _entries(view, seats):
        if x + entry[3] > WIDTH - 50 and lines[-1]:
            if len(lines) == 3:
                break
            lines.append([])
            x = 14
        lines[-1].append(entry)
        x += entry[3]
    return lines


def trump_words(view: Mapping[str, Any]) -> str:
    """``Trump: spades``, ``No trump``, or nothing before trump is known (or once over)."""
    trump = view.get("trump")
    if view.get("is_over") or (trump is None and view.get("phase") != "play"):
        return ""
    return f"Trump: {suit_name(trump)}" if trump not in (None, "N") else "No trump"


def header_height(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> int:
    """How tall the header is: one score line, or two."""
    return 44 + LINE * len(score_lines(view, seats)) + 4


def draw_header(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    seats: Sequence[SeatTag],
    four_colour: bool,
) -> None:
    """The title line (with the trump chip) and the score lines."""
    info = VARIANTS.get(str(view.get("variant")))
    title = info.name if info else str(view.get("variant", ""))
    if view.get("hand_number"):
        title += f"  ·  hand {view['hand_number']}"
    draw.text((14, 8), title, font=font(FIRST), fill=TEXT)
    if view.get("target"):
        target = f"game to {view['target']}"
        draw.text((14 + text_width(title, FIRST) + 16, 13), target, font=font(18), fill=MUTED)
    words = trump_words(view)
    if words:
        trump = view.get("trump")
        suit = trump if trump not in (None, "N") else None
        width = text_width(words, 19) + 24 + (30 if suit else 0)
        left = WIDTH - 12 - width
        draw.rounded_rectangle((left, 6, WIDTH - 12, 36), 15, fill=CHIP)
        x = left + 12
        if suit:
            image.paste(suit_colour(suit, four_colour), (x, 10), mark(suit, 22))
            x += 30
        draw.text((x, 10), words, font=font(19), fill=DARK_TEXT)
    x, y = 14, 44
    lead = _lead(view, seats)
    if lead:
        lead = fit(lead, SCORE, 360)
        draw.text((x, y), lead, font=font(SCORE), fill=WINNER)
        x += text_width(lead, SCORE) + 22
    lines = score_lines(view, seats)
    shown = 0
    for number, line in enumerate(lines):
        if number:
            x, y = 14, y + LINE
        for side, names, score, width in line:
            colour = team_colour(side)
            draw.rounded_rectangle((x, y + 5, x + 14, y + 19), 3, fill=colour)
            draw.text((x + 20, y), names, font=font(SCORE, "narrow"), fill=TEXT)
            left = x + 20 + text_width(names, SCORE, "narrow") + 8
            draw.rounded_rectangle((left, y - 1, left + _pill(score), y + 24), 8, fill=colour)
            draw.text((left + 7, y), score, font=font(SCORE), fill=ink_on(colour))
            x += width
            shown += 1
    hidden = len(view.get("scores") or []) - shown
    if hidden > 0:
        draw.text((x, y), f"+{hidden}", font=font(SCORE), fill=MUTED)
