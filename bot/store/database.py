"""The database Bower keeps everything in: what SQLite and PostgreSQL share.

:func:`bot.store.opening.open_database` opens SQLite (a file path, ``DATABASE_PATH``: the
default, one process) or PostgreSQL (a ``postgresql://`` URL, ``DATABASE_URL``: several
processes, one database), each a backend (``backends/``) of the :class:`Database` here.
Both hold one connection; every read and write goes through :meth:`Database.transaction`,
which serialises tasks on an asyncio lock (one connection cannot interleave two
transactions) and joins an enclosing transaction of the same task, so repository methods
compose: several calls inside one ``async with db.transaction():`` commit or roll back
together. Repositories write their SQL once, in the dialect both accept (``?`` parameters,
``ON CONFLICT`` upserts); the PostgreSQL side translates what differs (``backends/``).

Migrations are the files ``migrations/<dialect>/NNNN_name.sql`` numbered from 1 without
gaps, the same numbers and names for both databases (one schema history). Pending
migrations are applied together in one transaction when it is opened, and a database
newer than the code is refused with :class:`SchemaTooNewError`. Every reason the database
cannot be used at all is a :class:`StoreError` whose message names the setting and says
what to do, so start-up can print it as one line.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, TypeAlias

import asyncpg

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
Dialect = Literal["sqlite", "postgresql"]
#: One statement and its parameters, to be written with others (``write_many``).
Write = tuple[str, tuple[Any, ...]]
Batch = list[Write]
Row: TypeAlias = Any  # sqlite3.Row or asyncpg.Record: both index by position and by name
INTEGRITY_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
"""A constraint refused a write (a duplicate key, a foreign key), in either database."""
_MIGRATION_NAME = re.compile(r"^(\d{4})_(\w+)\.sql$")


class StoreError(RuntimeError):
    """The database cannot be used as it is; the message says why and what to do."""


class SchemaTooNewError(StoreError):
    """The database was written by a newer Bower than this one."""


class MigrationError(StoreError):
    """The migration files are malformed, or one of them failed to apply."""


class StoreUnavailableError(StoreError):
    """The database server cannot be reached just now (it restarts, or the connection
    dropped); nothing was written, and the next request tries again."""


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


def load_migrations(directory: Path | None = None, dialect: Dialect = "sqlite") -> list[Migration]:
    """The migrations in ``directory`` (default: the dialect's own), in order; numbered
    1, 2, 3… with no gaps."""
    directory = MIGRATIONS_DIR / dialect if directory is None else directory
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


class Database(ABC):
    """An open database, SQLite or PostgreSQL, with its schema up to date."""

    dialect: Dialect

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._group: list[tuple[Batch, asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None

    @property
    @abstractmethod
    def description(self) -> str:
        """Which database this is, for logs and ``--check`` (never a password)."""

    @abstractmethod
    async def close(self) -> None:
        """Close the connection (waiting for a transaction in progress to finish)."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The schema version recorded in the database."""

    async def _pending(
        self, migrations: Sequence[Migration], setting: str
    ) -> tuple[int, int, list[Migration]]:
        """The schema version now, the latest of ``migrations``, and those to apply; a
        database newer than the code is refused, ``setting`` (``DATABASE_PATH x``) naming it."""
        current = await self.schema_version()
        latest = migrations[-1].version if migrations else 0
        if current > latest:
            raise SchemaTooNewError(
                f"{setting} has schema version {current}, but this version of Bower knows "
                f"schema versions up to {latest} only. It was written by a newer Bower: run "
                "that version (or restore a backup made before the upgrade)."
            )
        return current, latest, [m for m in migrations if m.version > current]

    # ----- transactions ----------------------------------------------------------------
    def _in_transaction(self) -> bool:
        """Whether this task is inside its own transaction (which a call then joins)."""
        task = asyncio.current_task()
        return task is not None and self._owner is task

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """Run the body in one write transaction (or join this task's enclosing one)."""
        if self._in_transaction():
            yield
            return
        async with self._lock:
            self._owner = asyncio.current_task()
            try:
                await self._begin()
                try:
                    yield
                except BaseException:
                    await self._rollback()
                    raise
                await self._commit()
            finally:
                self._owner = None

    async def write_many(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Several writes, all or none, committed before this returns (the hot path).

        Batches that arrive while a commit is under way are committed together, each in
        its own savepoint (so one failing batch fails alone), in one transaction: a
        hundred busy tables cost a few commits a second instead of hundreds. Inside this
        task's enclosing transaction the statements simply join it.
        """
        batch: Batch = [(self._statement(sql), tuple(params)) for sql, params in statements]
        if self._in_transaction():
            await self._run_batch(batch)
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
                        errors = await self._write_group([batch for batch, _ in group])
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

    def _statement(self, sql: str) -> str:
        """``sql`` as this database reads it."""
        return sql

    @abstractmethod
    async def _begin(self) -> None:
        """Begin a write transaction (under the lock)."""

    @abstractmethod
    async def _commit(self) -> None:
        """Commit the transaction begun."""

    @abstractmethod
    async def _rollback(self) -> None:
        """Roll back the transaction begun (if one is open)."""

    @abstractmethod
    async def _run_batch(self, batch: Batch) -> None:
        """Run a batch's statements in this task's transaction."""

    @abstractmethod
    async def _write_group(self, group: Sequence[Batch]) -> Sequence[BaseException | None]:
        """Commit the batches in one transaction, a savepoint each; each batch's error."""

    # ----- statements ------------------------------------------------------------------

    @abstractmethod
    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement in a transaction; for an INSERT into a table with an ``id``,
        the new row's id (otherwise 0)."""

    @abstractmethod
    async def changes(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one UPDATE or DELETE (or INSERT) in a transaction; how many rows it changed."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        """The first row of a query, or None."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        """All rows of a query."""


def is_postgresql_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL server rather than a SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))


async def rows_in(db: Database, table: str) -> int:
    """How many rows a table holds (``table`` is one of Bower's own table names)."""
    row = await db.fetchone(f"SELECT COUNT(*) FROM {table}")
    return int(row[0]) if row else 0
