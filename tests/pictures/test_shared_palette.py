"""The shipped palette is the one the sample pictures choose, and pictures drawn with it
keep their colours."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.engine import new_game
from bot.pictures import SeatTag
from bot.pictures.drawing.png import png_bytes
from bot.pictures.shared_palette import choose_palette, shared_palette
from bot.pictures.table.picture import draw_table


def test_the_shipped_palette_is_the_one_the_samples_choose() -> None:
    shipped, chosen = shared_palette(), choose_palette()
    assert shipped.getpalette() == chosen.getpalette(), (
        "pictures changed colours: run python -m bot.pictures.shared_palette"
    )


def test_a_table_keeps_its_colours_in_the_shared_palette() -> None:
    game = new_game("flip", 10, seed=5)
    drawn = draw_table(game.public_view(), [SeatTag(f"P{i}") for i in range(11)], True)
    shipped = Image.open(io.BytesIO(png_bytes(drawn, shared_palette()))).convert("RGB")
    worst = ImageChops.difference(shipped, drawn.convert("RGB")).getextrema()
    assert max(high for _, high in worst) <= 64  # an anti-aliased edge, at worst
    different = ImageChops.difference(shipped, drawn.convert("RGB")).convert("L")
    assert sum(different.point(lambda v: v > 24).histogram()[1:]) < drawn.width * drawn.height / 200
