"""The smallest words on the table and hand pictures stay about 10 px high on a phone,
which shows the 800 px picture about 400 px wide: at least 20 px on the picture.

How high a word is drawn: the ink height of the digit ``0`` in the font it is drawn with
(as tall as a capital, and as the letters with ascenders: ``normal``, ``tricks``). Every
glyph run passes through Pillow's ``FreeTypeFont.getmask2``; the test records the font
of each (with the sprite caches emptied, so nothing is drawn from a cache)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import ImageFont

from bot.pictures.drawing import fonts
from bot.pictures.drawing.fonts import INK, ink_height
from bot.pictures.hand import draw_hand
from bot.pictures.table.picture import draw_table
from bot.tables.games import public_view
from tests.pictures.helpers import CASES, glyph_runs, tags_for
from tests.ui.helpers import random_states


@pytest.fixture
def drawn() -> Iterator[list[tuple[int, str, str]]]:
    """The (ink height, text, font file) of every glyph run drawn while active."""
    seen: list[tuple[int, str, str]] = []

    def record(font: ImageFont.FreeTypeFont, text: str) -> None:
        if text.strip():
            seen.append((ink_height(font), text, str(font.path).rsplit("/", 1)[-1]))

    with glyph_runs(record):
        yield seen


def small(seen: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
    """The runs drawn under :data:`INK` pixels high (and forget what was seen)."""
    under = sorted({run for run in seen if run[0] < INK})
    seen.clear()
    return under


@pytest.mark.parametrize("variant, players", CASES)
def test_no_word_on_the_table_or_hand_picture_is_under_20_px(
    variant: str, players: int, drawn: list[tuple[int, str, str]]
) -> None:
    pictures = 0
    for game in random_states(variant, players, 4, every=4):
        draw_table(public_view(game), tags_for(game), True)
        under = small(drawn)
        assert not under, f"{variant} {players} table: {under}"
        seat = game.current_player
        if seat is not None and not game.is_over:
            draw_hand(game.view(seat), game.legal_actions(), True)
            under = small(drawn)
            assert not under, f"{variant} {players} hand: {under}"
        pictures += 1
    assert pictures


def test_the_measure_tells_the_old_small_print_from_the_new() -> None:
    assert ink_height(fonts.font(20, "narrow")) < INK
    assert ink_height(fonts.font(fonts.least_size("narrow"), "narrow")) >= INK
    assert ink_height(fonts.font(fonts.least_size("bold"), "bold")) >= INK
