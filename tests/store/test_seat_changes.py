"""When each seat changed hands: stored with the seats a table opens with and with every
lobby seat change, in order, on both backends."""

from __future__ import annotations

from datetime import datetime

import pytest

from bot.store import Database, NewSeat, SeatRecord, TableRepository
from bot.store.database import INTEGRITY_ERRORS
from bot.store.tables import SeatChange


async def lobby(repo: TableRepository) -> int:
    """A Euchre lobby: member 7 in seat 1, an easy computer in seat 2, two seats open."""
    table = await repo.create(
        guild_id=1, channel_id=2, host_id=7, variant="euchre", players=4,
        options={"target": 10}, seed=5, seats=[NewSeat(7), NewSeat(None, "easy")],
    )
    return table.id


def who(changes: list[SeatChange]) -> list[tuple[int, int | None, str | None]]:
    return [(c.seat, c.user_id, c.computer_level) for c in changes]


async def test_the_opening_seats_are_noted_when_the_table_opens(db: Database) -> None:
    repo = TableRepository(db)
    table_id = await lobby(repo)
    changes = await repo.seat_changes(table_id)
    assert who(changes) == [(0, 7, None), (1, None, "easy")]  # open seats need no row
    opened = (await repo.get(table_id))
    assert opened is not None
    assert {c.changed_at for c in changes} == {opened.created_at}


async def test_a_seat_taken_then_given_up_has_the_times_in_order(db: Database) -> None:
    repo = TableRepository(db)
    table_id = await lobby(repo)
    await repo.change_lobby_seat(SeatRecord(table_id, 2, user_id=8))
    await repo.change_lobby_seat(SeatRecord(table_id, 2))
    await repo.change_lobby_seat(SeatRecord(table_id, 2, computer_level="hard"))
    changes = await repo.seat_changes(table_id)
    assert who(changes)[2:] == [(2, 8, None), (2, None, None), (2, None, "hard")]
    times = [datetime.fromisoformat(c.changed_at) for c in changes]
    assert times == sorted(times)
    assert (await repo.seats(table_id))[2] == SeatRecord(table_id, 2, None, "hard")


async def test_a_refused_seat_change_is_not_noted(db: Database) -> None:
    repo = TableRepository(db)
    table_id = await lobby(repo)
    with pytest.raises(INTEGRITY_ERRORS):  # member 7 already sits in seat 1
        await repo.change_lobby_seat(SeatRecord(table_id, 3, user_id=7))
    assert who(await repo.seat_changes(table_id)) == [(0, 7, None), (1, None, "easy")]
