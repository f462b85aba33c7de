"""The database: pragmas, migrations in one transaction, schema version, transactions."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.store import Database, MigrationError, SchemaTooNewError
from bot.store.database import Migration, load_migrations
from bot.store.opening import open_database

TABLES = {
    "tables",
    "seats",
    "actions",
    "results",
    "result_players",
    "guild_settings",
    "mod_actions",
    "seasons",
    "former_members",
}


async def table_names(db: Database) -> set[str]:
    rows = await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row["name"] for row in rows}


async def test_migrates_an_empty_file_to_the_latest_schema(db: Database, db_path: Path) -> None:
    assert db_path.exists()
    assert await db.schema_version() == load_migrations()[-1].version
    assert await table_names(db) >= TABLES


async def test_pragmas_are_set(db: Database) -> None:
    assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"
    assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1
    assert (await db.fetchone("PRAGMA busy_timeout"))[0] == 5000


async def test_reopening_applies_nothing_and_keeps_data(db: Database, db_path: Path) -> None:
    await db.execute("INSERT INTO guild_settings VALUES (1, 'max_tables', '3', NULL, 'now')")
    await db.close()
    again = await open_database(db_path)
    try:
        assert await again.schema_version() == load_migrations()[-1].version
        assert (await again.fetchone("SELECT value FROM guild_settings"))["value"] == "3"
    finally:
        await again.close()


async def test_refuses_a_database_newer_than_the_code(db: Database, db_path: Path) -> None:
    await db.execute("PRAGMA user_version = 99")
    await db.close()
    with pytest.raises(SchemaTooNewError, match=r"schema version 99.*newer Bower"):
        await open_database(db_path)


async def test_a_failing_migration_changes_nothing(tmp_path: Path) -> None:
    good, bad = load_migrations()[0], Migration(2, "broken", "CREATE TABLE x (a); SELEC oops;")
    path = tmp_path / "db.sqlite3"
    with pytest.raises(MigrationError, match="0001_initial, 0002_broken"):
        await open_database(path, migrations=[good, bad])
    db = await open_database(path, migrations=[])
    try:
        assert await db.schema_version() == 0
        assert await table_names(db) == set()
    finally:
        await db.close()


def test_migration_files_must_be_numbered_without_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_first.sql").write_text("SELECT 1;")
    (tmp_path / "0003_third.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="out of sequence"):
        load_migrations(tmp_path)
    (tmp_path / "notes.sql").write_text("")
    with pytest.raises(MigrationError, match="not named NNNN_name.sql"):
        load_migrations(tmp_path)


async def test_transaction_rolls_back_on_error(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction():
            await db.execute("INSERT INTO guild_settings VALUES (1, 'a', '1', NULL, 'now')")
            raise RuntimeError("boom")
    assert await db.fetchone("SELECT * FROM guild_settings") is None


async def test_nested_transactions_join_the_outer_one(db: Database) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction():
            async with db.transaction():
                await db.execute("INSERT INTO guild_settings VALUES (1, 'a', '1', NULL, 'n')")
            await db.execute("INSERT INTO guild_settings VALUES (1, 'a', '2', NULL, 'n')")
    assert await db.fetchone("SELECT * FROM guild_settings") is None


async def test_concurrent_transactions_do_not_interleave(db: Database) -> None:
    async def failing() -> None:
        async with db.transaction():
            await db.execute("INSERT INTO guild_settings VALUES (1, 'a', '1', NULL, 'n')")
            await asyncio.sleep(0.02)  # the other task runs meanwhile
            raise RuntimeError("boom")

    async def succeeding() -> None:
        await asyncio.sleep(0.005)
        await db.execute("INSERT INTO guild_settings VALUES (1, 'b', '1', NULL, 'n')")

    results = await asyncio.gather(failing(), succeeding(), return_exceptions=True)
    assert isinstance(results[0], RuntimeError) and results[1] is None
    rows = await db.fetchall("SELECT key FROM guild_settings")
    assert [row["key"] for row in rows] == ["b"]


async def test_foreign_keys_are_enforced(db: Database) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        await db.execute("INSERT INTO seats (table_id, seat) VALUES (12345, 0)")
