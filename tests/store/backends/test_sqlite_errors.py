"""A database file Bower cannot use is refused with one line that names DATABASE_PATH and
says what to do (a StoreError), never a bare OSError or sqlite3 error."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.store.database import (
    Database,
    DatabaseUnusableError,
    SchemaTooNewError,
    StoreError,
    explain_database_error,
)
from bot.store.opening import open_database


async def test_a_path_inside_a_file_is_named_with_the_fix(tmp_path: Path) -> None:
    plain = tmp_path / "plain-file"
    plain.write_text("not a folder")
    with pytest.raises(DatabaseUnusableError, match="DATABASE_PATH .* is a file, not a folder"):
        await open_database(plain / "bower.sqlite3")


async def test_a_file_that_is_not_sqlite_is_named_with_the_fix(tmp_path: Path) -> None:
    notes = tmp_path / "notes.sqlite3"
    notes.write_bytes(b"these are my notes, not a database" * 100)
    with pytest.raises(DatabaseUnusableError, match="DATABASE_PATH .* is not a SQLite database"):
        await open_database(notes)
    assert notes.read_bytes().startswith(b"these are my notes")  # left as it was


async def test_a_read_only_database_is_named_with_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bower.sqlite3"
    sqlite3.connect(path).close()  # an empty, unmigrated file...
    real = aiosqlite.connect

    def read_only(database: Any, **options: Any) -> aiosqlite.Connection:
        return real(f"file:{database}?mode=ro", uri=True, **options)  # ...we may not write

    monkeypatch.setattr(aiosqlite, "connect", read_only)
    with pytest.raises(DatabaseUnusableError, match="DATABASE_PATH .* cannot be written") as seen:
        await open_database(path)
    assert "write access" in str(seen.value)


async def test_every_refusal_is_a_store_error(db: Database, db_path: Path) -> None:
    await db.execute("PRAGMA user_version = 99")
    await db.close()
    with pytest.raises(StoreError, match="DATABASE_PATH") as seen:
        await open_database(db_path)
    assert isinstance(seen.value, SchemaTooNewError)


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (sqlite3.OperationalError("database or disk is full"), "the disk is full"),
        (sqlite3.DatabaseError("database disk image is malformed"), "restore it from a backup"),
        (sqlite3.OperationalError("attempt to write a readonly database"), "write access"),
        (PermissionError(13, "Permission denied"), "write access"),
        (sqlite3.DatabaseError("file is not a database"), "not a SQLite database"),
        (NotADirectoryError(20, "Not a directory"), "choose a path inside a folder"),
        (sqlite3.OperationalError("something new"), "check the file and its folder"),
    ],
)
def test_each_problem_gets_its_own_fix(error: BaseException, words: str) -> None:
    line = explain_database_error(Path("data/bower.sqlite3"), error)
    assert line.startswith("DATABASE_PATH data/bower.sqlite3")
    assert words in line and "\n" not in line
