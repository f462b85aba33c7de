"""PNG bytes from a picture: fast to encode, the same bytes for the same picture."""

from __future__ import annotations

import io

from PIL import Image

COMPRESS_LEVEL = 1  # pictures are mostly flat colour: level 1 is small and fast


def png_bytes(image: Image.Image) -> bytes:
    """``image`` encoded as PNG, with no metadata (no time stamps)."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
