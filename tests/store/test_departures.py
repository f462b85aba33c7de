"""Departures: one standing departure per member and table, returns kept on record."""

from __future__ import annotations

from bot.store import Database
from bot.store.departures import DepartureRepository, NewDeparture
from bot.store.standings.values import Skill

from .helpers import ALICE, BOB, CAROL, stored_result


def gone(table_id: int, user_id: int, why: str = "left", seat: int = 1) -> NewDeparture:
    return NewDeparture(table_id, seat, user_id, "hard", why, 3, True)  # type: ignore[arg-type]


async def test_a_departure_is_kept_with_why_and_when(db: Database) -> None:
    table_id = await stored_result(db, (ALICE,), (BOB,))
    departures = DepartureRepository(db)
    assert await departures.record(gone(table_id, BOB))
    found = await departures.of_member(table_id, BOB)
    assert found is not None
    where = (found.seat, found.why, found.hand_number, found.computer_level)
    assert where == (1, "left", 3, "hard")
    assert found.penalised and found.departed_at and found.ordinal_change is None
    assert await departures.of_member(table_id, ALICE) is None


async def test_a_member_already_gone_is_not_recorded_twice(db: Database) -> None:
    table_id = await stored_result(db, (ALICE,), (BOB,))
    departures = DepartureRepository(db)
    assert await departures.record(gone(table_id, BOB, "timeouts"))
    assert not await departures.record(gone(table_id, BOB, "left"))
    assert [d.why for d in await departures.of_table(table_id)] == ["timeouts"]


async def test_a_return_ends_a_stand_in_but_stays_on_record(db: Database) -> None:
    table_id = await stored_result(db, (ALICE,), (BOB,))
    departures = DepartureRepository(db)
    await departures.record(gone(table_id, BOB, "timeouts"))
    await departures.record(gone(table_id, CAROL, "left", seat=3))
    assert await departures.returned(table_id, BOB)
    assert not await departures.returned(table_id, CAROL)  # only a stand-in ends that way
    assert [d.user_id for d in await departures.of_table(table_id)] == [CAROL]
    assert await departures.record(gone(table_id, BOB, "timeouts"))  # gone again later
    row = await db.fetchone("SELECT count(*) FROM departures WHERE user_id = ?", (BOB,))
    assert row is not None and row[0] == 2


async def test_the_rating_change_is_stored_with_the_departure(db: Database) -> None:
    table_id = await stored_result(db, (ALICE,), (BOB,))
    departures = DepartureRepository(db)
    await departures.record(gone(table_id, BOB))
    found = await departures.of_member(table_id, BOB)
    assert found is not None
    await departures.set_rating(found.id, Skill(25, 8), Skill(23, 7.9))
    found = await departures.of_member(table_id, BOB)
    assert found is not None and found.before == Skill(25, 8)
    assert found.ordinal_change is not None and round(found.ordinal_change, 6) == -1.7
