"""Fixtures for the standings pictures' tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import ImageFont

from bot.pictures.drawing import fonts


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """The font size of every glyph run drawn while the fixture is active (the cache of
    rendered words emptied, so nothing is drawn from it)."""
    seen: list[float] = []
    original = ImageFont.FreeTypeFont.getmask2

    def recording(self: ImageFont.FreeTypeFont, text: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        seen.append(float(self.size))
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", recording)
    fonts._words.cache_clear()
    yield seen
    fonts._words.cache_clear()
