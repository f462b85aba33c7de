"""A tournament's standings as a picture: a header with the tournament and the moment,
then a row per player (rank, name, the score of each round, the total in bold, rounds
won, loners made) and a footnote with the tie-breaks.

A bye round's score (the round's average; ``Standing.bye_rounds`` numbers rounds
from 1) is drawn muted with ``bye`` beside it; a row a tie-break placed below the one above
it names the tie-break; at the end, the winner's row is gold with a trophy and
``Winner``. When the rounds do not all fit, the earliest
are added up in one column (``R1–3``). The picture grows a row per player (64 players
make a picture about 2,800 px tall, well inside Discord's limits).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.tournaments.models import Standing

from .drawing.fonts import SMALLEST, Pen, fit, font, text_width
from .drawing.palette import (
    BACKGROUND,
    DARK_TEXT,
    HEADER,
    MUTED,
    PLATE,
    TEXT,
    WINNER,
    Colour,
)
from .drawing.png import png_bytes
from .shared_palette import shared_palette

WIDTH, MARGIN = 800, 14
TITLE, NUMBER, NOTE = 24, 22, SMALLEST
HEADER_H, HEADS_H, ROW_H = 82, 62, 40
WON_W = 84
RANK_W, TOTAL_W, PLAYER_MIN = 58, 76, 200
TROPHY = 22
TIES = "Ties: rounds won, then loners made, then head to head."
BYE_NOTE = "bye: sat the round out and scored the round's average."
Column = tuple[str, tuple[int, ...]]  # heading, the rounds (from 0) it adds up


@dataclass(frozen=True)
class Grid:
    """Where the columns start (the rank's at ``MARGIN``, the loners' run to the right
    margin) and each round column's width."""

    player: int
    rounds: int
    widths: tuple[int, ...]
    total: int
    won: int
    loners: int


def draw_standings(
    title: str, standings: Sequence[Standing], names: Mapping[int, str], *, final: bool
) -> bytes:
    """The standings as a PNG 800 px wide; ``names`` maps user ids to display names
    (``Player 1234``, the id's last digits, for a missing one)."""
    return png_bytes(standings_picture(title, standings, names, final=final), shared_palette())


