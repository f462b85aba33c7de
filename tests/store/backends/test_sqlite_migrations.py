"""Upgrading a database from every earlier schema version, data included."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ratings.updater import RatingUpdater
from bot.store import Database, SchemaTooNewError
from bot.store.database import load_migrations
from bot.store.opening import open_database
from bot.store.settings import SettingsRepository
from bot.store.standings.pairs import PairQuery, pair_board
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import Board
from tests.store.helpers import ALICE, BOB, stored_result
from tests.tables.helpers import GUILD

SEASON_ONE = Board(1)

LATEST = load_migrations()[-1].version


async def schema(db: Database) -> list[tuple[str, str]]:
    """Every table and index with its SQL, to compare two databases' schemas."""
    rows = await db.fetchall(
        "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name"
    )
    return [(row["name"], row["sql"]) for row in rows]


async def test_version_two_adds_ratings_and_records(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "fresh.sqlite3")
    try:
        assert LATEST >= 2 and await db.schema_version() == LATEST
        names = {name for name, _ in await schema(db)}
        assert {"ratings", "rated_results", "seat_records"} <= names
    finally:
        await db.close()


@pytest.mark.parametrize("start", range(LATEST))
async def test_every_earlier_version_upgrades_to_the_fresh_schema(
    tmp_path: Path, start: int
) -> None:
    fresh = await open_database(tmp_path / "fresh.sqlite3")
    expected = await schema(fresh)
    await fresh.close()

    path = tmp_path / "old.sqlite3"
    old = await open_database(path, migrations=load_migrations()[:start])
    assert await old.schema_version() == start
    await old.close()
    upgraded = await open_database(path)
    try:
        assert await upgraded.schema_version() == LATEST
        assert await schema(upgraded) == expected
    finally:
        await upgraded.close()


async def test_version_one_data_survives_and_old_results_get_rated(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    v1 = await open_database(path, migrations=load_migrations()[:1])
    first = await stored_result(v1, (ALICE,), (BOB,))
    second = await stored_result(v1, (BOB, "hard"), (ALICE, "easy"))
    await v1.execute(
        "INSERT INTO guild_settings VALUES (?, 'max_tables', '3', ?, '2026-01-01T00:00:00')",
        (GUILD, ALICE),
    )
    await v1.execute(
        "INSERT INTO settings_log (guild_id, key, old_value, new_value, changed_by, changed_at)"
        " VALUES (?, 'max_tables', NULL, '3', ?, '2026-01-01T00:00:00')",
        (GUILD, ALICE),
    )
    await v1.close()

    db = await open_database(path)
    try:
        assert await db.schema_version() == LATEST
        settings = SettingsRepository(db)
        assert (await settings.get(GUILD)).max_tables == 3
        [change] = await settings.history(GUILD)  # the old settings log, now the mod log's
        assert (change.key, change.old, change.new, change.changed_by) == (
            "max_tables",
            None,
            3,
            ALICE,
        )
        ratings = RatingRepository(db)
        assert await ratings.unrated() == [first, second]
        assert await RatingUpdater(db).apply_pending() == 2
        alice = await ratings.get(GUILD, "euchre", SEASON_ONE, user_id=ALICE)
        assert alice is not None and (alice.games, alice.wins) == (2, 1)
    finally:
        await db.close()


async def test_a_newer_database_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    db = await open_database(path)
    await db.execute(f"PRAGMA user_version = {LATEST + 1}")
    await db.close()
    with pytest.raises(SchemaTooNewError, match=f"schema version {LATEST + 1}.*newer Bower"):
        await open_database(path)


async def test_ratings_from_before_seasons_become_season_one_and_all_time(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v5.sqlite3"
    v5 = await open_database(path, migrations=load_migrations()[:5])
    await v5.execute(
        "INSERT INTO ratings (guild_id, variant, user_id, mu, sigma, ordinal, games, wins,"
        " updated_at) VALUES (?, 'euchre', ?, 30.0, 5.0, 15.0, 4, 3, '2026-05-01T10:00:00')",
        (GUILD, ALICE),
    )
    await v5.close()

    db = await open_database(path)
    try:
        ratings = RatingRepository(db)
        for board in (SEASON_ONE, Board(0)):
            alice = await ratings.get(GUILD, "euchre", board, user_id=ALICE)
            assert alice is not None
            assert (alice.games, alice.wins, alice.ordinal) == (4, 3, 15.0)
            assert alice.last_played == "2026-05-01T10:00:00"
    finally:
        await db.close()


async def test_partnerships_of_games_counted_before_version_ten_are_filled_in(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v9.sqlite3"
    v9 = await open_database(path, migrations=load_migrations()[:9])
    for _ in range(2):  # counted then (the updater of that version marked them)
        table = await stored_result(v9, (ALICE, BOB), (301, 302))
        await v9.execute("INSERT INTO rated_results (table_id, rated_at, season)"
                         " VALUES (?, '2026-01-01', 1)", (table,))
    await stored_result(v9, (ALICE, BOB), (301, 302))  # not counted yet: counted later
    await v9.close()

    db = await open_database(path)
    try:
        for season in (1, 0):
            board = await pair_board(db, PairQuery(GUILD, "euchre", season, minimum=2))
            assert [(e.first, e.second, e.games, e.wins) for e in board] == [
                (ALICE, BOB, 2, 2), (301, 302, 2, 0)]
        await RatingUpdater(db).apply_pending()  # the third game adds to them as it counts
        alice = await RatingRepository(db).get(GUILD, "euchre", SEASON_ONE, user_id=ALICE)
        assert alice is not None and alice.last_change is not None and alice.last_change > 0
        board = await pair_board(db, PairQuery(GUILD, "euchre", 0, minimum=3))
        assert [(e.first, e.games, e.wins) for e in board] == [(ALICE, 3, 3), (301, 3, 0)]
    finally:
        await db.close()
