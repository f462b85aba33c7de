"""Finished games for review: only a finished game of the member's own server is given;
the opinion of a seat is worked out once (asks at the same time share the work) and kept."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.review.library import ReviewLibrary, ReviewRefused
from bot.review.opinion import Opinion
from bot.store import Database, NewSeat, ResultPlayer, ResultRecord, ResultRepository
from bot.store.departures import DepartureRepository, NewDeparture
from bot.store.moderation.privacy import PrivacyRepository
from bot.store.opening import open_database
from bot.store.tables import TableRepository
from tests.review.helpers import finished

GUILD, OTHER_GUILD, BOB = 7, 8, 101


@pytest.fixture
async def db(database_target: str | Path) -> AsyncIterator[Database]:
    """A fresh database: each test runs on SQLite and on PostgreSQL."""
    database = await open_database(database_target)
    yield database
    await database.close()


async def stored_game(db: Database, *, bob_left: bool = False) -> int:
    """A finished Euchre game bob played with three computers, stored with its log
    (``bob_left``: bob left during hand 2 and a computer played his seat to the end)."""
    game = finished("euchre", 4)
    tables = TableRepository(db)
    table = await tables.create(
        guild_id=GUILD,
        channel_id=1,
        host_id=BOB,
        variant="euchre",
        players=4,
        options=game.options,
        seed=1,
        seats=[NewSeat(BOB), NewSeat(None, "easy"), NewSeat(None, "easy"), NewSeat(None, "easy")],
    )
    for index, action in enumerate(game.log):
        await tables.append_action(table.id, index, 0, action, "person")
    winner = game.winner
    bobs = None if bob_left else BOB
    seats = tuple(
        ResultPlayer(s, s % 2, bobs if s == 0 else None, "easy" if bobs is None or s else None,
                     s % 2 == winner)
        for s in range(4)
    )
    if bob_left:
        await DepartureRepository(db).record(
            NewDeparture(table.id, 0, BOB, "easy", "left", 2, True)
        )
    await ResultRepository(db).record(
        ResultRecord(
            table.id, GUILD, "euchre", 4, winner, tuple(game.scores), game.hand_number, (), seats
        )
    )
    await tables.set_status(table.id, "finished")
    return table.id


async def test_only_a_finished_game_of_this_server_is_given(db: Database) -> None:
    table_id = await stored_game(db)
    library = ReviewLibrary(db, None)
    game = await library.game(table_id, GUILD)
    assert game.seat_of(BOB) == 0 and game.record.scores == game.result.final_scores
    assert await library.latest(GUILD, BOB) == table_id
    with pytest.raises(ReviewRefused, match="played in another server"):
        await library.game(table_id, OTHER_GUILD)
    with pytest.raises(ReviewRefused, match="There is no game #999"):
        await library.game(999, GUILD)
    lobby = await TableRepository(db).create(
        guild_id=GUILD,
        channel_id=1,
        host_id=BOB,
        variant="euchre",
        players=4,
        options={},
        seed=2,
        seats=[NewSeat(BOB), NewSeat(), NewSeat(), NewSeat()],
    )
    with pytest.raises(ReviewRefused, match="not over yet"):
        await library.game(lobby.id, GUILD)
    with pytest.raises(ReviewRefused, match="not finished a game"):
        await library.latest(OTHER_GUILD, BOB)


async def test_point_2_a_member_who_left_a_game_can_review_it(db: Database) -> None:
    """/history lists a game its member left; /review finds it too, as their latest game
    and among their choices, with their seat and side."""
    played = await stored_game(db)
    left = await stored_game(db, bob_left=True)
    library = ReviewLibrary(db, None)
    assert await library.latest(GUILD, BOB) == left
    games = await library.recent(GUILD, BOB)
    assert [(g.result.table_id, g.seat, g.left) for g in games] == [
        (left, 0, True), (played, 0, False)
    ]
    assert games[0].side == 0
    assert (await library.game(left, GUILD)).seat_of(BOB) == 0


async def test_an_opinion_is_worked_out_once_and_kept(db: Database) -> None:
    table_id = await stored_game(db)
    calls: list[tuple[Any, ...]] = []

    def analyse(*args: Any, **kwargs: Any) -> Opinion:
        calls.append(args)
        return Opinion(seat=args[5], decisions=(), perfect=())

    library = ReviewLibrary(db, None, analyse)
    game = await library.game(table_id, GUILD)
    assert await library.stored_opinion(game, 0) is None
    first, second = await asyncio.gather(library.opinion(game, 0), library.opinion(game, 0))
    assert first == second == Opinion(0, (), ()) and len(calls) == 1
    assert calls[0][:4] == ("euchre", 4, 1, game.record.options)
    again = ReviewLibrary(db, None, analyse)  # after a restart: read back, not redone
    assert await again.opinion(await again.game(table_id, GUILD), 0) == first
    assert len(calls) == 1


async def test_a_kept_game_is_read_again_once_a_member_erased_their_data(db: Database) -> None:
    table_id = await stored_game(db)
    library = ReviewLibrary(db, None)
    assert (await library.game(table_id, GUILD)).seat_of(BOB) == 0
    pseudonym = await PrivacyRepository(db).erase(GUILD, BOB, erased_by=BOB)
    library.forget_server(OTHER_GUILD)
    assert (await library.game(table_id, GUILD)).seat_of(BOB) == 0  # still the kept copy
    library.forget_server(GUILD)
    game = await library.game(table_id, GUILD)
    assert game.seat_of(BOB) is None and game.seat_of(pseudonym) == 0
