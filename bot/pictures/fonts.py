"""The fonts shipped with Bower (DejaVu Sans, see ``fonts/LICENSE``): no system font is
ever used, so a picture looks the same on every machine. Bold for titles and cards;
the condensed faces where names must fit in a seat's plate."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

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


def text_width(text: str, size: int, face: str = "bold") -> int:
    """How wide ``text`` is drawn at ``size``."""
    return int(font(size, face).getlength(text))


def fit(text: str, size: int, width: int, face: str = "bold") -> str:
    """``text`` shortened with an ellipsis until it fits in ``width`` pixels."""
    if text_width(text, size, face) <= width:
        return text
    while text and text_width(text + "…", size, face) > width:
        text = text[:-1]
    return text.rstrip() + "…"
