"""The SQLite file copied from: looked at read-only before anything is opened for writing,
then opened as Bower opens it (which brings an older schema up to date), and read in one
snapshot."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

from ..backends.sqlite import SqliteDatabase
from .schema import Table, quoted

CHUNK = 5000  # rows read from SQLite at a time


class CopyRefused(RuntimeError):
    """The copy cannot start (nothing was written); the message says why, in one line."""


def look_at(path: Path, latest: int) -> int:
    """The schema version of the Bower SQLite database at ``path``, read without writing;
    refused if it is missing, not SQLite, not Bower's, or newer than this Bower."""
    if not path.exists():
        raise CopyRefused(f"--from {path}: no such file; name Bower's SQLite database.")
    if not path.is_file():
        raise CopyRefused(f"--from {path} is not a file; name Bower's SQLite database.")
    try:
        uri = f"{path.resolve().as_uri()}?mode=ro"
        with closing(sqlite3.connect(uri, uri=True)) as conn:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            found = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tables'"
            ).fetchone()
    except sqlite3.Error as error:
        raise CopyRefused(f"--from {path} is not a SQLite database ({error}).") from error
    if version < 1 or found is None:
        raise CopyRefused(f"--from {path} is a SQLite database, but not Bower's.")
    if version > latest:
        raise CopyRefused(
            f"--from {path} has schema version {version}, newer than this Bower's {latest}: "
            "copy it with the Bower that wrote it."
        )
    return version


async def check_columns(source: SqliteDatabase, tables: Sequence[Table]) -> None:
    """Refuse a source whose tables or columns differ from the target's."""
    rows = await source.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    )
    found = {str(row[0]) for row in rows}
    wanted = {table.name for table in tables}
    if found != wanted:
        odd = ", ".join(sorted(found ^ wanted))
        raise CopyRefused(f"The two schemas have different tables ({odd}); nothing copied.")
    for table in tables:
        info = await source.fetchall(f"PRAGMA table_info({quoted(table.name)})")
        if {str(row["name"]) for row in info} != set(table.column_names):
            raise CopyRefused(f"Table {table.name} has different columns in the two databases.")


async def count_rows(source: SqliteDatabase, table: Table) -> int:
    """How many rows ``table`` holds in the source."""
    row = await source.fetchone(f"SELECT COUNT(*) FROM {quoted(table.name)}")
    return int(row[0]) if row else 0


async def rows_of(source: SqliteDatabase, table: Table) -> AsyncIterator[tuple[Any, ...]]:
    """Every row of ``table``, its values in the target's column order and types."""
    columns = ", ".join(quoted(name) for name in table.column_names)
    kinds = [(i, c.kind) for i, c in enumerate(table.columns) if c.kind is not None]
    async with source.conn.execute(f"SELECT {columns} FROM {quoted(table.name)}") as cursor:
        while chunk := await cursor.fetchmany(CHUNK):
            for row in chunk:
                values = list(row)
                for i, kind in kinds:
                    value = values[i]
                    if value is not None and type(value) is not kind:
                        values[i] = _as(kind, value)
                yield tuple(values)


def _as(kind: type, value: Any) -> Any:
    """``value`` as ``kind`` (SQLite keeps what a column was given; PostgreSQL does not)."""
    if kind is str and isinstance(value, bytes):
        return value.decode("utf-8")
    return kind(value)
