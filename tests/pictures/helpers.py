"""Views to draw: seeded random play of every variant and seat count, as the service
shows them (public views) and as each seat sees them."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

from PIL import Image, ImageStat

from bot.engine import VARIANTS, Game, new_game
from bot.pictures import SeatTag

CASES = [(key, n) for key, info in VARIANTS.items() for n in info.player_counts]
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy")


def tags_for(game: Game) -> list[SeatTag]:
    """A name for every hand of the game (Flip's dead hand included)."""
    hands = sum(len(game.seats_of(side)) for side in range(game.num_sides))
    return [SeatTag(NAMES[s], "hard" if s % 3 == 2 else None) for s in range(hands)]


def states(variant: str, players: int, seed: int = 1, every: int = 7) -> Iterator[Game]:
    """The same game object at every ``every``-th decision of a seeded random game."""
    game = new_game(variant, players, seed)
    rng = random.Random(seed)
    step = 0
    while not game.is_over and step < 400:
        if step % every == 0:
            yield game
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    yield game


def decode(png: bytes) -> Image.Image:
    """The picture in ``png`` (fails unless it is a whole PNG)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    image.load()
    return image.convert("RGB")


def mean_brightness(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    """The average of the pixels' channels inside ``box``."""
    return sum(ImageStat.Stat(image.crop(box)).mean) / 3
