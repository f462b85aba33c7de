"""Views to draw: seeded random play of every variant and seat count, as the service
shows them (public views) and as each seat sees them."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from PIL import Image, ImageFont, ImageStat

from bot.engine import VARIANTS, Game
from bot.pictures import SeatTag
from bot.pictures.drawing import cards, fonts
from bot.pictures.table import picture, plates
from tests.ui.helpers import random_states

CASES = [(key, n) for key, info in VARIANTS.items() for n in info.player_counts]
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy")


def tags_for(game: Game) -> list[SeatTag]:
    """A name for every hand of the game (Flip's dead hand included)."""
    hands = sum(len(game.seats_of(side)) for side in range(game.num_sides))
    return [SeatTag(NAMES[s], "hard" if s % 3 == 2 else None) for s in range(hands)]


def decode(png: bytes) -> Image.Image:
    """The picture in ``png`` (fails unless it is a whole PNG)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    image.load()
    return image.convert("RGB")


def mean_brightness(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    """The average of the pixels' channels inside ``box``."""
    return sum(ImageStat.Stat(image.crop(box)).mean) / 3


def jambone_in_play() -> Game:
    """A Railroad game whose maker called Jambone, during the play."""
    for game in random_states("railroad", 4, 9):
        if game.phase == "play" and game.public_view().get("exposed_hand"):
            return game
    raise LookupError


@contextmanager
def glyph_runs(seen: Callable[[ImageFont.FreeTypeFont, str], None]) -> Iterator[None]:
    """Call ``seen(font, text)`` for every glyph run drawn meanwhile: each passes through
    Pillow's ``FreeTypeFont.getmask2``, and the sprite caches are emptied first so that
    nothing is drawn from a cache."""
    original = ImageFont.FreeTypeFont.getmask2

    def recording(self: ImageFont.FreeTypeFont, text: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        seen(self, str(text))
        return original(self, text, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageFont.FreeTypeFont, "getmask2", recording)
        for cached in (fonts._words, cards.card_face, picture._felt, plates._small_back):
            cached.cache_clear()
        yield
    for cached in (fonts._words, cards.card_face):
        cached.cache_clear()
