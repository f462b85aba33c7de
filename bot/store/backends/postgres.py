"""PostgreSQL through asyncpg: one database for several Bower processes (``DATABASE_URL``).

Each process holds one connection, used like the SQLite one: a lock serialises
transactions, a task's nested calls join its transaction, and :meth:`write_many` commits
the hot path's batches in groups (a savepoint per batch, so one failing batch fails alone).
The schema version is the one row of ``bower_schema``.

The repositories' SQL is written once; :func:`bot.store.backends.dialect.to_postgresql`
turns ``?`` into ``$n`` and SQLite's ``IS ?`` into ``IS NOT DISTINCT FROM``.

When the server goes away (a restart, a dropped connection) the statement in progress
fails with :class:`StoreUnavailableError` and nothing of its transaction is kept; the next
request connects again, so play resumes by itself once the server is back. A move is
never retried blindly: the table service refuses it with a private "not saved, try again",
and the action log's primary key makes a second copy of a move impossible. One case is
left to that key: a connection cut after COMMIT reached the server but before its answer
came back. The member is told the move was not saved although it was; the next move at
that table then finds its index taken, and the table reloads its log from the database.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from ..database import (
    Batch,
    Database,
    DatabaseUnusableError,
    Migration,
    MigrationError,
    Row,
    StoreUnavailableError,
    load_migrations,
)
from .dialect import inserted_id_table, to_postgresql

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0
RECONNECT_TIMEOUT = 1.5  # a move waits at most this for a server that just came back
TABLES_WITH_ID = frozenset(
    {"tables", "tournaments", "mod_actions", "departures", "former_members", "settings_log"}
)
_LOST = (
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.AdminShutdownError,
    asyncpg.CannotConnectNowError,
    asyncpg.InternalClientError,  # a connection the server cut while it sat idle
    ConnectionError,
    OSError,
    asyncio.TimeoutError,
)


def redacted(url: str) -> str:
    """The URL without its password, for logs and messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return parts._replace(netloc=f"{user}:***@{host}{port}").geturl()


def explain_connect_error(url: str, error: BaseException) -> str:
    """One line naming DATABASE_URL, what is wrong, and what to do."""
    where = redacted(url)
    text = str(error) or type(error).__name__
    refused = asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError
    if isinstance(error, refused):
        return (
            f"DATABASE_URL {where}: the server refused the user name or password ({text}); "
            "check both in the URL."
        )
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return (
            f"DATABASE_URL {where}: the database does not exist ({text}); create it "
            "(createdb) or name an existing one."
        )
    if isinstance(error, OSError | asyncio.TimeoutError | asyncpg.CannotConnectNowError):
        return (
            f"DATABASE_URL {where}: no PostgreSQL server answers there ({text}); start it, "
            "or check the host and port."
        )
    return f"DATABASE_URL {where} cannot be used ({text}); check the URL and the server."


