"""Fixtures for table-service tests: a database and a fast service on it, each test run on
SQLite and on PostgreSQL (``database_target``, tests/databases.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Database
from bot.tables import TableService

from .helpers import Recorder, make_service, open_db


@pytest.fixture
def db_path(database_target: str | Path) -> str | Path:
    """Where the test's database lives: a SQLite file, or a PostgreSQL URL."""
    return database_target


@pytest.fixture
async def db(db_path: str | Path) -> AsyncIterator[Database]:
    """An open, migrated database."""
    database = await open_db(db_path)
    yield database
    await database.close()


@pytest.fixture
async def service(db: Database) -> AsyncIterator[TableService]:
    """A service with first-legal computers, no pauses and a tiny timer scale."""
    svc = make_service(db)
    yield svc
    await svc.close()


@pytest.fixture
def recorder(service: TableService) -> Recorder:
    """Every event the service publishes."""
    rec = Recorder()
    service.subscribe(rec)
    return rec
