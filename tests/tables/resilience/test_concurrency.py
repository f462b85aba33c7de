"""Simultaneous clicks apply at most one action; tables never wait for each other."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables import TableError, TableEvent, TableService
from tests.tables.helpers import ALICE, BOB, CAROL, HOST, person_turn, started

PEOPLE = (HOST, ALICE, BOB, CAROL)


async def test_two_simultaneous_clicks_apply_one_action(service: TableService) -> None:
    table = await started(service, "euchre", people=PEOPLE)
    user, table = await person_turn(service, table.id)
    legal = service.hand(table.id, user).legal
    results = await asyncio.gather(
        service.act(table.id, user, legal[0], expected_turn=table.turn),
        service.act(table.id, user, legal[-1], expected_turn=table.turn),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, TableError)]
    assert len(errors) == 1 and "earlier turn" in errors[0].message
    actions = await service.tables.actions(table.id)
    assert len(actions) == 1 and actions[0].action in (legal[0], legal[-1])


async def test_simultaneous_clicks_without_a_turn_number(service: TableService) -> None:
    table = await started(service, "euchre", people=PEOPLE)
    user, table = await person_turn(service, table.id)
    results = await asyncio.gather(
        service.act(table.id, user, "pass"),
        service.act(table.id, user, "pass"),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, TableError)]
    assert len(errors) == 1 and errors[0].message == "It's not your turn."
    assert await service.tables.action_count(table.id) == 1


async def test_a_busy_table_does_not_block_another(service: TableService) -> None:
    first = await started(service, "euchre", people=PEOPLE)
    second = await started(service, "euchre", people=PEOPLE)
    live = service._live[first.id]
    async with live.lock:  # the first table is busy...
        user, table = await person_turn(service, second.id)
        action = service.hand(second.id, user).legal[0]
        await asyncio.wait_for(service.act(second.id, user, action), 1)  # ...the second is not
    assert await service.tables.action_count(second.id) == 1


async def test_a_slow_subscriber_delays_only_its_own_table(service: TableService) -> None:
    first = await started(service, "euchre", people=PEOPLE)
    second = await started(service, "euchre", people=PEOPLE)
    await service.wait_idle()
    gate = asyncio.Event()
    seen: list[int] = []

    async def slow(event: TableEvent) -> None:
        if event.table_id == first.id:
            await gate.wait()
        seen.append(event.table_id)

    service.subscribe(slow)
    for table in (first, second):
        current = await service.get(table.id)
        assert current.current_user is not None
        hand = service.hand(table.id, current.current_user)
        await service.act(table.id, current.current_user, hand.legal[0])
    await asyncio.sleep(0.05)
    assert second.id in seen and first.id not in seen
    gate.set()
    await service.wait_idle()
    assert first.id in seen


async def test_a_stale_action_after_the_turn_moved_on(service: TableService) -> None:
    table = await started(service, "euchre", people=PEOPLE)
    user, table = await person_turn(service, table.id)
    old_turn = table.turn
    await service.act(table.id, user, service.hand(table.id, user).legal[0])
    nxt, table = await person_turn(service, table.id)
    with pytest.raises(TableError, match="earlier turn"):
        await service.act(
            table.id, nxt, service.hand(table.id, nxt).legal[0], expected_turn=old_turn
        )
