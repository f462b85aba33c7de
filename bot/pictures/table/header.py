"""The band over the table: the game, the hand and the target on one line with the trump
chip at its right end, then each side's names and score (a team's colour chip, its names,
its score in a pill), wrapped onto a second line when many players each play for
themselves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import VARIANTS, display_card
from bot.engine.cards import is_joker, natural_suit, suit_name

from ..drawing.cards import rank_text
from ..drawing.fonts import SMALL_BOLD, SMALL_PRINT, fit, fit_apart, font, text_width
from ..drawing.palette import CHIP, DARK_TEXT, MUTED, TEXT, WINNER, ink_on, suit_colour, team_colour
from ..drawing.shapes import mark
from .seats import SeatTag, score_parts

WIDTH = 800
LINE, FIRST, SCORE = 32, SMALL_BOLD, SMALL_PRINT  # score line height, title and score sizes
LINES_Y = 46  # where the score lines start
NAME_ROOM = 300  # widest a side's names may be drawn
MARK = 21  # a suit's mark in the turn-up's pill
TURN_UP_WORDS = {"down": "turned down", "taken": "picked up"}
Entry = tuple[int, str, str, int]  # side, names, score, width


def _entries(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> list[Entry]:
    """Each side's entry, its names shortened to fit, and how wide it is drawn."""
    entries = []
    room = NAME_ROOM if len(view.get("scores") or []) <= 3 else 150
    parts = score_parts(view, seats)
    labels = short_labels([label for _, label, _ in parts], SCORE, room)
    for (side, _, score), names in zip(parts, labels, strict=True):
        number = str(score)
        width = 20 + text_width(names, SCORE, "narrow") + 8 + _pill(number) + 20
        entries.append((side, names, number, width))
    return entries


