"""A member's stats card for one game: a header with the member, the game and their place;
their skill in big figures with its meaning in words and the lines of games and wins;
the chart of their skill game by game (:mod:`.chart`); their record by season; and the
game's own numbers (loners, euchres, moons, Jambones…) as tiles.

Hand-drawn with Pillow, like every other picture (see :mod:`.chart` for why the chart is
too).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ..drawing.fonts import Pen, fit, font, text_width
from ..drawing.palette import MUTED, PLATE, TEXT
from ..drawing.png import png_bytes
from ..shared_palette import shared_palette
from .chart import draw_chart
from .rows import HEADER_H, MARGIN, NOTE, NUMBER, WIDTH, new_picture

BIG, WORDS, TILE_VALUE = 48, 22, 28
CHART_H, SEASON_H, TILE_H = 300, 34, 78
HEADING = 24
CHART_TITLE = "Skill after each game (each season starts afresh)"
NUMBERS_TITLE = "Records"


@dataclass(frozen=True)
class StatsCard:
    """What a stats card shows: who and which game, their place (``#2 of 9 in
    Spring``), the skill it leads with and its words, the lines of games and wins, their
    skill after each game (oldest first) with where each later season starts, the
    computer levels' skill, a line per season, and the game's numbers (label, value)."""

    name: str
    game: str
    place: str
    skill: float
    words: str
    lines: tuple[str, ...]
    points: tuple[float, ...]
    season_starts: tuple[tuple[int, str], ...]
    levels: tuple[tuple[str, float], ...]
    seasons: tuple[str, ...]
    numbers: tuple[tuple[str, str], ...]


def render_card(card: StatsCard) -> bytes:
    """The card as a PNG 800 px wide."""
    return png_bytes(card_picture(card), shared_palette())


def card_picture(card: StatsCard) -> Image.Image:
    """The card's picture (see the module docstring)."""
    tiles = -(-len(card.numbers) // 2)
    height = (HEADER_H + 16 + BIG + 14 + (NOTE + 10) * (2 + len(card.lines)) + 20 + CHART_H
              + 20 + (HEADING + 26 + SEASON_H * len(card.seasons) if card.seasons else 0)
              + (HEADING + 14 + (TILE_H + 10) * tiles if tiles else 0) + 10)
    image, draw = new_picture(height, f"{card.name} · {card.game}", card.place)
    top = HEADER_H + 16
    draw.text((MARGIN, top), "Skill", font=font(WORDS, "narrow"), fill=MUTED)
    figure = f"{card.skill:.1f}"
    left = MARGIN + text_width("Skill", WORDS, "narrow") + 12
    draw.text((left, top - 10), figure, font=font(BIG), fill=TEXT)
    top += BIG + 14
    draw.text((MARGIN, top), fit(card.words, NOTE, WIDTH - 2 * MARGIN, "narrow"),
              font=font(NOTE, "narrow"), fill=TEXT)
    top += NOTE + 10
    for line in card.lines:
        draw.text((MARGIN, top), fit(line, NOTE, WIDTH - 2 * MARGIN, "plain"),
                  font=font(NOTE, "plain"), fill=TEXT)
        top += NOTE + 10
    top += 10
    draw.text((MARGIN, top), CHART_TITLE, font=font(NOTE, "narrow"), fill=MUTED)
    top += NOTE + 10
    draw_chart(draw, (MARGIN, top, WIDTH - MARGIN, top + CHART_H), card.points,
               card.season_starts, card.levels)
    top += CHART_H + 20
    if card.seasons:
        top = _seasons(draw, card.seasons, top)
    if card.numbers:
        _numbers(draw, card.numbers, top)
    return image


def _seasons(draw: Pen, seasons: tuple[str, ...], top: int) -> int:
    """The record by season, a line each; where the next part starts."""
    draw.text((MARGIN, top), "Record by season", font=font(HEADING), fill=TEXT)
    top += HEADING + 14
    for number, line in enumerate(seasons):
        if number % 2 == 0:
            draw.rectangle((MARGIN - 8, top - 4, WIDTH - MARGIN + 8, top + SEASON_H - 6),
                           fill=PLATE)
        draw.text((MARGIN, top), fit(line, WORDS, WIDTH - 2 * MARGIN, "plain"),
                  font=font(WORDS, "plain"), fill=TEXT)
        top += SEASON_H
    return top + 12


def _numbers(draw: Pen, numbers: tuple[tuple[str, str], ...], top: int) -> None:
    """The game's numbers as tiles, two a row."""
    draw.text((MARGIN, top), NUMBERS_TITLE, font=font(HEADING), fill=TEXT)
    top += HEADING + 14
    width = (WIDTH - 2 * MARGIN - 12) // 2
    for number, (label, value) in enumerate(numbers):
        left = MARGIN + (number % 2) * (width + 12)
        y = top + (number // 2) * (TILE_H + 10)
        draw.rounded_rectangle((left, y, left + width, y + TILE_H), 12, fill=PLATE)
        draw.text((left + 14, y + 8), fit(label, NOTE, width - 28, "narrow"),
                  font=font(NOTE, "narrow"), fill=MUTED)
        size, face = (TILE_VALUE, "bold")
        if text_width(value, size, face) > width - 28:  # a long value in a narrower face
            size, face = NUMBER, "narrow"
        draw.text((left + 14, y + 40 + TILE_VALUE - size), fit(value, size, width - 28, face),
                  font=font(size, face), fill=TEXT)
