"""Counting results into ratings and records: once each, atomically, across restarts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.ratings.skill import COMPUTER_SKILL, NEW_PLAYER
from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.ratings import CountedResult, RatingRepository
from bot.store.standings.seasons import Board
from bot.store.standings.stats import BoardQuery, StatsRepository
from bot.store.standings.values import SeatRecords
from tests.store.helpers import ALICE, BOB, CAROL, stored_result
from tests.tables.helpers import GUILD, make_service, open_db, play_to_end, started

SEASON_ONE = Board(1)
EUCHRE_BOARD = BoardQuery(GUILD, "euchre", SEASON_ONE)


async def count(db: Database, rows: str) -> int:
    """How many rows ``SELECT count(*) FROM <rows>`` finds."""
    row = await db.fetchone(f"SELECT count(*) FROM {rows}")
    return int(row[0]) if row else 0


async def test_a_result_is_counted_once(db: Database) -> None:
    table_id = await stored_result(db, (ALICE,), (BOB,))
    updater = RatingUpdater(db)
    assert await updater.apply_pending() == 1
    assert await updater.apply_pending() == 0
    ratings = RatingRepository(db)
    alice = await ratings.get(GUILD, "euchre", SEASON_ONE, user_id=ALICE)
    bob = await ratings.get(GUILD, "euchre", SEASON_ONE, user_id=BOB)
    assert alice is not None and bob is not None
    assert (alice.games, alice.wins, bob.games, bob.wins) == (1, 1, 1, 0)
    assert alice.ordinal > 0 > bob.ordinal
    assert await ratings.is_rated(table_id)
    # applying the same outcomes again by hand is refused too
    assert not await ratings.apply(CountedResult(table_id, GUILD, "euchre", "", 1), [])


async def test_ratings_carry_from_game_to_game_in_order(db: Database) -> None:
    for _ in range(3):
        await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    alice = await RatingRepository(db).get(GUILD, "euchre", SEASON_ONE, user_id=ALICE)
    assert alice is not None and (alice.games, alice.wins) == (3, 3)
    assert alice.skill.sigma < NEW_PLAYER.sigma
    history = await StatsRepository(db).history(GUILD, ALICE)
    assert [h.result.table_id for h in history] == [3, 2, 1]
    # each game starts from where the one before it ended
    assert history[2].before == NEW_PLAYER
    assert history[1].before == history[2].after and history[0].before == history[1].after
    assert all(h.won and (h.ordinal_change or 0) > 0 for h in history)


async def test_computers_keep_fixed_ratings_but_count_games(db: Database) -> None:
    await stored_result(db, (ALICE, "easy"), ("hard", "hard"))
    await RatingUpdater(db).apply_pending()
    ratings = RatingRepository(db)
    hard = await ratings.get(GUILD, "euchre", SEASON_ONE, computer_level="hard")
    easy = await ratings.get(GUILD, "euchre", SEASON_ONE, computer_level="easy")
    assert hard is not None and easy is not None
    assert hard.skill == COMPUTER_SKILL["hard"] and (hard.games, hard.wins) == (2, 0)
    assert easy.skill == COMPUTER_SKILL["easy"] and (easy.games, easy.wins) == (1, 1)
    board = await StatsRepository(db).leaderboard(EUCHRE_BOARD)
    assert [e.rating.user_id for e in board] == [ALICE]  # computers are not ranked


async def test_guilds_and_games_are_rated_apart(db: Database) -> None:
    await stored_result(db, (ALICE,), (BOB,))
    await stored_result(db, (BOB,), (ALICE,), guild=GUILD + 1)
    await stored_result(db, (BOB,), (ALICE,), variant="over_the_rhine")
    await RatingUpdater(db).apply_pending()
    stats = StatsRepository(db)
    assert [e.rating.user_id for e in await stats.leaderboard(EUCHRE_BOARD)] == [ALICE, BOB]
    assert [
        e.rating.user_id
        for e in await stats.leaderboard(BoardQuery(GUILD + 1, "euchre", SEASON_ONE))
    ] == [BOB, ALICE]
    bob = await stats.player(GUILD, BOB, 1)
    assert {s.variant: (s.rating.games, s.rating.wins, s.place) for s in bob} == {
        "euchre": (1, 0, 2),
        "over_the_rhine": (1, 1, 1),
    }


async def test_leaderboard_pages_and_places(db: Database) -> None:
    people = list(range(100, 125))
    for winner, loser in zip(people, people[1:], strict=False):
        await stored_result(db, (winner,), (loser,))
    await RatingUpdater(db).apply_pending()
    stats = StatsRepository(db)
    assert await stats.ranked_count(EUCHRE_BOARD) == 25
    first, third = await stats.leaderboard(EUCHRE_BOARD, limit=10), None
    third = await stats.leaderboard(EUCHRE_BOARD, offset=20, limit=10)
    assert [e.place for e in first] == list(range(1, 11)) and len(third) == 5
    ordinals = [e.rating.ordinal for e in first]
    assert ordinals == sorted(ordinals, reverse=True)
    for entry in first + third:
        assert await stats.place_of(EUCHRE_BOARD, entry.rating) == entry.place


async def test_a_failure_while_counting_counts_nothing(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await stored_result(db, (ALICE, CAROL), (BOB, "normal"))
    calls = 0
    real = RatingRepository._save_records

    async def flaky(self: RatingRepository, table_id: int, outcome: object) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:  # after two seats' ratings and records are written
            raise RuntimeError("disk on fire")
        await real(self, table_id, outcome)  # type: ignore[arg-type]

    monkeypatch.setattr(RatingRepository, "_save_records", flaky)
    with pytest.raises(RuntimeError):
        await RatingUpdater(db).apply_pending()
    assert await count(db, "ratings") == 0
    assert await count(db, "seat_records") == 0
    monkeypatch.setattr(RatingRepository, "_save_records", real)
    assert await RatingUpdater(db).apply_pending() == 1
    assert await count(db, "ratings WHERE user_id IS NOT NULL AND season = 1") == 3
    assert await count(db, "ratings WHERE user_id IS NOT NULL AND season = 0") == 3


async def test_counted_once_across_a_restart_at_the_end_of_a_game(db_path: Path) -> None:
    db = await open_db(db_path)
    service = make_service(db)
    table = await started(service, "railroad", people=(ALICE, BOB), options={"target": 20})
    table = await play_to_end(service, table.id, (ALICE, BOB), rng=random.Random(3))
    assert table.status == "finished"
    await service.close()  # killed right after the result was stored: nothing counted yet
    await db.close()

    for expected in (1, 0):  # the first start counts it, the second finds nothing to do
        db = await open_db(db_path)
        service = make_service(db)
        try:
            await service.restore()
            assert await RatingUpdater(db).apply_pending() == expected
            ratings = RatingRepository(db)
            for user in (ALICE, BOB):
                rating = await ratings.get(GUILD, "railroad", SEASON_ONE, user_id=user)
                assert rating is not None and rating.games == 1
            assert await count(db, f"seat_records WHERE table_id = {table.id}") == 4
        finally:
            await service.close()
            await db.close()


async def test_records_come_from_the_replayed_log(db: Database) -> None:
    service = make_service(db)
    try:
        totals = SeatRecords()
        for seed in range(3):
            table = await started(service, "euchre", people=(ALICE, BOB), options={"target": 5})
            await play_to_end(service, table.id, (ALICE, BOB), rng=random.Random(seed))
        await RatingUpdater(db).apply_pending()
        for stats in await StatsRepository(db).player(GUILD, ALICE, 1):
            totals = totals + stats.records
            assert stats.rating.games == 3 and stats.hands_played >= 3
        rows = await db.fetchall(
            "SELECT s.euchred FROM seat_records s JOIN result_players p USING (table_id, seat)"
            " WHERE p.user_id = ?",
            (ALICE,),
        )
        assert totals.euchred == sum(row["euchred"] for row in rows)
    finally:
        await service.close()


async def test_an_abandoned_game_changes_no_rating(db: Database) -> None:
    service = make_service(db)
    try:
        table = await started(service, "euchre", people=(ALICE, BOB))
        await service.end_table(table.id, CAROL)
        assert await RatingUpdater(db).apply_pending() == 0
        assert await count(db, "ratings") == 0
        assert await StatsRepository(db).history(GUILD, ALICE) == []
    finally:
        await service.close()
