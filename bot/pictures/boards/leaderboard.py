"""A leaderboard page as a picture (a pairs board's too, its wins in the skill column):
a header with the game and the board, then a row per player (place, name, skill, games,
won %, and the places they moved since an earlier board, see
:mod:`bot.ui.stats.board_moves`), the top three in gold, silver and bronze discs, the
asking member's own row outlined (and added below the page, after a gap, when they are
not on it), and a footnote with the page and what the arrows mean.

Hand-drawn with Pillow like the other pictures: it is a table of words and numbers, which
needs no charting library.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ..drawing.fonts import Pen, fit, font, text_width
from ..drawing.palette import MUTED, PLATE, TEXT
from ..drawing.png import png_bytes
from ..shared_palette import shared_palette
from .rows import (
    HEADER_H,
    MARGIN,
    NOTE,
    NUMBER,
    OWN,
    OWN_FILL,
    WIDTH,
    centred,
    draw_move,
    new_picture,
    place_disc,
    right_aligned,
    wrap,
)

HEADS_H, ROW_H, GAP_H = 40, 48, 30
#: Where each column ends (the player's name starts after the place).
PLACE_END, SKILL_END, GAMES_END, WON_END, MOVED_END = 72, 446, 540, 612, WIDTH - MARGIN
YOU = "you"


@dataclass(frozen=True)
class BoardRow:
    """One player's line: place (from 1), name, cautious skill, games, wins per game,
    the places they moved (negative: down; None: not listed then), and whether it is the
    asking member's."""

    place: int
    name: str
    skill: float
    games: int
    won: float
    moved: int | None = None
    own: bool = False
    figure: str | None = None  # drawn in the skill column instead (a pairs board's wins)


@dataclass(frozen=True)
class BoardPicture:
    """What a leaderboard page's picture shows: its title and board (``Spring · 6
    players``), the page's rows, the asking member's row when the page leaves it out,
    the footnote lines, whether the places-moved column is shown (and its heading), and
    what an empty board says instead of rows."""

    title: str
    scope: str
    rows: tuple[BoardRow, ...]
    own: BoardRow | None = None
    notes: tuple[str, ...] = ()
    moves: bool = True
    empty: str = ""
    heading: str = "Skill"  # of the skill column
    moves_heading: str = ""


def render_leaderboard(board: BoardPicture) -> bytes:
    """The page as a PNG 800 px wide."""
    return png_bytes(leaderboard_picture(board), shared_palette())


def leaderboard_picture(board: BoardPicture) -> Image.Image:
    """The page's picture (see the module docstring)."""
    rows = list(board.rows)
    extra = GAP_H + ROW_H if board.own is not None else 0
    body = ROW_H * len(rows) if rows else ROW_H * 2
    notes = [line for note in board.notes for line in wrap(note, NOTE, WIDTH - 2 * MARGIN)]
    height = HEADER_H + HEADS_H + body + extra + 16 + (NOTE + 10) * len(notes) + 10
    image, draw = new_picture(height, board.title, board.scope)
    top = HEADER_H
    draw_headings(draw, top, board.moves_heading if board.moves else "", board.heading)
    top += HEADS_H
    if not rows:
        draw.text((MARGIN, top + 12), fit(board.empty, NOTE, WIDTH - 2 * MARGIN, "narrow"),
                  font=font(NOTE, "narrow"), fill=TEXT)
    for number, row in enumerate(rows):
        draw_row(draw, row, top + number * ROW_H, number % 2 == 0, board.moves)
    top += body
    if board.own is not None:
        centred(draw, "⋯", (MARGIN, PLACE_END), top + GAP_H // 2, MUTED, NOTE, "bold")
        draw_row(draw, board.own, top + GAP_H, False, board.moves)
        top += extra
    top += 16
    for line in notes:
        draw.text((MARGIN, top), line, font=font(NOTE, "narrow"), fill=MUTED)
        top += NOTE + 10
    return image


def shift_of(moves: bool) -> int:
    """How far right the figures move when there is no places-moved column (the names
    get that room)."""
    return 0 if moves else MOVED_END - WON_END


def draw_headings(draw: Pen, top: int, moves: str, heading: str) -> None:
    """The column headings (``moves``: the places-moved column's, if it is shown)."""
    middle = top + HEADS_H // 2
    shift = shift_of(bool(moves))
    right_aligned(draw, "#", PLACE_END - 24, middle, MUTED, NOTE, "narrow")
    draw.text((PLACE_END + 8, middle - NOTE // 2 - 3), "Player", font=font(NOTE, "narrow"),
              fill=MUTED)
    right_aligned(draw, heading, SKILL_END + shift, middle, TEXT, NOTE, "bold")
    right_aligned(draw, "Games", GAMES_END + shift, middle, MUTED, NOTE, "narrow")
    right_aligned(draw, "Won", WON_END + shift, middle, MUTED, NOTE, "narrow")
    if moves:
        right_aligned(draw, moves, MOVED_END, middle, MUTED, NOTE, "narrow")


def draw_row(draw: Pen, row: BoardRow, top: int, striped: bool, moves: bool) -> None:
    """One player's row (a season's closing standings draw theirs with it too)."""
    box = (MARGIN - 8, top + 2, WIDTH - MARGIN + 8, top + ROW_H - 2)
    if row.own:
        draw.rounded_rectangle(box, 10, fill=OWN_FILL, outline=OWN, width=3)
    elif striped:
        draw.rectangle(box, fill=PLATE)
    middle = top + ROW_H // 2
    place_disc(draw, row.place, (PLACE_END - 30, middle))
    shift = shift_of(moves)
    name_room = SKILL_END + shift - 90 - PLACE_END - 8
    tag = text_width(YOU, NOTE, "narrow") + 18 if row.own else 0
    name = fit(row.name, NUMBER, name_room - tag, "narrow")
    left = PLACE_END + 8
    draw.text((left, middle - NUMBER // 2 - 3), name, font=font(NUMBER, "narrow"), fill=TEXT)
    if row.own:
        x = left + text_width(name, NUMBER, "narrow") + 10
        draw.rounded_rectangle((x, middle - 13, x + tag - 6, middle + 13), 8, fill=OWN)
        draw.text((x + 6, middle - NOTE // 2 - 3), YOU, font=font(NOTE, "narrow"), fill=TEXT)
    figure = row.figure if row.figure is not None else f"{row.skill:.1f}"
    right_aligned(draw, figure, SKILL_END + shift, middle, TEXT, NUMBER, "bold")
    right_aligned(draw, str(row.games), GAMES_END + shift, middle, TEXT)
    right_aligned(draw, f"{row.won:.0%}", WON_END + shift, middle, TEXT)
    if moves:
        draw_move(draw, row.moved, MOVED_END, middle)
