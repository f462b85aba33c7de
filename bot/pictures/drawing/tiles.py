"""Pictures put together from tiles: each part (a card, a word, a chip) drawn once over
the plain ground it sits on and kept, then pasted where the picture needs it.

In full colour (:meth:`TileCanvas.rgb`) a tile's edges blend into what lies under them,
as when drawing directly. Straight in the shared palette (:meth:`TileCanvas.paletted`)
each tile is mapped to the palette once, when first drawn, so a picture needs no mapping
of its own: most of a hand's picture's time is its PNG encoding (see :mod:`.png`). A
tile that overlaps an earlier one is pasted through its shape (a mask of its opaque
pixels), so a card over a card keeps its rounded corners, edges unblended.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PIL import Image

from bot.lru import LruCache

from .palette import Colour
from .png import paletted_png

TILES_KEPT = 1024  # tiles in the palette, about 10 KiB each (a hand's card is 86 × 120)
Box = tuple[int, int, int, int]


class _Tiles:
    """The tiles already mapped to a palette: (tile, its shape), least recently used
    dropped first."""

    def __init__(self, kept: int) -> None:
        self._tiles: LruCache[Hashable, tuple[Image.Image, Image.Image]] = LruCache(kept)

    def get(
        self, key: Hashable, sprite: Callable[[], Image.Image], ground: Colour,
        palette: Image.Image,
    ) -> tuple[Image.Image, Image.Image]:
        """The tile ``key`` (drawn by ``sprite``, an RGBA image) over ``ground``, in
        ``palette``, and the mask of its opaque pixels."""
        found = self._tiles.get(key)
        if found is not None:
            return found
        rgba = sprite()
        flat = Image.new("RGB", rgba.size, ground)
        flat.paste(rgba, (0, 0), rgba)
        shape = rgba.getchannel("A").point(lambda a: 255 if a >= 128 else 0, "1")
        made = (flat.quantize(palette=palette, dither=Image.Dither.NONE), shape)
        self._tiles.put(key, made)
        return made


_TILES = _Tiles(TILES_KEPT)


class TileCanvas:
    """A picture on a plain ``ground``, in full colour or in a palette, tile by tile."""

    def __init__(self, image: Image.Image, ground: Colour, palette: Image.Image | None) -> None:
        self.image = image
        self.ground = ground
        self.palette = palette
        self._boxes: list[Box] = []

    @classmethod
    def rgb(cls, size: tuple[int, int], ground: Colour) -> TileCanvas:
        """A full-colour canvas."""
        return cls(Image.new("RGB", size, ground), ground, None)

    @classmethod
    def paletted(cls, size: tuple[int, int], ground: Colour, palette: Image.Image) -> TileCanvas:
        """A canvas in ``palette`` (a "P" image carrying it), the ground its nearest
        colour."""
        dot = Image.new("RGB", (1, 1), ground).quantize(palette=palette, dither=Image.Dither.NONE)
        image = Image.new("P", size, dot.getpixel((0, 0)))
        image.putpalette(palette.getpalette() or [])
        return cls(image, ground, palette)

    def put(self, key: Hashable, sprite: Callable[[], Image.Image], xy: tuple[int, int]) -> None:
        """Paste the RGBA image ``sprite()`` at ``xy``; ``key`` names what it shows (the
        same key, the same image: it is drawn only once)."""
        x, y = xy
        if self.palette is None:
            rgba = sprite()
            self.image.paste(rgba, (x, y), rgba)
            self._boxes.append((x, y, x + rgba.width, y + rgba.height))
            return
        tile, shape = _TILES.get(key, sprite, self.ground, self.palette)
        box = (x, y, x + tile.width, y + tile.height)
        covers = any(_overlap(box, earlier) for earlier in self._boxes)
        self.image.paste(tile, (x, y), shape if covers else None)
        self._boxes.append(box)

    def png(self) -> bytes:
        """The picture as PNG bytes (of a paletted canvas)."""
        return paletted_png(self.image)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
