"""PostgreSQL: its migrations, schema version, start-up refusals and a lost connection."""

from __future__ import annotations

import asyncpg
import pytest

from bot.store import Database, SchemaTooNewError
from bot.store.backends.postgres import PostgresDatabase, explain_connect_error, redacted
from bot.store.database import (
    MIGRATIONS_DIR,
    DatabaseUnusableError,
    StoreUnavailableError,
    load_migrations,
)
from bot.store.opening import open_database
from bot.store.tables import NewSeat, TableRepository
from tests.postgres_server import cut, drop_schema, new_schema

LATEST = load_migrations(dialect="postgresql")[-1].version


async def columns(db: Database) -> list[tuple[str, str, str, str]]:
    """Every column of the schema with its type and nullability, to compare two schemas."""
    rows = await db.fetchall(
        "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns"
        " WHERE table_schema = current_schema() ORDER BY table_name, column_name"
    )
    return [tuple(row) for row in rows]


async def indexes(db: Database) -> list[tuple[str, str]]:
    """Every index with its definition (the schema's name left out)."""
    rows = await db.fetchall(
        "SELECT indexname, indexdef, schemaname FROM pg_indexes"
        " WHERE schemaname = current_schema() ORDER BY indexname"
    )
    return [(row[0], row[1].replace(f"{row[2]}.", "")) for row in rows]


def test_both_databases_have_the_same_schema_history() -> None:
    sqlite = [(m.version, m.name) for m in load_migrations(dialect="sqlite")]
    postgresql = [(m.version, m.name) for m in load_migrations(dialect="postgresql")]
    assert sqlite == postgresql
    assert {p.name for p in (MIGRATIONS_DIR / "sqlite").glob("*.sql")} == {
        p.name for p in (MIGRATIONS_DIR / "postgresql").glob("*.sql")
    }


async def test_an_empty_database_is_migrated_and_reopening_applies_nothing(
    postgres_url: str,
) -> None:
    db = await open_database(postgres_url)
    try:
        assert isinstance(db, PostgresDatabase)
        assert await db.schema_version() == LATEST
        await db.execute("INSERT INTO guild_settings VALUES (1, 'max_tables', '3', NULL, 'now')")
    finally:
        await db.close()
    again = await open_database(postgres_url)
    try:
        assert await again.schema_version() == LATEST
        assert (await again.fetchone("SELECT value FROM guild_settings"))["value"] == "3"
    finally:
        await again.close()


@pytest.mark.parametrize("start", range(1, LATEST))
async def test_every_earlier_version_upgrades_to_the_fresh_schema(
    postgres_server_url: str, start: int
) -> None:
    fresh_url = await new_schema(postgres_server_url)
    old_url = await new_schema(postgres_server_url)
    try:
        fresh = await open_database(fresh_url)
        expected = (await columns(fresh), await indexes(fresh))
        await fresh.close()
        old = await open_database(old_url, migrations=load_migrations(dialect="postgresql")[:start])
        assert await old.schema_version() == start
        await old.close()
        upgraded = await open_database(old_url)
        try:
            assert await upgraded.schema_version() == LATEST
            assert (await columns(upgraded), await indexes(upgraded)) == expected
        finally:
            await upgraded.close()
    finally:
        await drop_schema(postgres_server_url, fresh_url)
        await drop_schema(postgres_server_url, old_url)


async def test_a_database_newer_than_the_code_is_refused(postgres_url: str) -> None:
    db = await open_database(postgres_url)
    await db.execute("UPDATE bower_schema SET version = 99")
    await db.close()
    with pytest.raises(SchemaTooNewError, match=r"DATABASE_URL .*schema version 99.*newer Bower"):
        await open_database(postgres_url)


async def test_an_unreachable_server_is_one_line_naming_the_setting() -> None:
    url = "postgresql://bower:secret@127.0.0.1:9/bower"
    with pytest.raises(DatabaseUnusableError) as refused:
        await open_database(url)
    line = str(refused.value)
    assert "DATABASE_URL" in line and "no PostgreSQL server answers" in line
    assert "secret" not in line and "\n" not in line


async def test_a_missing_database_is_named_with_the_fix(postgres_server_url: str) -> None:
    url = postgres_server_url.rsplit("/", 1)[0] + "/no_such_bower"
    with pytest.raises(DatabaseUnusableError, match="database does not exist.*createdb"):
        await open_database(url)


def test_a_refused_password_is_named_and_never_shown() -> None:
    url = "postgresql://bower:hunter2@db.example:5432/bower"
    line = explain_connect_error(url, asyncpg.InvalidPasswordError("password failed"))
    assert "user name or password" in line and "hunter2" not in line
    assert redacted(url) == "postgresql://bower:***@db.example:5432/bower"


async def test_a_dropped_connection_is_made_again_and_no_move_is_lost_or_doubled(
    postgres_url: str, postgres_server_url: str
) -> None:
    db = await open_database(postgres_url)
    tables = TableRepository(db)
    try:
        table = await tables.create(
            guild_id=1, channel_id=2, host_id=3, variant="euchre", players=4, options={},
            seed=5, seats=[NewSeat(user_id=3)],
        )
        await tables.append_action(table.id, 0, 0, "pass", "person", 3)
        await cut(postgres_server_url, db)
        await tables.append_action(table.id, 1, 1, "pass", "person", 3)
        assert isinstance(db, PostgresDatabase)
        reachable, db.url = db.url, "postgresql://bower@127.0.0.1:9/bower"  # the server is down
        await cut(postgres_server_url, db)
        with pytest.raises(StoreUnavailableError, match="no PostgreSQL server answers"):
            await tables.append_action(table.id, 2, 2, "pass", "person", 3)
        db.url = reachable  # back again: the same move is accepted once
        await tables.append_action(table.id, 2, 2, "pass", "person", 3)
        assert [a.index for a in await tables.actions(table.id)] == [0, 1, 2]
    finally:
        await db.close()


async def test_a_transaction_whose_connection_was_lost_never_goes_on_without_it(
    postgres_url: str, postgres_server_url: str
) -> None:
    db = await open_database(postgres_url)
    try:
        with pytest.raises(StoreUnavailableError):
            async with db.transaction():
                await db.execute("INSERT INTO guild_settings VALUES (1, 'a', '1', NULL, 'now')")
                await cut(postgres_server_url, db)
                with pytest.raises(StoreUnavailableError):  # the cut is found here...
                    await db.execute("INSERT INTO guild_settings VALUES (1, 'b', '2', NULL, 'x')")
                # ...and a body that carries on is not given a new connection behind its back
                await db.execute("INSERT INTO guild_settings VALUES (1, 'c', '3', NULL, 'x')")
        assert await db.fetchall("SELECT key FROM guild_settings") == []  # none of it kept
    finally:
        await db.close()
