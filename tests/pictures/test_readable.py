"""Every word in a picture stays readable where Discord shows it smallest: a phone draws
the picture about 400 px wide, and there no letter may come out under about 10 px.

Every glyph run a drawing renders passes through Pillow's ``FreeTypeFont.getmask2``; the
test records the font size of each (with the sprite caches emptied, so nothing is drawn
from a cache) and scales it by 400 / the picture's width."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PIL import Image

from bot.engine import VARIANTS
from bot.pictures.hand import draw_hand
from bot.pictures.record import draw_record
from bot.pictures.standings import standings_picture
from bot.pictures.table.picture import draw_table
from bot.review.record import step_view, steps
from bot.tables.games import public_view
from tests.pictures.helpers import CASES, glyph_runs, tags_for
from tests.pictures.test_record import tags as record_tags
from tests.pictures.test_standings import names as standing_names
from tests.pictures.test_standings import standings
from tests.review.helpers import names_for, record_of
from tests.ui.helpers import random_states

PHONE, SMALLEST = 400, 10.0  # px wide on a phone; the least a letter may be there


@pytest.fixture
def sizes() -> Iterator[list[tuple[float, str]]]:
    """The (size, text) of every glyph run drawn while the fixture is active."""
    seen: list[tuple[float, str]] = []
    with glyph_runs(lambda font, text: seen.append((float(font.size), text))):
        yield seen


def assert_readable(image: Image.Image, seen: list[tuple[float, str]], what: str) -> None:
    """Every size drawn, at a phone's width, is at least :data:`SMALLEST` pixels."""
    scale = PHONE / image.width
    small = sorted({(round(size * scale, 1), text) for size, text in seen
                    if text.strip() and size * scale < SMALLEST - 0.05})
    assert not small, f"{what}: too small on a phone: {small[:8]}"
    seen.clear()


def every_step(variant: str, players: int) -> Iterator[Callable[[], Image.Image]]:
    """Table and hand pictures along a seeded game: (drawing, label) pairs."""
    for seed in (1, 2):
        for game in random_states(variant, players, seed, every=3):
            view = public_view(game)
            tags = tags_for(game)
            yield lambda view=view, tags=tags: draw_table(view, tags, True)
            seat = game.current_player
            if seat is not None and not game.is_over:
                mine, legal = game.view(seat), game.legal_actions()
                yield lambda mine=mine, legal=legal: draw_hand(mine, legal, True)


@pytest.mark.parametrize("variant, players", CASES)
def test_every_word_on_the_table_and_hand_pictures_reads_on_a_phone(
    variant: str, players: int, sizes: list[tuple[float, str]]
) -> None:
    drawn = 0
    for draw in every_step(variant, players):
        image = draw()
        assert_readable(image, sizes, f"{variant} {players}")
        drawn += 1
    assert drawn


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_word_on_the_review_pictures_reads_on_a_phone(
    variant: str, sizes: list[tuple[float, str]]
) -> None:
    players = max(VARIANTS[variant].player_counts)
    record = record_of(variant, players, 2, "random")
    names = names_for(record)
    for number, trick in steps(record):
        image = draw_record(step_view(record, number, trick), record_tags(record.seats, names),
                            True)
        assert_readable(image, sizes, f"{variant} review {number}/{trick}")


@pytest.mark.parametrize("players, rounds", [(8, 3), (64, 12)])
def test_every_word_on_the_standings_picture_reads_on_a_phone(
    players: int, rounds: int, sizes: list[tuple[float, str]]
) -> None:
    for final in (True, False):
        image = standings_picture("Euchre night · progressive · round 2 of 3",
                                  standings(players, rounds), standing_names(players),
                                  final=final)
        assert_readable(image, sizes, f"standings of {players} over {rounds} rounds")