def short_labels(labels: Sequence[str], size: int, room: int) -> list[str]:
    """Each side's ``Alice & Carol`` fitted to ``room``: a label that does not fit has
    each name shortened alike, and no two names ever cut so far that they read alike."""
    members = [label.split(" & ") for label in labels]
    joiner = text_width(" & ", size, "narrow")
    share = min((room - joiner * (len(names) - 1)) // len(names) for names in members)
    flat = [name for names in members for name in names]
    cut = iter(fit_apart(flat, size, max(share, 40), "narrow"))
    shortened = [" & ".join(next(cut) for _ in names) for names in members]
    return [label if text_width(label, size, "narrow") <= room else short
            for label, short in zip(labels, shortened, strict=True)]


def _pill(number: str) -> int:
    """How wide a score pill is."""
    return text_width(number, SCORE, "narrow") + 14


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
    x = 14 + (text_width(fit(lead, SCORE, 360, "narrow"), SCORE, "narrow") + 22 if lead else 0)
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
    """How tall the header is: the title line, then the score lines (and a line for the
    turn-up when it does not fit at the end of the last)."""
    return LINES_Y + LINE * (len(score_lines(view, seats)) + turn_up_place(view, seats)[0]) + 4


def _chip_width(view: Mapping[str, Any]) -> int:
    """How wide the trump chip is."""
    trump = view.get("trump")
    suit = trump not in (None, "N")
    return text_width(trump_words(view), SCORE, "narrow") + 24 + (30 if suit else 0)


def _target_words(view: Mapping[str, Any], room: int) -> str:
    """``game to 10`` after the title, ``to 10`` where that does not fit before the trump
    chip, or nothing."""
    if not view.get("target"):
        return ""
    for words in (f"game to {view['target']}", f"to {view['target']}"):
        if text_width(words, SCORE, "narrow") <= room:
            return words
    return ""


def turn_up_note(view: Mapping[str, Any]) -> tuple[str, str] | None:
    """The turn-up once it is picked up or turned down, and what became of it: told in the
    header, apart from the trick's cards (while it can be ordered up it lies in the
    middle, on the kitty)."""
    card, state = view.get("turn_up"), str(view.get("turn_up_state") or "up")
    if not card or state not in TURN_UP_WORDS or view.get("is_over"):
        return None
    return str(card), TURN_UP_WORDS[state]


def _turn_up_width(view: Mapping[str, Any]) -> int:
    """How wide the turn-up's pill is (0 if there is none)."""
    note = turn_up_note(view)
    if note is None:
        return 0
    card, words = note
    return 12 + _card_width(card, str(view.get("variant"))) + 8 + text_width(words, SCORE,
                                                                             "narrow") + 12


def _card_width(card: str, variant: str) -> int:
    """How wide a card is written in a pill: its rank and its suit's mark (a joker's name)."""
    if is_joker(card):
        return text_width(display_card(card, variant), SCORE, "narrow")
    return text_width(rank_text(card), SCORE, "narrow") + 2 + MARK


def turn_up_place(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> tuple[int, int]:
    """(lines added, left edge) of the turn-up's pill: at the right end of the last score
    line if it fits there, else on a line of its own (0 lines added if there is none)."""
    width = _turn_up_width(view)
    if not width:
        return 0, 0
    lines = score_lines(view, seats)
    lead = _lead(view, seats)
    end = 14 + sum(entry[3] for entry in lines[-1])
    if len(lines) == 1 and lead:
        end += text_width(fit(lead, SCORE, 360, "narrow"), SCORE, "narrow") + 22
    if end + 10 + width <= WIDTH - 14:
        return 0, WIDTH - 14 - width
    return 1, 14


def _draw_turn_up(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
    seats: Sequence[SeatTag], four_colour: bool,
) -> None:
    """``9♠ picked up`` in a pill, on the last score line or under it."""
    note = turn_up_note(view)
    if note is None:
        return
    card, words = note
    added, x = turn_up_place(view, seats)
    y = LINES_Y + LINE * (len(score_lines(view, seats)) - 1 + added)
    draw.rounded_rectangle((x, y - 1, x + _turn_up_width(view), y + 30), 14, fill=CHIP)
    x += 12
    variant = str(view.get("variant"))
    suit = None if is_joker(card) else natural_suit(card)
    ink = suit_colour(suit, four_colour)
    if suit is None:
        draw.text((x, y), display_card(card, variant), font=font(SCORE, "narrow"), fill=ink)
    else:
        draw.text((x, y), rank_text(card), font=font(SCORE, "narrow"), fill=ink)
        image.paste(ink, (x + text_width(rank_text(card), SCORE, "narrow") + 2, y + 5),
                   mark(suit, MARK))
    x += _card_width(card, variant) + 8
    draw.text((x, y), words, font=font(SCORE, "narrow"), fill=DARK_TEXT)


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
        if view.get("hand_limit"):
            title += f" of {view['hand_limit']}"
    draw.text((14, 8), title, font=font(FIRST), fill=TEXT)
    words = trump_words(view)
    chip = WIDTH - 12 - (_chip_width(view) if words else 0)
    target = _target_words(view, chip - 14 - (14 + text_width(title, FIRST) + 16))
    if target:
        draw.text((14 + text_width(title, FIRST) + 16, 10), target, font=font(SCORE, "narrow"),
                  fill=MUTED)
    if words:
        trump = view.get("trump")
        suit = trump if trump not in (None, "N") else None
        left = chip
        draw.rounded_rectangle((left, 6, WIDTH - 12, 42), 18, fill=CHIP)
        x = left + 12
        if suit:
            image.paste(suit_colour(suit, four_colour), (x, 12), mark(suit, 24))
            x += 30
        draw.text((x, 10), words, font=font(SCORE, "narrow"), fill=DARK_TEXT)
    x, y = 14, LINES_Y
    lead = _lead(view, seats)
    if lead:
        lead = fit(lead, SCORE, 360, "narrow")
        draw.text((x, y), lead, font=font(SCORE, "narrow"), fill=WINNER)
        x += text_width(lead, SCORE, "narrow") + 22
    lines = score_lines(view, seats)
    shown = 0
    for number, line in enumerate(lines):
        if number:
            x, y = 14, y + LINE
        for side, names, score, width in line:
            colour = team_colour(side)
            draw.rounded_rectangle((x, y + 7, x + 14, y + 23), 3, fill=colour)
            draw.text((x + 20, y), names, font=font(SCORE, "narrow"), fill=TEXT)
            left = x + 20 + text_width(names, SCORE, "narrow") + 8
            draw.rounded_rectangle((left, y - 1, left + _pill(score), y + 30), 8, fill=colour)
            draw.text((left + 7, y), score, font=font(SCORE, "narrow"), fill=ink_on(colour))
            x += width
            shown += 1
    hidden = len(view.get("scores") or []) - shown
    if hidden > 0:
        draw.text((x, y), f"+{hidden}", font=font(SCORE, "narrow"), fill=MUTED)
    _draw_turn_up(image, draw, view, seats, four_colour)
