"""The standings benchmark on a tiny server: the seeded data holds together and every
measured case answers something."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Database
from bot.store.moderation.modlog import MOD_KINDS
from bot.store.opening import open_database
from tests.load.standings.__main__ import run
from tests.load.standings.seed import GUILD_ID, SeedPlan, seed, seeded_games
from tests.load.standings.timing import all_cases, answered, discover, measure, table

GAMES, MEMBERS = 300, 50


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """An open, migrated database of the test's own."""
    database = await open_database(tmp_path / "bench.sqlite3", synchronous="NORMAL")
    yield database
    await database.close()


async def count(db: Database, sql: str) -> int:
    row = await db.fetchone(sql)
    assert row is not None
    return int(row[0])


@pytest.fixture
async def seeded(db: Database) -> Database:
    """A database with the tiny server seeded."""
    summary = await seed(db, SeedPlan(games=GAMES, members=MEMBERS))
    assert (summary.games, summary.members) == (GAMES, MEMBERS)
    return db


async def test_the_seeded_server_holds_together(seeded: Database) -> None:
    db = seeded
    assert await seeded_games(db) == GAMES
    assert await count(db, "SELECT COUNT(*) FROM tables WHERE status = 'finished'") == GAMES
    assert await count(db, "SELECT COUNT(*) FROM tables") == GAMES
    assert await count(db, "SELECT COUNT(*) FROM rated_results") == GAMES
    assert await db.fetchall("PRAGMA foreign_key_check") == []
    # Every member played (a member who erased their data plays as a pseudonym).
    members = await count(
        db,
        "SELECT COUNT(*) FROM (SELECT user_id FROM result_players WHERE user_id > 0"
        " UNION SELECT user_id FROM departures WHERE user_id > 0)",
    )
    former = await count(db, "SELECT COUNT(*) FROM former_members")
    assert former >= 1 and members + former == MEMBERS
    assert await count(db, "SELECT COUNT(*) FROM ratings WHERE user_id < 0") == 0
    # Every person's game is on their season's and the all-time board, and per count.
    for scope, players in (
        ("x.season", "0"),
        ("0", "0"),
        ("x.season", "CASE WHEN r.variant IN ('flip', 'railroad') THEN r.players ELSE 0 END"),
    ):
        missing = await count(
            db,
            "SELECT COUNT(*) FROM result_players p JOIN results r USING (table_id)"
            " JOIN rated_results x USING (table_id) WHERE p.user_id > 0 AND NOT EXISTS"
            " (SELECT 1 FROM ratings g WHERE g.guild_id = r.guild_id AND g.variant = r.variant"
            f" AND g.user_id = p.user_id AND g.season = {scope} AND g.players = {players})",
        )
        assert missing == 0, (scope, players)
    uneven = await count(
        db,
        "SELECT COUNT(*) FROM ratings s JOIN ratings a ON a.guild_id = s.guild_id"
        " AND a.variant = s.variant AND a.user_id = s.user_id AND a.players = s.players"
        " AND a.season = 0 WHERE s.season > 0 AND s.games > a.games",
    )
    assert uneven == 0
    assert await count(db, "SELECT COUNT(*) FROM ratings WHERE ordinal <> mu - 3 * sigma") == 0
    kinds = {row[0] for row in await db.fetchall("SELECT DISTINCT kind FROM mod_actions")}
    assert kinds == set(MOD_KINDS)
    assert await count(db, "SELECT MAX(number) FROM seasons WHERE ended_at IS NULL") == 2


async def test_every_case_answers(seeded: Database) -> None:
    server = await discover(seeded, GUILD_ID)
    assert server.busiest != server.typical
    timings = [await measure(case, 1) for case in await all_cases(seeded, server)]
    counting = [t for t in timings if t.command == "(counting)"]
    assert [t.answer for t in counting] == [0, 1]  # nothing pending; the one game counted
    for timing in timings:
        if timing in counting:
            continue
        assert answered(timing.answer), (timing.command, timing.case)
    commands = {t.command for t in timings}
    assert commands == {"/leaderboard", "/stats", "/history", "/modlog", "/season start",
                        "(counting)"}
    drawn = [t for t in timings if t.target == 300.0]  # the answers with pictures
    assert {t.command for t in drawn} == {"/leaderboard", "/stats", "/season start"}
    assert any("pairs" in t.case for t in drawn) and any("cards" in t.case for t in drawn)
    assert table(timings).count("\n") == len(timings)
    # Counting was measured inside a transaction rolled back: the file is as seeded.
    assert await count(seeded, "SELECT COUNT(*) FROM rated_results") == GAMES


async def test_the_command_seeds_once_and_reuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bench.sqlite3"
    await run(path, GAMES, MEMBERS, 1)
    first = capsys.readouterr().out
    await run(path, GAMES, MEMBERS, 1)
    second = capsys.readouterr().out
    assert "Seeded in" in first and "Reusing" in second
    for out in (first, second):
        assert "/leaderboard" in out and "MiB" in out
