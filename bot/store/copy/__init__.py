"""Copy a Bower SQLite database into PostgreSQL: ``python -m bot.store.copy --from FILE
--to postgresql://…`` (the CLI is :mod:`bot.store.copy.cli`).

Every table of the schema is copied, the list and its order (parents before the tables
whose foreign keys name them) read from the migrated PostgreSQL schema, ids kept as they
are; the identity sequences are then moved past the copied ids, and each table's row count
is checked against the source's before the one PostgreSQL transaction commits. Stop the bot
first: the source is read in one snapshot and the target's tables are locked meanwhile.

The source file is brought up to date the way Bower does when it starts (an older schema
is migrated in place, by opening it), after a read-only look that refuses, before anything
is opened for writing, a missing file (never created), a file that is not SQLite or not
Bower's, and one newer than this Bower. The target is migrated when opened, and refused if
it cannot be reached or any of its tables already holds a row: nothing is written then.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import asyncpg

from ..backends.postgres import PostgresDatabase, redacted
from ..backends.sqlite import SqliteDatabase
from ..database import Database, StoreError, is_postgresql_url, load_migrations, rows_in
from ..opening import open_database
from .schema import Table, quoted, target_tables
from .source import CopyRefused, check_columns, count_rows, look_at, rows_of

__all__ = ["CopyFailed", "CopyRefused", "CopyReport", "copy_database"]


class CopyFailed(RuntimeError):
    """The copy started but did not complete; its transaction was rolled back."""


@dataclass(frozen=True)
class CopyReport:
    """What was copied: each table's row count in order, and the schema version."""

    source: Path
    target: str
    version: int
    counts: dict[str, int]

    def lines(self) -> list[str]:
        """One line per table, then a summary line (the target without its password)."""
        width = max((len(name) for name in self.counts), default=0)
        lines = [f"{name:<{width}}  {count:>9}" for name, count in self.counts.items()]
        lines.append(
            f"Copied {sum(self.counts.values())} rows in {len(self.counts)} tables from "
            f"{self.source} to {redacted(self.target)} (schema version {self.version})."
        )
        return lines


async def copy_database(source: Path, target: str) -> CopyReport:
    """Copy the SQLite database ``source`` into the empty PostgreSQL database ``target``."""
    if not is_postgresql_url(target):
        raise CopyRefused(f"--to {redacted(target)} is not a postgresql:// URL.")
    look_at(source, load_migrations(dialect="postgresql")[-1].version)
    dest = await _open(target)
    assert isinstance(dest, PostgresDatabase)
    try:
        tables = await target_tables(dest)
        await refuse_data(dest, tables)
        src = await _open(source)
        assert isinstance(src, SqliteDatabase)
        try:
            version = await dest.schema_version()
            if await src.schema_version() != version:
                raise CopyRefused(
                    f"--from {source} has schema version {await src.schema_version()}, "
                    f"the target {version}; nothing copied."
                )
            await check_columns(src, tables)
            try:
                counts = await _copy(src, dest, tables)
            except (StoreError, asyncpg.PostgresError, OSError) as error:
                raise CopyFailed(str(error) or type(error).__name__) from error
        finally:
            await src.close()
    finally:
        await dest.close()
    return CopyReport(source, target, version, counts)


async def refuse_data(dest: PostgresDatabase, tables: list[Table]) -> None:
    """Refuse a target any of whose tables holds a row."""
    for table in tables:
        if await dest.fetchone(f"SELECT 1 FROM {quoted(table.name)} LIMIT 1"):
            raise CopyRefused(
                f"{dest.description} already holds data (table {table.name}); "
                "copy into an empty database."
            )


async def _open(where: Path | str) -> Database:
    """Open (and migrate) one side; a StoreError becomes a refusal."""
    try:
        return await open_database(where)
    except StoreError as error:
        raise CopyRefused(str(error)) from error


async def _copy(src: SqliteDatabase, dest: PostgresDatabase, tables: list[Table]) -> dict[str, int]:
    """Copy every table in one transaction; each table's row count."""
    await src.conn.execute("BEGIN")  # one snapshot of every table
    try:
        counts = {table.name: await count_rows(src, table) for table in tables}
        async with dest.transaction():
            conn = dest.conn
            assert conn is not None
            names = ", ".join(quoted(table.name) for table in tables)
            await conn.execute(f"LOCK TABLE {names} IN EXCLUSIVE MODE")
            await refuse_data(dest, tables)  # again, now that no one else can write
            for table in tables:
                if counts[table.name]:
                    await _copy_table(conn, src, table)
            await _advance_sequences(conn, tables)
            copied = {table.name: await rows_in(dest, quoted(table.name)) for table in tables}
            if copied != counts:
                wrong = [name for name in counts if copied[name] != counts[name]]
                raise CopyFailed(f"Row counts differ after copying {', '.join(wrong)}.")
    finally:
        await src.conn.execute("ROLLBACK")
    return counts


async def _copy_table(conn: asyncpg.Connection, src: SqliteDatabase, table: Table) -> None:
    """One table, in one COPY (which checks a table's references to itself at its end)."""
    try:
        await conn.copy_records_to_table(
            table.name, records=rows_of(src, table), columns=list(table.column_names)
        )
    except (asyncpg.PostgresError, ValueError, TypeError) as error:
        raise CopyFailed(f"Could not copy table {table.name}: {error}") from error


async def _advance_sequences(conn: asyncpg.Connection, tables: list[Table]) -> None:
    """Move each identity column's sequence past the largest copied id."""
    for table in tables:
        for column in table.columns:
            if not column.identity:
                continue
            top = await conn.fetchval(
                f"SELECT MAX({quoted(column.name)}) FROM {quoted(table.name)}"
            )
            if top is not None:
                await conn.execute(
                    "SELECT setval(pg_get_serial_sequence($1, $2), $3)",
                    quoted(table.name),
                    column.name,
                    int(top),
                )
