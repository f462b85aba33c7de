"""The fonts shipped with Bower (DejaVu Sans, see ``fonts/LICENSE``): no system font is
ever used, so a picture looks the same on every machine. Bold for titles and cards;
the condensed faces where names must fit in a seat's plate."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

#: The least font size on a picture 800 px wide: a phone shows it about 400 px wide, where
#: a letter must stay about 10 px to be read.
SMALLEST = 20
#: The least height, in pixels, of the words on the 800 px table and hand pictures, as
#: the ink of the digit ``0`` (as tall as a capital or an ``l``): about 10 px on a phone.
INK = 20
FONT_DIR = Path(__file__).with_name("fonts")
FACES = {
    "bold": FONT_DIR / "DejaVuSans-Bold.ttf",
    "narrow": FONT_DIR / "DejaVuSansCondensed-Bold.ttf",
    "plain": FONT_DIR / "DejaVuSansCondensed.ttf",
}


@cache
def font(size: int, face: str = "bold") -> ImageFont.FreeTypeFont:
    """A shipped face (``bold``, ``narrow`` bold or ``plain``) at ``size`` pixels."""
    return ImageFont.truetype(str(FACES[face]), size)


def ink_height(typeface: ImageFont.FreeTypeFont) -> int:
    """How many pixels high ``typeface`` draws the digit ``0``."""
    _, top, _, bottom = typeface.getbbox("0")
    return int(bottom - top)


@cache
def least_size(face: str = "bold") -> int:
    """The least size at which ``face`` draws words :data:`INK` pixels high."""
    return next(size for size in range(SMALLEST, 64) if ink_height(font(size, face)) >= INK)


#: The least font sizes of the table and hand pictures' words (condensed, and wide bold).
SMALL_PRINT, SMALL_BOLD = least_size("narrow"), least_size("bold")


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, face: str = "bold") -> int:
    """How wide ``text`` is drawn at ``size``."""
    return int(font(size, face).getlength(text))


@lru_cache(maxsize=8192)
def _words(text: str, typeface: ImageFont.FreeTypeFont) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a mask, and where the mask sits from the text's origin."""
    left, top, right, bottom = (int(edge) for edge in typeface.getbbox(text))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=typeface, fill=255)
    return mask, left, top


def word_offset(text: str, typeface: ImageFont.FreeTypeFont) -> tuple[int, int]:
    """Where ``text``'s drawn pixels start, from the point it is drawn at."""
    _, left, top = _words(text, typeface)
    return left, top


@lru_cache(maxsize=1024)
def word_sprite(
    text: str, size: int, face: str, colour: tuple[int, int, int]
) -> Image.Image:
    """``text`` in ``colour`` on a transparent ground (RGBA), as small as its pixels
    (placed at :func:`word_offset` from the point it is drawn at)."""
    mask, _, _ = _words(text, font(size, face))
    sprite = Image.new("RGBA", mask.size, (*colour, 255))
    sprite.putalpha(mask)
    return sprite


class Pen(ImageDraw.ImageDraw):
    """An ``ImageDraw`` for a picture's RGB canvas whose words come from a cache of
    rendered text (the same names and numbers are drawn on every picture of a table)."""

    def __init__(self, image: Image.Image) -> None:
        """A pen for ``image`` (an RGB canvas)."""
        super().__init__(image)
        self.canvas = image

    def text(self, xy: Any, text: Any, fill: Any = None, font: Any = None, *args: Any,
             **kwargs: Any) -> None:
        """Like ``ImageDraw.text`` for a shipped font, a colour and no other options."""
        if args or kwargs or not isinstance(font, ImageFont.FreeTypeFont) or not text:
            super().text(xy, text, fill, font, *args, **kwargs)
            return
        mask, left, top = _words(str(text), font)
        self.canvas.paste(fill, (int(xy[0]) + left, int(xy[1]) + top), mask)


def fit(text: str, size: int, width: int, face: str = "bold") -> str:
    """``text`` shortened with an ellipsis until it fits in ``width`` pixels."""
    if text_width(text, size, face) <= width:
        return text
    while text and text_width(text + "…", size, face) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_apart(texts: Sequence[str], size: int, width: int, face: str = "bold") -> list[str]:
    """Each text shortened like :func:`fit`, but never so far that two different texts
    read alike (``Normal · s…`` twice): those keep letters until they differ, running
    over ``width`` if they must."""
    keep = [len(_cut(text, size, width, face)) for text in texts]
    shown = [_shown(text, k) for text, k in zip(texts, keep, strict=True)]
    while True:
        alike = {i for i in range(len(texts)) for j in range(len(texts))
                 if i != j and texts[i] != texts[j] and shown[i] == shown[j]}
        if not alike:
            return shown
        for i in alike:
            keep[i] = min(len(texts[i]), keep[i] + 1)
            shown[i] = _shown(texts[i], keep[i])


def _cut(text: str, size: int, width: int, face: str) -> str:
    """The start of ``text`` that :func:`fit` keeps (all of it if it fits)."""
    shortened = fit(text, size, width, face)
    return shortened if shortened == text else shortened[:-1]


def _shown(text: str, keep: int) -> str:
    """``text`` cut to its first ``keep`` characters with an ellipsis, or whole."""
    return text if keep >= len(text) else text[:keep].rstrip() + "…"
