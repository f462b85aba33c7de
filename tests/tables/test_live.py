"""Snapshots of a live table: taken again only when something in them changed."""

from __future__ import annotations

from bot.tables import TableService

from .helpers import ALICE, BOB, CAROL, HOST, person_turn, started


async def test_an_unchanged_table_is_one_snapshot_and_every_change_shows(
    service: TableService,
) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE, BOB, CAROL))
    user, table = await person_turn(service, table.id)
    assert await service.get(table.id) is await service.get(table.id)

    moved = await service.act(table.id, user, service.hand(table.id, user).legal[0])
    assert moved.turn == table.turn + 1
    assert (await service.get(table.id)).turn == moved.turn

    user, table = await person_turn(service, table.id)
    seat = table.current_seat
    replaced = await service.replace_with_computer(table.id, seat, HOST)
    assert replaced.seats[seat].user_id is None
    assert (await service.get(table.id)).seats[seat].left_by == user
