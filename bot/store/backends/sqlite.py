"""SQLite through aiosqlite: the default database, one file and one process.

The schema version is ``PRAGMA user_version``. Writes on the hot path are committed in
groups (:meth:`SqliteDatabase.write_many`): one sync to disk for every table that moved
meanwhile.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from ..database import (
    Batch,
    Database,
    DatabaseUnusableError,
    Migration,
    MigrationError,
    explain_database_error,
    load_migrations,
)

log = logging.getLogger(__name__)

DEFAULT_BUSY_TIMEOUT_MS = 5000


class SqliteDatabase(Database):
    """An open SQLite database with WAL, foreign keys on and a busy timeout."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        super().__init__()
        self.conn = conn
        self.path = path

    @classmethod
    async def connect(
        cls,
        path: str | Path,
        *,
        migrations: Sequence[Migration] | None = None,
        synchronous: str = "FULL",
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    ) -> SqliteDatabase:
        """Open (creating if needed) the database at ``path`` and bring its schema up to date.

        ``synchronous=FULL`` makes every committed action survive a power cut as well as a
        killed process; ``NORMAL`` (safe against a killed process in WAL mode) is faster.
        """
        path = Path(path)
        pragma = _synchronous(synchronous)
        try:
            if str(path) != ":memory:":
                path.parent.mkdir(parents=True, exist_ok=True)
            conn = await aiosqlite.connect(path, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise DatabaseUnusableError(explain_database_error(path, error)) from error
        conn.row_factory = sqlite3.Row
        db = cls(conn, path)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {pragma}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await db.migrate(load_migrations() if migrations is None else migrations)
        except (OSError, sqlite3.Error) as error:
            await conn.close()
            raise DatabaseUnusableError(explain_database_error(path, error)) from error
        except BaseException:
            await conn.close()
            raise
        return db

    @property
    def description(self) -> str:
        """The SQLite file's path."""
        return f"SQLite database {self.path}"

    async def close(self) -> None:
        """Close the connection (waiting for a transaction in progress to finish)."""
        async with self._lock:
            await self.conn.close()

    # ----- schema ----------------------------------------------------------------------
    async def schema_version(self) -> int:
        """The schema version recorded in the file (``PRAGMA user_version``)."""
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def migrate(self, migrations: Sequence[Migration]) -> int:
        """Apply the migrations newer than the file's version in one transaction."""
        current, latest, pending = await self._pending(migrations, f"DATABASE_PATH {self.path}")
        if not pending:
            return current
        script = ["BEGIN IMMEDIATE;"]
        for migration in pending:
            script += [migration.sql, f";\nPRAGMA user_version = {migration.version};"]
        script.append("COMMIT;")
        async with self._lock:
            try:
                await self.conn.executescript("\n".join(script))
            except sqlite3.Error as exc:
                await self._rollback()
                names = ", ".join(f"{m.version:04d}_{m.name}" for m in pending)
                if _about_the_file(exc):  # not the migration's fault: say what to do
                    raise DatabaseUnusableError(
                        f"Could not apply migrations {names}: "
                        + explain_database_error(self.path, exc)
                    ) from exc
                raise MigrationError(f"Could not apply migrations {names}: {exc}") from exc
        log.info("Database %s migrated from schema %d to %d", self.path, current, latest)
        return latest

    # ----- transactions ----------------------------------------------------------------
    async def _begin(self) -> None:
        await self.conn.execute("BEGIN IMMEDIATE")

    async def _commit(self) -> None:
        await self.conn.execute("COMMIT")

    async def _rollback(self) -> None:
        if self.conn.in_transaction:
            try:
                await self.conn.execute("ROLLBACK")
            except sqlite3.Error:  # pragma: no cover - nothing more we can do
                log.exception("Rollback failed")

    async def _run_batch(self, batch: Batch) -> None:
        for sql, params in batch:
            await self.conn.execute(sql, params)

    async def _write_group(self, group: Sequence[Batch]) -> list[Exception | None]:
        """The group in a single trip to the database thread and a single sync to disk."""
        errors: list[Exception | None] = await self.conn._execute(  # type: ignore[no-untyped-call]
            _write_group, self.conn._conn, group
        )
        return errors

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for a read: inside this task's transaction, or alone under the lock."""
        if self._in_transaction():
            yield self.conn
            return
        async with self._lock:
            yield self.conn

    # ----- statements --------------------------------------------------------------
    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement in a transaction; return the last inserted row id."""
        async with self.transaction():
            cursor = await self.conn.execute(sql, tuple(params))
            row_id = cursor.lastrowid
            await cursor.close()
        return int(row_id or 0)

    async def changes(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement in a transaction; how many rows it changed."""
        async with self.transaction():
            cursor = await self.conn.execute(sql, tuple(params))
            changed = cursor.rowcount
            await cursor.close()
        return max(0, changed)

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        """The first row of a query, or None."""
        async with self._reading() as conn, conn.execute(sql, tuple(params)) as cursor:
            row: sqlite3.Row | None = await cursor.fetchone()
        return row

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """All rows of a query."""
        async with self._reading() as conn, conn.execute(sql, tuple(params)) as cursor:
            rows = await cursor.fetchall()
        return list(rows)


def _write_group(conn: sqlite3.Connection, group: Sequence[Batch]) -> list[Exception | None]:
    """Run in the database thread: one transaction, a savepoint per batch; each batch's
    error (or None)."""
    errors: list[Exception | None] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for batch in group:
            conn.execute("SAVEPOINT batch")
            try:
                for sql, params in batch:
                    conn.execute(sql, params)
            except sqlite3.Error as exc:
                conn.execute("ROLLBACK TO batch")
                errors.append(exc)
            else:
                errors.append(None)
            conn.execute("RELEASE batch")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return errors


def _about_the_file(error: sqlite3.Error) -> bool:
    """Whether SQLite failed because of the file or the disk rather than the SQL."""
    text = str(error).lower()
    return any(
        word in text
        for word in (
            "readonly",
            "full",
            "not a database",
            "malformed",
            "disk i/o",
            "unable to open",
        )
    )


def _synchronous(value: str) -> str:
    value = value.upper()
    if value not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {value!r}.")
    return value
