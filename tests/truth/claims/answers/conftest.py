"""The store each answer test plants its rows in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.truth.claims.answers.planting import Planted


@pytest.fixture
def planted(tmp_path: Path) -> Iterator[Planted]:
    """An empty store to plant rows in."""
    store = Planted(tmp_path / "bower.sqlite3")
    yield store
    store.db.close()
