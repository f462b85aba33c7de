"""Games counted before calls and euchring were kept get them from their replayed logs:
the figures equal what counting the same game records now, a game without its log keeps
none (so /stats still says how many games the figures cover), and filling in twice
changes nothing — on SQLite and PostgreSQL, and on a database upgraded from schema 9."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.ratings.backfill import backfill_calls
from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.database import load_migrations
from bot.store.opening import open_database
from tests.store.helpers import ALICE, BOB
from tests.tables.helpers import GUILD, make_service, play_to_end, started

FIGURES = "SELECT table_id, seat, calls, calls_made, euchring FROM seat_records"
#: The tables a counted game keeps, parents first (what a copy must hold).
GAME_TABLES = ("tables", "seats", "actions", "results", "result_players", "rated_results",
               "seat_records")


async def played_games(
    db: Database, variants: tuple[str, ...], people: tuple[int, int] = (ALICE, BOB),
    guild: int = GUILD,
) -> list[int]:
    """Games two people play to the end with computers in ``guild``, counted as they are
    now."""
    service = make_service(db)
    try:
        ids = []
        for variant in variants:
            table = await started(service, variant, people=people, options={"target": 5},
                                  guild=guild)
            table = await play_to_end(service, table.id, people, rng=random.Random(table.id))
            assert table.status == "finished"
            ids.append(table.id)
    finally:
        await service.close()
    await RatingUpdater(db).apply_pending()
    return ids


async def figures(db: Database) -> list[tuple[Any, ...]]:
    """Every seat's calls, calls made and euchring, in order."""
    return sorted(tuple(row) for row in await db.fetchall(FIGURES))


async def test_old_games_get_the_figures_counting_them_now_records(db: Database) -> None:
    first, second = await played_games(db, ("euchre", "euchre"))
    recorded = await figures(db)
    assert any(row[2] for row in recorded)  # somebody called
    # As migration 0010 leaves the games counted before it; the second game's log is gone.
    await db.execute("UPDATE seat_records SET calls = NULL, calls_made = NULL, euchring = NULL")
    await db.execute("DELETE FROM actions WHERE table_id = ?", (second,))

    assert await backfill_calls(db) == 1
    after = await figures(db)
    assert [row for row in after if row[0] == first] == [r for r in recorded if r[0] == first]
    assert all(row[2:] == (None, None, None) for row in after if row[0] == second)
    assert await backfill_calls(db) == 0 and await figures(db) == after


async def copy_game_rows(source: Database, target: Database) -> None:
    """The counted games' rows of ``source`` written into ``target`` (its columns only)."""
    for table in GAME_TABLES:
        columns = [row["name"] for row in await target.fetchall(f"PRAGMA table_info({table})")]
        names = ", ".join(columns)
        marks = ", ".join("?" for _ in columns)
        for row in await source.fetchall(f"SELECT {names} FROM {table}"):
            await target.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", tuple(row))


async def test_a_database_from_schema_9_gets_them_after_its_upgrade(tmp_path: Path) -> None:
    now = await open_database(tmp_path / "now.sqlite3", synchronous="NORMAL")
    try:
        await played_games(now, ("euchre", "railroad"))
        old = await open_database(tmp_path / "old.sqlite3", migrations=load_migrations()[:9])
        try:
            assert await old.schema_version() == 9
            await copy_game_rows(now, old)
        finally:
            await old.close()
        upgraded = await open_database(tmp_path / "old.sqlite3")
        try:
            assert all(row[2] is None for row in await figures(upgraded))
            assert await backfill_calls(upgraded) == 2
            assert await figures(upgraded) == await figures(now)
        finally:
            await upgraded.close()
    finally:
        await now.close()
