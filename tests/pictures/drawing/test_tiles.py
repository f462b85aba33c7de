"""Pictures put together from tiles in the shared palette show exactly what the same
picture drawn in full colour and then mapped to the palette shows: cards, dimmed cards,
cards overlapping in a long hand, words and the trump chip."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.pictures.drawing.png import png_bytes
from bot.pictures.drawing.tiles import TileCanvas, _Tiles
from bot.pictures.hand import draw_hand, hand_png
from bot.pictures.shared_palette import shared_palette
from tests.pictures.helpers import decode
from tests.ui.helpers import random_states

# Flip for two deals twelve cards a hand: they overlap; Over the Top adds a table row
CASES = [("euchre", 4), ("flip", 2), ("over_the_top", 2), ("railroad", 4)]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_a_hand_in_the_palette_is_the_full_colour_hand_mapped_to_it(
    variant: str, players: int
) -> None:
    palette = shared_palette()
    compared = 0
    for game in random_states(variant, players, 5):
        seat = game.current_player
        if seat is None:
            continue
        view, legal = game.view(seat), game.legal_actions()
        for four_colour in (True, False):
            tiled = decode(hand_png(view, legal, four_colour, palette))
            drawn = decode(png_bytes(draw_hand(view, legal, four_colour), palette))
            assert tiled.tobytes() == drawn.tobytes(), (variant, game.log)
            compared += 1
    assert compared >= 6


def test_an_overlapping_card_covers_the_one_under_it_and_keeps_its_corners() -> None:
    palette = shared_palette()
    card = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    card.paste((250, 250, 248, 255), (2, 0, 20, 20))  # a transparent strip on its left

    canvas = TileCanvas.paletted((40, 20), (32, 34, 37), palette)
    canvas.put("under", lambda: Image.new("RGBA", (20, 20), (200, 0, 0, 255)), (0, 0))
    canvas.put("over", lambda: card, (10, 0))
    picture = canvas.image.convert("RGB")

    assert picture.getpixel((11, 5)) == picture.getpixel((5, 5))  # the card under shows
    assert picture.getpixel((15, 5)) == picture.getpixel((25, 5))  # the card over covers


def test_only_the_most_recently_used_tiles_are_kept() -> None:
    tiles = _Tiles(kept=2)
    palette = shared_palette()
    drawn: list[str] = []

    def sprite(name: str) -> Image.Image:
        drawn.append(name)
        return Image.new("RGBA", (4, 4), (10, 10, 10, 255))

    for name in ("a", "b", "a", "c", "a", "b"):
        tiles.get(name, lambda n=name: sprite(n), (0, 0, 0), palette)
    assert drawn == ["a", "b", "c", "b"]  # "b" was dropped for "c", "a" kept in use