def standings_picture(
    title: str, standings: Sequence[Standing], names: Mapping[int, str], *, final: bool
) -> Image.Image:
    """The standings picture (see the module docstring)."""
    rounds = max((len(s.rounds) for s in standings), default=0)
    columns, grid = _columns(standings, rounds)
    byes = any(_cell(s, played)[1] for s in standings for _, played in columns)
    top = HEADER_H + HEADS_H
    height = top + ROW_H * len(standings) + 16 + (NOTE + 8) * (2 if byes else 1) + 10
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = Pen(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 6), fill=HEADER)
    draw.text((MARGIN, 8), fit(title, TITLE, WIDTH - 2 * MARGIN), font=font(TITLE), fill=TEXT)
    moment = "Final standings" if final else "Standings so far"
    draw.text((MARGIN, 44), moment, font=font(NOTE), fill=WINNER if final else TEXT)
    count = f"·  {len(standings)} players  ·  {rounds} round{'s' if rounds != 1 else ''}"
    draw.text((MARGIN + text_width(moment, NOTE) + 10, 45), count, font=font(NOTE, "narrow"),
              fill=MUTED)
    _headings(draw, columns, grid)
    shared = Counter(s.rank for s in standings)
    for row, standing in enumerate(standings):
        y = top + row * ROW_H
        winner = final and standing.rank == 1
        if winner:
            draw.rounded_rectangle((MARGIN - 6, y + 1, WIDTH - MARGIN + 6, y + ROW_H - 1), 8,
                                   fill=WINNER)
        elif row % 2 == 0:
            draw.rectangle((MARGIN - 6, y, WIDTH - MARGIN + 6, y + ROW_H - 1), fill=PLATE)
        ink = DARK_TEXT if winner else TEXT
        rank = f"={standing.rank}" if shared[standing.rank] > 1 else str(standing.rank)
        draw.text((MARGIN + RANK_W - 12 - text_width(rank, NUMBER), y + (ROW_H - NUMBER) // 2 - 3),
                  rank, font=font(NUMBER), fill=ink)
        name = names.get(standing.user_id) or f"Player {str(standing.user_id)[-4:]}"
        _player(image, draw, (grid.player, grid.rounds - 10), y, name, standing, winner)
        left = grid.rounds
        for (_, played), width in zip(columns, grid.widths, strict=True):
            _score(draw, standing, played, (left, left + width), y, winner)
            left += width
        _centred(draw, str(standing.total), (grid.total, grid.won), y, ink, "bold")
        _centred(draw, str(standing.rounds_won), (grid.won, grid.loners), y, ink, "plain")
        _centred(draw, str(standing.loners), (grid.loners, WIDTH - MARGIN), y, ink, "plain")
    y = top + ROW_H * len(standings) + 16
    for line in (TIES, BYE_NOTE) if byes else (TIES,):
        draw.text((MARGIN, y), fit(line, NOTE, WIDTH - 2 * MARGIN, "narrow"),
                  font=font(NOTE, "narrow"), fill=MUTED)
        y += NOTE + 8
    return image


def _columns(standings: Sequence[Standing], rounds: int) -> tuple[list[Column], Grid]:
    """The round columns, the earliest added up when they do not all fit, and where every
    column starts."""
    loners_w = text_width("Loners", NOTE, "narrow") + 20
    room = WIDTH - 2 * MARGIN - RANK_W - PLAYER_MIN - TOTAL_W - WON_W - loners_w
    columns: list[Column] = [(f"R{r + 1}", (r,)) for r in range(rounds)]
    while len(columns) > 1 and sum(_width(standings, c) for c in columns) > room:
        merged = columns[0][1] + columns[1][1]
        columns[:2] = [(f"R{merged[0] + 1}–{merged[-1] + 1}", merged)]
    widths = tuple(_width(standings, c) for c in columns)
    loners = WIDTH - MARGIN - loners_w
    total = loners - WON_W - TOTAL_W
    grid = Grid(MARGIN + RANK_W, total - sum(widths), widths, total, loners - WON_W, loners)
    return columns, grid


def _width(standings: Sequence[Standing], column: Column) -> int:
    """How wide a round column is drawn: its widest score (with ``bye``) or heading."""
    heading, played = column
    widest = text_width(heading, NOTE, "narrow")
    for standing in standings:
        words, bye = _cell(standing, played)
        extra = text_width(" bye", NOTE, "narrow") if bye else 0
        widest = max(widest, text_width(words, NUMBER, "plain") + extra)
    return widest + 18


def _cell(standing: Standing, played: tuple[int, ...]) -> tuple[str, bool]:
    """A round column's score for a player (``–`` before they play it) and whether it
    was a bye (only a column of one round says so)."""
    if any(r >= len(standing.rounds) for r in played):
        return "–", False
    score = sum(standing.rounds[r] for r in played)
    return str(score), len(played) == 1 and played[0] + 1 in standing.bye_rounds


def _headings(draw: ImageDraw.ImageDraw, columns: list[Column], grid: Grid) -> None:
    """The column headings under the header band."""
    y = HEADER_H + HEADS_H - ROW_H + 2  # on the heading's last line
    _centred(draw, "Rounds", (grid.won, grid.loners), y - NOTE - 4, MUTED, "narrow", NOTE)
    draw.text((MARGIN + RANK_W - 12 - text_width("#", NOTE, "narrow"), y + 8), "#",
              font=font(NOTE, "narrow"), fill=MUTED)
    draw.text((grid.player, y + 8), "Player", font=font(NOTE, "narrow"), fill=MUTED)
    left = grid.rounds
    for (heading, _), width in zip(columns, grid.widths, strict=True):
        _centred(draw, heading, (left, left + width), y, MUTED, "narrow", NOTE)
        left += width
    _centred(draw, "Total", (grid.total, grid.won), y, TEXT, "bold", NOTE)
    _centred(draw, "won", (grid.won, grid.loners), y, MUTED, "narrow", NOTE)
    _centred(draw, "Loners", (grid.loners, WIDTH - MARGIN), y, MUTED, "narrow", NOTE)


def _centred(
    draw: ImageDraw.ImageDraw, words: str, span: tuple[int, int], y: int, ink: Colour,
    face: str, size: int = NUMBER,
) -> None:
    """``words`` centred in the span ``(left, right)`` of the row at ``y``."""
    left = (span[0] + span[1] - text_width(words, size, face)) // 2
    draw.text((left, y + (ROW_H - size) // 2 - 3), words, font=font(size, face), fill=ink)


def _player(
    image: Image.Image, draw: ImageDraw.ImageDraw, span: tuple[int, int], y: int, name: str,
    standing: Standing, winner: bool,
) -> None:
    """The player's name, what broke a tie against the row above, and the winner's tag."""
    left, right = span
    ink = DARK_TEXT if winner else TEXT
    tag = 0
    if winner:
        tag = TROPHY + 22 + text_width("Winner", NOTE)
        fits = right - left - tag - 10 >= min(text_width(name, NUMBER, "narrow"), 140)
        words, tag = ("Winner", tag) if fits else ("", TROPHY + 16)
    note = f"({standing.tie_break})" if standing.tie_break else ""
    extra = tag or (text_width(note, NOTE, "narrow") if note else 0)
    room = right - left - (extra + 10 if extra else 0)
    if note and not tag:  # the name keeps up to 130 px; the note is shortened instead
        room = max(room, min(text_width(name, NUMBER, "narrow"), 130, right - left - 70))
    shown = fit(name, NUMBER, max(room, 60), "narrow")
    draw.text((left, y + (ROW_H - NUMBER) // 2 - 3), shown, font=font(NUMBER, "narrow"),
              fill=ink)
    x = left + text_width(shown, NUMBER, "narrow") + 10
    if tag:
        draw.rounded_rectangle((x, y + 6, x + tag, y + ROW_H - 6), 13, fill=DARK_TEXT)
        image.paste(WINNER, (x + 8, y + (ROW_H - TROPHY) // 2), _trophy(TROPHY))
        if words:
            draw.text((x + TROPHY + 14, y + 7), words, font=font(NOTE), fill=WINNER)
    elif note:
        draw.text((x, y + (ROW_H - NOTE) // 2 - 2), fit(note, NOTE, right - x, "narrow"),
                  font=font(NOTE, "narrow"), fill=MUTED)


def _score(
    draw: ImageDraw.ImageDraw, standing: Standing, played: tuple[int, ...],
    span: tuple[int, int], y: int, winner: bool,
) -> None:
    """A round column's score; a bye's muted, with ``bye`` after it."""
    words, bye = _cell(standing, played)
    if not bye:
        _centred(draw, words, span, y, DARK_TEXT if winner else TEXT, "plain")
        return
    ink = DARK_TEXT if winner else MUTED
    width = text_width(words, NUMBER, "plain") + text_width(" bye", NOTE, "narrow")
    left = (span[0] + span[1] - width) // 2
    top = y + (ROW_H - NUMBER) // 2 - 3
    draw.text((left, top), words, font=font(NUMBER, "plain"), fill=ink)
    draw.text((left + text_width(words + " ", NUMBER, "plain"), top + 3), "bye",
              font=font(NOTE, "narrow"), fill=ink)


@cache
def _trophy(size: int) -> Image.Image:
    """An ``L`` mask of a trophy cup, ``size`` pixels square (drawn four times larger)."""
    s = size * 4
    mask = Image.new("L", (s, s), 0)
    pen = ImageDraw.Draw(mask)
    pen.chord((s * 0.22, -s * 0.3, s * 0.78, s * 0.62), 0, 180, fill=255)  # the bowl
    pen.rectangle((s * 0.22, s * 0.06, s * 0.78, s * 0.16), fill=255)
    for left in (0.04, 0.6):  # the handles
        pen.ellipse((s * left, s * 0.1, s * (left + 0.36), s * 0.44), outline=255,
                    width=int(s * 0.08))
    pen.rectangle((s * 0.44, s * 0.55, s * 0.56, s * 0.78), fill=255)  # the stem
    pen.rounded_rectangle((s * 0.24, s * 0.78, s * 0.76, s * 0.96), int(s * 0.04), fill=255)
    return mask.resize((size, size), Image.Resampling.LANCZOS)
