"""Opening the database: a ``postgresql://`` URL (``DATABASE_URL``) opens PostgreSQL,
anything else is a SQLite file path (``DATABASE_PATH``); either comes back with its schema
up to date (see :mod:`bot.store.database`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .backends.postgres import PostgresDatabase
from .backends.sqlite import SqliteDatabase
from .database import Database, Migration, is_postgresql_url


async def open_database(
    target: str | Path,
    *,
    migrations: Sequence[Migration] | None = None,
    synchronous: str = "FULL",
) -> Database:
    """Open the database at ``target`` and bring its schema up to date (a SQLite file is
    created if needed; ``synchronous`` is SQLite's durability, see its backend)."""
    if is_postgresql_url(str(target)):
        return await PostgresDatabase.connect(str(target), migrations=migrations)
    return await SqliteDatabase.connect(target, migrations=migrations, synchronous=synchronous)
