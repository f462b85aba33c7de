"""Fixtures for store tests: a fresh database file per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Database


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the test's database lives."""
    return tmp_path / "data" / "bower.sqlite3"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    """An open, migrated database."""
    database = await Database.open(db_path, synchronous="NORMAL")
    yield database
    await database.close()
