"""The stats card: the chart marks each season's start and draws the computer levels,
a member with no game on the chart still gets a card, every word reads on a phone."""

from __future__ import annotations

from PIL import Image

from bot.pictures.boards.card import StatsCard, card_picture, render_card
from bot.pictures.boards.chart import LINE, SEASON
from tests.pictures.helpers import decode

LEVELS = (("easy", 17.0), ("normal", 22.0), ("hard", 26.0))


def card(points: tuple[float, ...], starts: tuple[tuple[int, str], ...] = ()) -> StatsCard:
    return StatsCard(
        "Alice", "Euchre", "#2 of 9 in Spring", 8.9, "between the easy and normal computers",
        ("Spring: 3 games · 2 won",), points, starts, LEVELS,
        ("Season 1: 4 games · 2 won (50%) · skill 3.0",), (("Loners", "2 (1 made)"),),
    )


def colours(image: Image.Image) -> set[tuple[int, ...]]:
    return {colour for _, colour in image.getcolors(1 << 20) or []}


def test_a_season_start_is_marked_and_the_line_drawn() -> None:
    points = (0.5, 2.0, 3.0, 1.0, 2.5, 4.0, 5.5)
    marked = card_picture(card(points, ((4, "Spring"),)))
    plain = card_picture(card(points))
    assert SEASON in colours(marked) and SEASON not in colours(plain)
    assert LINE in colours(plain)


def test_a_card_without_chart_points_is_still_drawn() -> None:
    image = decode(render_card(card(())))
    assert image.width == 800 and image.height > 600


def test_every_word_reads_on_a_phone(sizes: list[float]) -> None:
    image = card_picture(card((0.0, 1.0, -2.0), ((2, "Spring"),)))
    assert sizes and min(sizes) * 400 / image.width >= 10
