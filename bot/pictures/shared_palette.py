"""One palette of 256 colours for every picture, chosen from sample pictures of every
game, seat count and colour scheme, and shipped as ``palette.png`` beside this module.

Choosing a palette for each picture (an octree over its pixels) and mapping the picture to
it was half the time a picture took to make; with one palette, mapping is quick too
(Pillow keeps its look-up table warm), and a picture still shows every colour Bower
draws, its anti-aliased edges included. Choosing it takes half a second, so it is chosen
once, by ``python -m bot.pictures.shared_palette`` (run it after changing the colours
pictures use; a test says when the shipped file is out of date).
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

from PIL import Image

from bot.engine import VARIANTS, new_game

from .drawing.png import COLOURS, sample_of
from .hand import draw_hand
from .table.picture import draw_table
from .table.seats import SeatTag

PALETTE_FILE = Path(__file__).with_name("palette.png")
MOVES = (6, 14, 30)  # how far into each sample game a picture is taken
SEED = 11
LEVELS = ("hard", None)


def sample_pictures() -> list[Image.Image]:
    """Tables and hands of seeded games: every game at its fewest and most players, early,
    mid-hand and later, in both colour schemes."""
    pictures = []
    for key, info in sorted(VARIANTS.items()):
        for players in sorted({min(info.player_counts), max(info.player_counts)}):
            game = new_game(key, players, SEED)
            rng = random.Random(SEED)
            hands = sum(len(game.seats_of(side)) for side in range(game.num_sides))
            tags = [SeatTag(f"Seat {s + 1}", LEVELS[s % 2]) for s in range(hands)]
            for moves in MOVES:
                while len(game.log) < moves and not game.is_over:
                    game.apply(rng.choice(game.legal_actions()))
                seat = game.current_player
                for four_colour in (True, False):
                    pictures.append(draw_table(game.public_view(), tags, four_colour))
                    if seat is not None:
                        view, legal = game.view(seat), game.legal_actions()
                        pictures.append(draw_hand(view, legal, four_colour))
    return pictures


def choose_palette() -> Image.Image:
    """The palette the sample pictures need: a 16 × 16 "P" image, one pixel a colour."""
    samples = [sample_of(p.convert("RGB")) for p in sample_pictures()]
    sheet = Image.new("RGB", (max(s.width for s in samples), sum(s.height for s in samples)))
    top = 0
    for sample in samples:
        sheet.paste(sample, (0, top))
        top += sample.height
    chosen = sheet.quantize(COLOURS, method=Image.Quantize.FASTOCTREE)
    swatch = Image.new("P", (16, 16))
    swatch.putpalette(chosen.getpalette() or [])
    swatch.putdata(list(range(COLOURS)))
    return swatch


@functools.cache
def shared_palette() -> Image.Image:
    """The palette every picture is mapped to (a "P" image that carries it)."""
    with Image.open(PALETTE_FILE) as shipped:
        shipped.load()
        return shipped.copy()


def main() -> None:
    """Choose the palette again and write it to ``palette.png``."""
    choose_palette().save(PALETTE_FILE, "PNG")
    print(PALETTE_FILE)


if __name__ == "__main__":
    main()
