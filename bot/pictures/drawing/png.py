"""PNG bytes from a picture: fast to encode, small, the same bytes for the same picture.

A picture is mostly flat colour with anti-aliased edges: 256 colours keep it crisp at
half the bytes, and encode faster than full colour. Each pixel takes its nearest palette
colour without dithering. Bower's pictures share one palette (see
:mod:`bot.pictures.shared_palette`); without one, it is chosen (a fast octree) from every
other pixel of every other row of the picture itself.
"""

from __future__ import annotations

import io

from PIL import Image

COMPRESS_LEVEL = 1  # flat colour compresses well even at zlib's fastest level
COLOURS = 256
SAMPLE = 2  # the palette is chosen from one pixel in SAMPLE × SAMPLE


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
    """``image`` encoded as a palette PNG (see :func:`palette_image`), with no metadata
    (no time stamps)."""
    out = io.BytesIO()
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    palette_image(rgb, palette).save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
