"""A season's closing standings of one game as a picture: a header with the game and the
season, a podium of the top three (first in the middle and highest, with their skill),
the next places as rows, and the season's figures as lines below.

Hand-drawn with Pillow like the other standings pictures.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ..drawing.fonts import Pen, fit, font, text_width
from ..drawing.palette import DARK_TEXT, MUTED, TEXT
from ..drawing.png import png_bytes
from ..shared_palette import shared_palette
from .leaderboard import HEADS_H, ROW_H, BoardRow, draw_headings, draw_row
from .rows import HEADER_H, MARGIN, MEDALS, NOTE, NUMBER, WIDTH, new_picture

PODIUM_H, FIGURE_H = 250, 32
#: (place, the step's left edge, its height) from left to right: 2nd, 1st, 3rd.
STEPS = ((2, 40, 110), (1, 290, 150), (3, 540, 80))
STEP_W = 220


@dataclass(frozen=True)
class SeasonPicture:
    """What a season's closing standings show: the title, the season, the rows best
    first (the first three go on the podium) and the season's figures as lines."""

    title: str
    scope: str
    rows: tuple[BoardRow, ...]
    figures: tuple[str, ...]


def render_season(season: SeasonPicture) -> bytes:
    """The closing standings as a PNG 800 px wide."""
    return png_bytes(season_picture(season), shared_palette())


def season_picture(season: SeasonPicture) -> Image.Image:
    """The closing standings' picture (see the module docstring)."""
    rest = season.rows[3:]
    height = (HEADER_H + PODIUM_H + 20 + (HEADS_H + ROW_H * len(rest) if rest else 0) + 16
              + FIGURE_H * len(season.figures) + 16)
    image, draw = new_picture(height, season.title, season.scope)
    ground = HEADER_H + PODIUM_H
    for place, left, tall in STEPS:
        row = next((r for r in season.rows if r.place == place), None)
        if row is not None:
            _step(draw, row, left, ground, tall)
    top = ground + 20
    if rest:
        draw_headings(draw, top, "", "Skill")
        top += HEADS_H
    for number, row in enumerate(rest):
        draw_row(draw, row, top + number * ROW_H, number % 2 == 0, False)
    top += ROW_H * len(rest) + 16
    for line in season.figures:
        draw.text((MARGIN, top), fit(line, NOTE + 2, WIDTH - 2 * MARGIN, "plain"),
                  font=font(NOTE + 2, "plain"), fill=TEXT)
        top += FIGURE_H
    return image


def _step(draw: Pen, row: BoardRow, left: int, ground: int, tall: int) -> None:
    """One step of the podium: its place in its medal's colour, the name and skill above."""
    medal = MEDALS[row.place]
    draw.rounded_rectangle((left, ground - tall, left + STEP_W, ground), 10, fill=medal)
    place = str(row.place)
    draw.text((left + (STEP_W - text_width(place, 44)) // 2, ground - tall + 12), place,
              font=font(44), fill=DARK_TEXT)
    name = fit(row.name, NUMBER, STEP_W, "narrow")
    centre = left + STEP_W // 2
    skill = f"skill {row.skill:.1f} · {row.games} game{'' if row.games == 1 else 's'}"
    draw.text((centre - text_width(skill, NOTE, "narrow") // 2, ground - tall - NOTE - 12),
              skill, font=font(NOTE, "narrow"), fill=MUTED)
    draw.text((centre - text_width(name, NUMBER, "narrow") // 2,
               ground - tall - NOTE - NUMBER - 22), name, font=font(NUMBER, "narrow"), fill=TEXT)
