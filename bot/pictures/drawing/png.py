"""PNG bytes from a picture: fast to encode, small, the same bytes for the same picture.

A picture is mostly flat colour with anti-aliased edges: 256 colours keep it crisp at
half the bytes, and encode faster than full colour. Each pixel takes its nearest palette
colour without dithering. Bower's pictures share one palette (see
:mod:`bot.pictures.shared_palette`); without one, it is chosen (a fast octree) from every
other pixel of every other row of the picture itself.

The PNG is written here, not by Pillow, from measurements of a Euchre hand's picture
(800 × 219) on the 2-core benchmark machine: Pillow's encoder tries five filters on every
row and deflates with zlib, 750 µs; rows left unfiltered (PNG's advice for palette
pictures) and deflated by zlib-ng at its fastest level, about 250 µs, for 6% more bytes.
Memory given back to the system and asked for again costs page faults, about as much
again as the encoding: so the rows are deflated a band at a time (``BAND_BYTES``), and
Pillow keeps a few freed image buffers for the next pictures (``BUFFERS_KEPT``).
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

COMPRESS_LEVEL = 1  # flat colour compresses well even at the fastest level
COLOURS = 256
SAMPLE = 2  # the palette is chosen from one pixel in SAMPLE × SAMPLE
BUFFERS_KEPT = 8
BAND_BYTES = 64 * 1024  # rows deflated at a time: small buffers are reused, large ones fault
SIGNATURE = b"\x89PNG\r\n\x1a\n"
NO_FILTER = 0

Image.core.set_blocks_max(BUFFERS_KEPT)  # type: ignore[attr-defined]  # not in Pillow's types


def sample_of(image: Image.Image) -> Image.Image:
    """One pixel in ``SAMPLE`` × ``SAMPLE`` of ``image``."""
    size = (max(1, image.width // SAMPLE), max(1, image.height // SAMPLE))
    return image.resize(size, Image.Resampling.NEAREST)


def palette_image(image: Image.Image, palette: Image.Image | None = None) -> Image.Image:
    """``image`` in (at most) 256 colours: those of ``palette`` (a "P" image), or else
    chosen from the picture itself."""
    if palette is None:
        palette = sample_of(image).quantize(COLOURS, method=Image.Quantize.FASTOCTREE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def png_bytes(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """``image`` encoded as a palette PNG (see :func:`palette_image`)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return paletted_png(palette_image(rgb, palette))


def paletted_png(image: Image.Image) -> bytes:
    """A "P" image as PNG bytes, with no metadata (no time stamps)."""
    width, height = image.size
    deflate = zlib_ng.compressobj(COMPRESS_LEVEL)
    parts = []
    step = max(1, BAND_BYTES // (width + 1))
    for top in range(0, height, step):
        band = Image.new("P", (width + 1, min(step, height - top)), NO_FILTER)
        band.paste(image, (1, -top))  # each row after its filter byte
        parts.append(deflate.compress(band.tobytes()))
    parts.append(deflate.flush())
    pixels = b"".join(parts)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette indices
    colours = bytes(image.getpalette() or [])
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", colours),
                     _chunk(b"IDAT", pixels), _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
