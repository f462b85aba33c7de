"""Fixtures for store tests: a fresh database per test, each test run on SQLite and on
PostgreSQL (``database_target``, tests/databases.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Database
from bot.store.opening import open_database


@pytest.fixture
def db_path(database_target: str | Path) -> str | Path:
    """Where the test's database lives: a SQLite file, or a PostgreSQL URL."""
    return database_target


@pytest.fixture
async def db(db_path: str | Path) -> AsyncIterator[Database]:
    """An open, migrated database."""
    database = await open_database(db_path, synchronous="NORMAL")
    yield database
    await database.close()
