"""The table and result repositories: typed rows in, the same typed rows out."""

from __future__ import annotations

import pytest

from bot.store import (
    Database,
    NewSeat,
    ResultPlayer,
    ResultRecord,
    ResultRepository,
    SeatRecord,
    TableRepository,
)
from bot.store.database import INTEGRITY_ERRORS


async def new_table(repo: TableRepository, guild: int = 1, host: int = 7, **kw: object):
    return await repo.create(
        guild_id=guild,
        channel_id=2,
        host_id=host,
        variant="euchre",
        players=4,
        options={"target": 10, "stick_dealer": True},
        seed=2**62 + 5,
        seats=[NewSeat(host), NewSeat(None, "easy")],
        **kw,
    )


def result_for(table_id: int, guild: int = 1) -> ResultRecord:
    seats = (
        ResultPlayer(0, 0, 7, None, True),
        ResultPlayer(1, 1, None, "easy", False),
        ResultPlayer(2, 0, 8, None, True, standin=True),
        ResultPlayer(3, 1, None, "hard", False),
    )
    return ResultRecord(
        table_id=table_id,
        guild_id=guild,
        variant="euchre",
        players=4,
        winner_side=0,
        final_scores=(10, 4),
        hands_played=2,
        hand_scores=((4, 0), (6, 4)),
        seats=seats,
    )


async def test_create_and_read_a_table(db: Database) -> None:
    repo = TableRepository(db)
    table = await new_table(repo)
    assert table == await repo.get(table.id)
    assert (table.status, table.host_id, table.seed, table.players) == ("lobby", 7, 2**62 + 5, 4)
    assert table.options == {"target": 10, "stick_dealer": True}
    assert await repo.seats(table.id) == [
        SeatRecord(table.id, 0, 7),
        SeatRecord(table.id, 1, None, "easy"),
        SeatRecord(table.id, 2),
        SeatRecord(table.id, 3),
    ]
    assert await repo.get(999) is None


async def test_seats_status_host_and_location(db: Database) -> None:
    repo = TableRepository(db)
    table = await new_table(repo)
    await repo.set_seat(SeatRecord(table.id, 2, 9, "normal", standin=True, timeouts=3))
    assert (await repo.seats(table.id))[2] == SeatRecord(table.id, 2, 9, "normal", True, 3)
    await repo.set_status(table.id, "playing")
    await repo.set_host(table.id, 9)
    await repo.set_location(table.id, message_id=55, thread_id=66)
    await repo.set_location(table.id, message_id=56)
    stored = await repo.get(table.id)
    assert stored is not None
    assert (stored.status, stored.host_id, stored.message_id, stored.thread_id) == (
        "playing",
        9,
        56,
        66,
    )
    assert await repo.tables_of_user(9) == [stored]
    assert await repo.tables_of_user(9, ["finished"]) == []


async def test_a_person_sits_once_per_table(db: Database) -> None:
    repo = TableRepository(db)
    table = await new_table(repo)
    with pytest.raises(INTEGRITY_ERRORS):
        await repo.set_seat(SeatRecord(table.id, 3, 7))


async def test_actions_append_in_order_and_never_twice(db: Database) -> None:
    repo = TableRepository(db)
    table = await new_table(repo)
    first = await repo.append_action(table.id, 0, 1, "pass", "person", 7)
    await repo.append_action(table.id, 1, 2, "order", "computer")
    with pytest.raises(INTEGRITY_ERRORS):
        await repo.append_action(table.id, 1, 2, "pass", "computer")
    actions = await repo.actions(table.id)
    assert actions[0] == first
    assert [(a.index, a.seat, a.action, a.source, a.actor_id) for a in actions] == [
        (0, 1, "pass", "person", 7),
        (1, 2, "order", "computer", None),
    ]
    assert await repo.action_count(table.id) == 2


async def test_open_tables_counted_per_guild(db: Database) -> None:
    repo = TableRepository(db)
    a, b = await new_table(repo), await new_table(repo)
    await new_table(repo, guild=2)
    await repo.set_status(b.id, "cancelled")
    assert await repo.count_open(1) == 1
    assert [t.id for t in await repo.open_in_guild(1)] == [a.id]
    assert [t.id for t in await repo.with_status(["lobby"])] == [a.id, a.id + 2]


async def test_one_rematch_per_table(db: Database) -> None:
    repo = TableRepository(db)
    table = await new_table(repo)
    again = await new_table(repo, rematch_of=table.id)
    assert await repo.rematch_of(table.id) == again
    with pytest.raises(INTEGRITY_ERRORS):
        await new_table(repo, rematch_of=table.id)


async def test_results_are_recorded_exactly_once(db: Database) -> None:
    tables, results = TableRepository(db), ResultRepository(db)
    table = await new_table(tables)
    result = result_for(table.id)
    assert await results.record(result) is True
    assert await results.record(result) is False
    stored = await results.get(table.id)
    assert stored is not None and stored.finished_at
    assert stored == ResultRecord(**{**result.__dict__, "finished_at": stored.finished_at})
    assert [p.is_computer for p in stored.seats] == [False, True, False, True]
    count = await db.fetchone("SELECT count(*) FROM result_players")
    assert count[0] == 4


async def test_finished_without_result(db: Database) -> None:
    tables, results = TableRepository(db), ResultRepository(db)
    a, b = await new_table(tables), await new_table(tables)
    await tables.set_status(a.id, "finished")
    await tables.set_status(b.id, "finished")
    await results.record(result_for(b.id))
    assert [t.id for t in await tables.finished_without_result()] == [a.id]


async def test_results_by_guild_and_by_user(db: Database) -> None:
    tables, results = TableRepository(db), ResultRepository(db)
    ids = []
    for guild in (1, 1, 2):
        table = await new_table(tables, guild=guild)
        await results.record(result_for(table.id, guild))
        ids.append(table.id)
    assert [r.table_id for r in await results.for_guild(1)] == [ids[1], ids[0]]
    assert await results.for_guild(1, variant="flip") == []
    assert [g.result.table_id for g in await results.for_user(8)] == [ids[2], ids[1], ids[0]]
    assert [g.result.table_id for g in await results.for_user(8, guild_id=2)] == [ids[2]]
    assert await results.for_user(12345) == []
