"""The SQLite connection (through aiosqlite), its transactions and the schema migrations.

One :class:`Database` owns one connection in autocommit mode; every read and write goes
through :meth:`Database.transaction`, which serialises tasks on an asyncio lock (one
connection cannot interleave two transactions) and joins an enclosing transaction of the
same task, so repository methods compose: several calls inside one ``async with
db.transaction():`` commit or roll back together.

Migrations are the files ``migrations/NNNN_name.sql`` numbered from 1 without gaps. The
schema version is ``PRAGMA user_version``; pending migrations are applied together in one
transaction at :meth:`Database.open`, and a database newer than the code is refused with
:class:`SchemaTooNewError`. Every reason the file cannot be used at all is a
:class:`StoreError` whose message names ``DATABASE_PATH`` and says what to do, so start-up
can print it as one line.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
Batch = list[tuple[str, tuple[Any, ...]]]
_MIGRATION_NAME = re.compile(r"^(\d{4})_(\w+)\.sql$")
DEFAULT_BUSY_TIMEOUT_MS = 5000


class StoreError(RuntimeError):
    """The database cannot be used as it is; the message says why and what to do."""


class SchemaTooNewError(StoreError):
    """The database was written by a newer Bower than this one."""


class MigrationError(StoreError):
    """The migration files are malformed, or one of them failed to apply."""


class DatabaseUnusableError(StoreError):
    """The file (or its folder) cannot hold Bower's database: not a folder, not writable,
    not SQLite, damaged, or the disk is full."""


def explain_database_error(path: Path, error: BaseException) -> str:
    """One line naming DATABASE_PATH, what is wrong with it, and what to do."""
    text = str(error) or type(error).__name__
    lowered = text.lower()
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        return (
            f"DATABASE_PATH {path}: a part of the path is a file, not a folder "
            f"({text}); choose a path inside a folder."
        )
    if isinstance(error, PermissionError) or "readonly" in lowered or "read-only" in lowered:
        return (
            f"DATABASE_PATH {path} cannot be written ({text}); give this user write "
            "access to the file and its folder, or choose another path."
        )
    if "not a database" in lowered:
        return (
            f"DATABASE_PATH {path} is not a SQLite database ({text}); point it at "
            "Bower's database, or at a new file."
        )
    if "malformed" in lowered or "corrupt" in lowered:
        return (
            f"DATABASE_PATH {path} is damaged ({text}); restore it from a backup "
            "(docs/operating.md, section 4)."
        )
    if "full" in lowered:
        return f"DATABASE_PATH {path}: the disk is full ({text}); make room and start again."
    return (
        f"DATABASE_PATH {path} cannot be used ({text}); check the file and its folder, "
        "or choose another path."
    )


@dataclass(frozen=True)
class Migration:
    """One numbered SQL migration."""

    version: int
    name: str
    sql: str


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migrations in ``directory``, in order; numbered 1, 2, 3… with no gaps."""
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if not match:
            raise MigrationError(f"Migration file {path.name} is not named NNNN_name.sql.")
        found.append(Migration(int(match[1]), match[2], path.read_text(encoding="utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"Migration {migration.version:04d}_{migration.name} is out of sequence: "
                f"expected number {expected:04d}."
            )
    return found


def utc_now() -> str:
    """The current time as ISO 8601 UTC text, as stored in every timestamp column."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Database:
    """An open SQLite database with WAL, foreign keys on and a busy timeout."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._group: list[tuple[Batch, asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations: Sequence[Migration] | None = None,
        synchronous: str = "FULL",
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    ) -> Database:
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
        current = await self.schema_version()
        latest = migrations[-1].version if migrations else 0
        if current > latest:
            raise SchemaTooNewError(
                f"DATABASE_PATH {self.path} has schema version {current}, but this version of "
                f"Bower knows schema versions up to {latest} only. It was written by a newer "
                f"Bower: run that version (or restore a backup made before the upgrade)."
            )
        pending = [m for m in migrations if m.version > current]
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
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the body in one write transaction (or join this task's enclosing one)."""
        task = asyncio.current_task()
        if task is not None and self._owner is task:
            yield self.conn
            return
        async with self._lock:
            self._owner = task
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self.conn
                except BaseException:
                    await self._rollback()
                    raise
                await self.conn.execute("COMMIT")
            finally:
                self._owner = None

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for a read: inside this task's transaction, or alone under the lock."""
        task = asyncio.current_task()
        if task is not None and self._owner is task:
            yield self.conn
            return
        async with self._lock:
            yield self.conn

    async def _rollback(self) -> None:
        if self.conn.in_transaction:
            try:
                await self.conn.execute("ROLLBACK")
            except sqlite3.Error:  # pragma: no cover - nothing more we can do
                log.exception("Rollback failed")

    async def write_many(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Several writes, all or none, committed before this returns (the hot path).

        Batches that arrive while a commit is under way are committed together, each in
        its own savepoint (so one failing batch fails alone), in a single trip to the
        database thread and a single sync to disk: a hundred busy tables cost a few
        commits a second instead of hundreds, and no thread hand-over per statement.
        Inside this task's enclosing transaction the statements simply join it.
        """
        batch: Batch = [(sql, tuple(params)) for sql, params in statements]
        task = asyncio.current_task()
        if task is not None and self._owner is task:
            for sql, params in batch:
                await self.conn.execute(sql, params)
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._group.append((batch, done))
        if self._committer is None:
            self._committer = asyncio.create_task(self._commit_groups())
        await done

    async def _commit_groups(self) -> None:
        try:
            while self._group:
                group, self._group = self._group, []
                try:
                    async with self._lock:
                        errors = await self.conn._execute(  # type: ignore[no-untyped-call]
                            _write_group, self.conn._conn, [batch for batch, _ in group]
                        )
                except BaseException as exc:  # the commit itself failed: every batch did
                    errors = [exc] * len(group)
                for (_, done), error in zip(group, errors, strict=True):
                    if done.done():
                        continue
                    if error is None:
                        done.set_result(None)
                    else:
                        done.set_exception(error)
        finally:
            self._committer = None

    # ----- small helpers for repositories ----------------------------------------------
    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement in a transaction; return the last inserted row id."""
        async with self.transaction() as conn:
            cursor = await conn.execute(sql, tuple(params))
            row_id = cursor.lastrowid
            await cursor.close()
        return int(row_id or 0)

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
