"""PNG bytes: a palette picture without time stamps or text chunks, and the cached text
pen drawing the words where Pillow would."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.pictures.drawing.fonts import Pen, font
from bot.pictures.drawing.png import paletted_png, png_bytes
from tests.pictures.helpers import decode


def chunks(png: bytes) -> list[bytes]:
    """The chunk types of a PNG, in order."""
    found, at = [], 8
    while at < len(png):
        length = int.from_bytes(png[at:at + 4], "big")
        kind = png[at + 4:at + 8]
        assert zlib.crc32(png[at + 4:at + 8 + length]) == int.from_bytes(
            png[at + 8 + length:at + 12 + length], "big")
        found.append(kind)
        at += 12 + length
    return found


def test_a_picture_is_a_palette_png_with_no_metadata() -> None:
    image = Image.new("RGB", (40, 20), (22, 94, 64))
    ImageDraw.Draw(image).ellipse((5, 5, 15, 15), fill=(250, 250, 248))
    png = png_bytes(image)
    assert png == png_bytes(image.copy())
    kinds = chunks(png)
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and b"PLTE" in kinds
    assert not {b"tIME", b"tEXt", b"iTXt", b"zTXt"} & set(kinds)
    assert decode(png).getpixel((10, 10)) == (250, 250, 248)


@pytest.mark.parametrize(("size", "colours"), [((37, 23), 256), ((1, 1), 2), ((800, 219), 5)])
def test_a_palette_picture_reads_back_pixel_for_pixel(size: tuple[int, int], colours: int) -> None:
    rng = random.Random(size[0])
    image = Image.new("P", size)
    image.putpalette([rng.randrange(256) for _ in range(3 * colours)])
    image.putdata([rng.randrange(colours) for _ in range(size[0] * size[1])])
    read = Image.open(io.BytesIO(paletted_png(image)))
    assert read.mode == "P" and read.size == size
    assert read.tobytes() == image.tobytes()
    assert read.getpalette() == image.getpalette()


def test_the_pen_writes_words_where_pillow_does() -> None:
    ours, theirs = (Image.new("RGB", (200, 40), (30, 30, 30)) for _ in range(2))
    Pen(ours).text((10, 6), "Alice · 7", font=font(22), fill=(240, 240, 240))
    ImageDraw.Draw(theirs).text((10, 6), "Alice · 7", font=font(22), fill=(240, 240, 240))
    assert ImageChops.difference(ours, theirs).getbbox() is None