class PostgresDatabase(Database):
    """An open PostgreSQL database: one connection, reconnected when it is lost."""

    dialect = "postgresql"

    def __init__(self, url: str, conn: asyncpg.Connection) -> None:
        super().__init__()
        self.url = url
        self.conn: asyncpg.Connection | None = conn
        self._open = False  # a transaction is open on ``conn``: never reconnect under it

    @classmethod
    async def connect(
        cls, url: str, *, migrations: Sequence[Migration] | None = None
    ) -> PostgresDatabase:
        """Connect to ``url`` and bring its schema up to date."""
        try:
            conn = await _connect(url, CONNECT_TIMEOUT)
        except (asyncpg.PostgresError, *_LOST) as error:
            raise DatabaseUnusableError(explain_connect_error(url, error)) from error
        db = cls(url, conn)
        try:
            await db.migrate(
                load_migrations(dialect="postgresql") if migrations is None else migrations
            )
        except BaseException:
            await conn.close()
            raise
        return db

    @property
    def description(self) -> str:
        """The server and database, without the password."""
        return f"PostgreSQL database {redacted(self.url)}"

    async def close(self) -> None:
        """Close the connection (waiting for a transaction in progress to finish)."""
        async with self._lock:
            if self.conn is not None:
                await self.conn.close()
                self.conn = None

    # ----- schema ----------------------------------------------------------------------
    async def schema_version(self) -> int:
        """The version in ``bower_schema`` (0 for an empty database)."""
        exists = await self.fetchone("SELECT to_regclass('bower_schema') IS NOT NULL")
        if not (exists and exists[0]):
            return 0
        row = await self.fetchone("SELECT version FROM bower_schema")
        return int(row[0]) if row else 0

    async def migrate(self, migrations: Sequence[Migration]) -> int:
        """Apply the migrations newer than the database's version in one transaction."""
        setting = f"DATABASE_URL {redacted(self.url)}"
        current, latest, pending = await self._pending(migrations, setting)
        if not pending:
            return current
        names = ", ".join(f"{m.version:04d}_{m.name}" for m in pending)
        try:
            async with self.transaction():
                conn = await self._connection()
                # Two processes starting together: the second waits here, then finds
                # nothing left to do.
                await conn.execute("SELECT pg_advisory_xact_lock(7291)")
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS bower_schema (version INTEGER NOT NULL)"
                )
                row = await conn.fetchrow("SELECT version FROM bower_schema")
                if row is None:
                    await conn.execute("INSERT INTO bower_schema VALUES (0)")
                done = int(row[0]) if row else 0
                for migration in pending:
                    if migration.version <= done:
                        continue
                    await conn.execute(migration.sql)
                    await conn.execute("UPDATE bower_schema SET version = $1", migration.version)
        except asyncpg.PostgresError as exc:
            raise MigrationError(f"Could not apply migrations {names}: {exc}") from exc
        log.info("Database %s migrated from schema %d to %d", self.description, current, latest)
        return latest

    # ----- the connection --------------------------------------------------------------
    async def _connection(self) -> asyncpg.Connection:
        """The open connection, made again if it was lost."""
        if self.conn is not None and not self.conn.is_closed():
            return self.conn
        self.conn = None
        if self._open:  # what the transaction did went with the connection
            raise StoreUnavailableError(f"The connection to {self.description} was lost.")
        try:
            self.conn = await _connect(self.url, RECONNECT_TIMEOUT)
        except (asyncpg.PostgresError, *_LOST) as error:
            raise StoreUnavailableError(explain_connect_error(self.url, error)) from error
        log.warning("Reconnected to %s", self.description)
        return self.conn

    async def _begun(self) -> asyncpg.Connection:
        """A connection inside a new transaction. A connection found cut at BEGIN (the
        server restarted while it sat idle) is made again once: nothing was sent yet."""
        for attempt in (1, 2):
            conn = await self._connection()
            try:
                await conn.execute("BEGIN")
            except _LOST as error:
                lost = self._lost(error)
                if attempt == 2:
                    raise lost from error
            else:
                self._open = True
                return conn
        raise AssertionError("unreachable")

    def _lost(self, error: BaseException) -> StoreUnavailableError:
        """The connection broke mid-statement: forget it and say so."""
        conn, self.conn = self.conn, None
        if conn is not None:
            conn.terminate()
        log.warning("Lost the connection to %s: %s", self.description, error)
        return StoreUnavailableError(
            f"The connection to {self.description} was lost ({error or type(error).__name__})."
        )

    # ----- transactions ----------------------------------------------------------------
    def _statement(self, sql: str) -> str:
        return to_postgresql(sql)

    async def _begin(self) -> None:
        await self._begun()

    async def _commit(self) -> None:
        try:
            conn = await self._connection()
            await conn.execute("COMMIT")
        except _LOST as error:
            raise self._lost(error) from error
        finally:
            self._open = False

    async def _rollback(self) -> None:
        conn, self._open = self.conn, False
        if conn is None or conn.is_closed():
            return
        try:
            await conn.execute("ROLLBACK")
        except (asyncpg.PostgresError, *_LOST):  # the connection is gone: so is the work
            self._lost(ConnectionError("rollback failed"))

    async def _run_batch(self, batch: Batch) -> None:
        conn = await self._connection()
        for sql, params in batch:
            await self._run(conn.execute, sql, params)

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[asyncpg.Connection]:
        if self._in_transaction():
            yield await self._connection()
            return
        async with self._lock:
            yield await self._connection()

    async def _write_group(self, group: Sequence[Batch]) -> list[BaseException | None]:
        conn = await self._begun()
        errors: list[BaseException | None] = []
        try:
            for batch in group:
                await conn.execute("SAVEPOINT batch")
                try:
                    for sql, params in batch:
                        await conn.execute(sql, *params)
                except _LOST:
                    raise
                except asyncpg.PostgresError as exc:
                    await conn.execute("ROLLBACK TO SAVEPOINT batch")
                    errors.append(exc)
                else:
                    errors.append(None)
                await conn.execute("RELEASE SAVEPOINT batch")
            await conn.execute("COMMIT")
            self._open = False
        except _LOST as error:
            self._open = False
            raise self._lost(error) from error
        except BaseException:
            await self._rollback()
            raise
        return errors

    # ----- statements ------------------------------------------------------------------
    async def _run(self, method: Any, sql: str, params: Sequence[Any]) -> Any:
        try:
            return await method(sql, *params)
        except _LOST as error:
            raise self._lost(error) from error

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; for an INSERT into a table with an ``id``, the new id."""
        statement = to_postgresql(sql)
        returns_id = inserted_id_table(sql) in TABLES_WITH_ID
        async with self.transaction():
            conn = await self._connection()
            if returns_id:
                row = await self._run(conn.fetchrow, statement + " RETURNING id", tuple(params))
                return int(row[0]) if row else 0
            await self._run(conn.execute, statement, tuple(params))
        return 0

    async def changes(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        async with self.transaction():
            conn = await self._connection()
            status = await self._run(conn.execute, to_postgresql(sql), tuple(params))
        return _count_in(status)

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        """The first row of a query, or None."""
        rows = await self._read(to_postgresql(sql), tuple(params), one=True)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        """All rows of a query."""
        return await self._read(to_postgresql(sql), tuple(params), one=False)

    async def _read(self, sql: str, params: tuple[Any, ...], *, one: bool) -> list[Row]:
        """A query's rows; outside a transaction a read that finds its connection cut is
        made once more on a new one (reading twice changes nothing)."""
        inside = self._in_transaction()
        for attempt in (1, 2):
            async with self._reading() as conn:
                try:
                    if one:
                        row = await conn.fetchrow(sql, *params)
                        return [] if row is None else [row]
                    return list(await conn.fetch(sql, *params))
                except _LOST as error:
                    lost = self._lost(error)
                    if inside or attempt == 2:
                        raise lost from error
        raise AssertionError("unreachable")


async def _connect(url: str, timeout: float) -> asyncpg.Connection:
    conn = await asyncpg.connect(url, timeout=timeout, statement_cache_size=256)
    # SUM and AVG of integers are NUMERIC in PostgreSQL: read them as int or float, as
    # SQLite gives them.
    await conn.set_type_codec(
        "numeric", encoder=str, decoder=_number, schema="pg_catalog", format="text"
    )
    return conn


def _number(text: str) -> int | float:
    return int(text) if re.fullmatch(r"-?\d+", text) else float(text)


def _count_in(status: str) -> int:
    """The row count at the end of a command status ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0
