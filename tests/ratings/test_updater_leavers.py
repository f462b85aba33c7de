"""Leavers lose: a member who left a game (or whose hand a computer still held at its end,
or whom a moderator replaced) loses it in their rating, once; their partner is rated as
if the computer that took the seat had played all along."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.departures import DepartureReason, DepartureRepository, NewDeparture
from bot.store.standings.ratings import CountedResult, RatingRepository
from bot.store.standings.seasons import Board
from bot.store.standings.stats import StatsRepository
from tests.store.helpers import ALICE, BOB, CAROL, stored_result
from tests.tables.helpers import GUILD, make_service, open_db, play_to_end, started

SEASON_ONE = Board(1)

OTHER_GUILD = GUILD + 1


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_db(tmp_path / "bower.sqlite3")
    yield database
    await database.close()


async def leaves(
    db: Database,
    table_id: int,
    user_id: int,
    seat: int,
    *,
    why: DepartureReason = "left",
    penalty: bool = True,
) -> None:
    """Record that ``user_id`` left seat ``seat`` of the table during hand 2."""
    assert await DepartureRepository(db).record(
        NewDeparture(table_id, seat, user_id, "normal", why, 2, penalty)
    )


async def rating(db: Database, user_id: int, guild: int = GUILD) -> tuple[int, int, float] | None:
    found = await RatingRepository(db).get(guild, "euchre", SEASON_ONE, user_id=user_id)
    return None if found is None else (found.games, found.wins, found.ordinal)


@pytest.mark.parametrize("why", ["left", "replaced"])
async def test_a_leaver_of_the_winning_side_loses_once_and_the_partner_wins_as_usual(
    db: Database, why: DepartureReason
) -> None:
    # Alice (seat 0) and the computer in seat 2, where Carol sat, win against Bob.
    table_id = await stored_result(db, (ALICE, "normal"), (BOB,))
    await leaves(db, table_id, CAROL, 2, why=why)
    await stored_result(db, (ALICE, "normal"), (BOB,), guild=OTHER_GUILD)  # nobody left
    updater = RatingUpdater(db)
    assert await updater.apply_pending() == 2
    assert await updater.apply_pending() == 0
    carol = await rating(db, CAROL)
    assert carol is not None and carol[:2] == (1, 0) and carol[2] < 0
    assert await rating(db, ALICE) == await rating(db, ALICE, OTHER_GUILD)
    assert await rating(db, BOB) == await rating(db, BOB, OTHER_GUILD)
    departure = await DepartureRepository(db).of_member(table_id, CAROL)
    assert departure is not None and (departure.ordinal_change or 0) < 0
    # the seat's own record stays the computer's
    row = await db.fetchone(
        "SELECT user_id FROM seat_records WHERE table_id = ? AND seat = 2", (table_id,)
    )
    assert row is not None and row["user_id"] is None
    # counting again by hand is refused: still one game for Carol
    assert not await RatingRepository(db).apply(CountedResult(table_id, GUILD, "euchre", "", 1), [])
    assert await rating(db, CAROL) == carol


async def test_a_leaver_whose_side_lost_loses_like_a_player_who_stayed_and_lost(
    db: Database,
) -> None:
    table_id = await stored_result(db, (ALICE,), (BOB, "normal"))  # Carol's seat 3 lost
    await leaves(db, table_id, CAROL, 3)
    await stored_result(db, (ALICE,), (BOB, CAROL), guild=OTHER_GUILD)
    await RatingUpdater(db).apply_pending()
    assert await rating(db, CAROL) == await rating(db, CAROL, OTHER_GUILD)


async def test_with_the_penalty_off_a_leaver_is_not_rated(db: Database) -> None:
    table_id = await stored_result(db, (ALICE,), (BOB, "normal"))
    await leaves(db, table_id, CAROL, 3, penalty=False)
    await RatingUpdater(db).apply_pending()
    assert await rating(db, CAROL) is None
    assert await StatsRepository(db).player(GUILD, CAROL, 1) == []
    departure = await DepartureRepository(db).of_member(table_id, CAROL)
    assert departure is not None and departure.before is None


async def test_a_stand_in_holding_the_hand_at_the_end_makes_it_a_loss(db: Database) -> None:
    table_id = await stored_result(db, (ALICE, CAROL), (BOB,))  # Carol's side won
    await leaves(db, table_id, CAROL, 2, why="timeouts")
    await RatingUpdater(db).apply_pending()
    carol = await rating(db, CAROL)
    assert carol is not None and carol[:2] == (1, 0) and carol[2] < 0
    history = await StatsRepository(db).history(GUILD, CAROL)
    assert len(history) == 1 and not history[0].won
    assert (history[0].ordinal_change or 0) < 0
    assert history[0].departure is not None and history[0].departure.why == "timeouts"


async def test_a_member_who_took_their_hand_back_is_rated_as_usual(db: Database) -> None:
    table_id = await stored_result(db, (ALICE, CAROL), (BOB,))
    await leaves(db, table_id, CAROL, 2, why="timeouts")
    assert await DepartureRepository(db).returned(table_id, CAROL)
    await RatingUpdater(db).apply_pending()
    carol = await rating(db, CAROL)
    assert carol is not None and carol[:2] == (1, 1)


async def test_a_real_game_left_midway_counts_as_a_loss_once(db_path_game: Path) -> None:
    db = await open_db(db_path_game)
    service = make_service(db)
    try:
        table = await started(service, "euchre", people=(ALICE, BOB), options={"target": 3})
        await service.leave(table.id, BOB)
        await play_to_end(service, table.id, [ALICE])
        updater = RatingUpdater(db)
        assert await updater.apply_pending() == 1
        assert await updater.apply_pending() == 0
        bob = await rating(db, BOB)
        assert bob is not None and bob[:2] == (1, 0)
        alice = await rating(db, ALICE)
        assert alice is not None and alice[0] == 1
        history = await StatsRepository(db).history(GUILD, BOB)
        assert [h.result.table_id for h in history] == [table.id] and not history[0].won
    finally:
        await service.close()
        await db.close()


@pytest.fixture
def db_path_game(tmp_path: Path) -> Path:
    return tmp_path / "game.sqlite3"
