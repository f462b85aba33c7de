"""SQLite's own tests use a SQLite file (the store's other tests run on both databases)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Database
from bot.store.opening import open_database


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the test's SQLite database lives."""
    return tmp_path / "data" / "bower.sqlite3"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    """An open, migrated SQLite database."""
    database = await open_database(db_path, synchronous="NORMAL")
    yield database
    await database.close()
