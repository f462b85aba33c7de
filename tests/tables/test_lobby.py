"""Lobbies: opening tables, seats, computers, starting and cancelling; every refusal."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.engine import VARIANTS
from bot.tables import Table, TableChanged, TableError, TableService

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    HOST,
    Recorder,
    lobby,
    stored_state,
)


async def refused(
    service: TableService, table_id: int, message: str, call: Callable[[], Awaitable[Any]]
) -> None:
    """``call`` raises a TableError matching ``message`` and changes nothing."""
    before = (await service.get(table_id), await stored_state(service, table_id))
    with pytest.raises(TableError, match=message):
        await call()
    assert (await service.get(table_id), await stored_state(service, table_id)) == before


async def test_create_seats_the_host_and_stores_the_lobby(
    service: TableService, recorder: Recorder
) -> None:
    table = await lobby(service)
    assert table.status == "lobby" and table.variant_name == "Euchre"
    assert table.seats[0].user_id == HOST and all(s.is_empty for s in table.seats[1:])
    assert table.options == VARIANTS["euchre"].option_defaults
    record = await service.tables.get(table.id)
    assert record is not None and record.seed == table.seed and record.status == "lobby"
    await service.wait_idle()
    assert [(e.reason, e.table_id) for e in recorder.of(TableChanged)] == [("created", table.id)]


async def test_seeds_come_from_a_secure_random_source(service: TableService) -> None:
    seeds = {(await lobby(service)).seed for _ in range(5)}
    assert len(seeds) == 5 and all(0 <= s < 2**63 for s in seeds)


async def test_options_layer_guild_defaults_under_the_hosts_choice(service: TableService) -> None:
    await service.settings.set(
        GUILD, "options:euchre", {"target": 7, "stick_dealer": False}, changed_by=1
    )
    table = await lobby(service, options={"target": 12})
    assert table.options == {"target": 12, "stick_dealer": False}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variant": "chess"}, "There is no such game"),
        ({"variant": "euchre", "players": 3}, "Euchre is played by 4 players, not 3"),
        ({"variant": "euchre", "options": {"target": 0}}, "at least 1"),
        ({"variant": "euchre", "options": {"speed": 2}}, "no option 'speed'"),
    ],
)
async def test_bad_create_requests(
    service: TableService, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(TableError, match=message):
        await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, **kwargs)
    assert await service.tables.count_open(GUILD) == 0


async def test_channels_and_the_table_limit_are_enforced(service: TableService) -> None:
    await service.settings.set(GUILD, "table_channels", [CHANNEL], changed_by=1)
    await service.settings.set(GUILD, "max_tables", 2, changed_by=1)
    with pytest.raises(TableError, match=f"can't be opened in this channel. Try <#{CHANNEL}>"):
        await service.create(guild_id=GUILD, channel_id=999, host_id=HOST, variant="euchre")
    first = await lobby(service)
    await lobby(service)
    with pytest.raises(TableError, match="already has 2 tables open"):
        await lobby(service)
    await service.cancel(first.id, HOST)
    await lobby(service)  # a closed table frees its place
    assert await service.tables.count_open(GUILD) == 2


async def test_join_add_computer_remove_and_start(service: TableService) -> None:
    table = await lobby(service)
    table = await service.join(table.id, ALICE, seat=2)
    table = await service.add_computer(table.id, ALICE, level="hard")
    assert [(s.user_id, s.computer_level) for s in table.seats] == [
        (HOST, None),
        (None, "hard"),
        (ALICE, None),
        (None, None),
    ]
    table = await service.remove_seat(table.id, HOST, 1)
    table = await service.add_computer(table.id, HOST)
    table = await service.join(table.id, BOB)
    assert table.is_full and table.seats[1].computer_level == "normal"
    table = await service.start(table.id, HOST)
    assert table.status == "playing" and table.turn == 0 and table.current_seat is not None
    assert table.sides == ((0, 2), (1, 3))
    seats = await service.tables.seats(table.id)
    assert [(s.user_id, s.computer_level) for s in seats] == [
        (HOST, None),
        (None, "normal"),
        (ALICE, None),
        (BOB, None),
    ]
    changes = await service.tables.seat_changes(table.id)
    assert [(c.seat, c.user_id, c.computer_level) for c in changes] == [
        (0, HOST, None),  # as it opened
        (2, ALICE, None),
        (1, None, "hard"),
        (1, None, None),  # the host emptied it
        (1, None, "normal"),
        (3, BOB, None),
    ]


async def test_lobby_refusals_change_nothing(service: TableService) -> None:
    table = await lobby(service)
    tid = table.id
    await service.join(tid, ALICE)
    await refused(service, tid, "already seated", lambda: service.join(tid, ALICE))
    await refused(service, tid, "Seat 2 is taken", lambda: service.join(tid, BOB, seat=1))
    await refused(
        service, tid, "no seat 9: seats are 1 to 4", lambda: service.join(tid, BOB, seat=8)
    )
    await refused(
        service, tid, "Only players at this table", lambda: service.add_computer(tid, CAROL)
    )
    await refused(
        service,
        tid,
        "no computer level 'genius'",
        lambda: service.add_computer(tid, HOST, level="genius"),
    )
    await refused(
        service, tid, "Only the host can remove", lambda: service.remove_seat(tid, ALICE, 0)
    )
    await refused(service, tid, "Use Leave", lambda: service.remove_seat(tid, HOST, 0))
    await refused(
        service, tid, "Seat 3 is already empty", lambda: service.remove_seat(tid, HOST, 2)
    )
    await refused(service, tid, "Only the host can start", lambda: service.start(tid, ALICE))
    await refused(service, tid, "2 still empty", lambda: service.start(tid, HOST))
    await refused(service, tid, "not seated", lambda: service.leave(tid, CAROL))
    await refused(service, tid, "Only the host or a moderator", lambda: service.cancel(tid, ALICE))
    await refused(service, tid, "hasn't started", lambda: service.act(tid, HOST, "pass"))
    await service.join(tid, BOB)
    await service.join(tid, CAROL)
    await refused(service, tid, "The table is full", lambda: service.join(tid, 99))
    await refused(service, tid, "The table is full", lambda: service.add_computer(tid, HOST))
    await service.start(tid, HOST)
    await refused(service, tid, "already started", lambda: service.join(tid, 99))
    await refused(service, tid, "already started", lambda: service.start(tid, HOST))
    await refused(service, tid, "only a moderator can end it", lambda: service.cancel(tid, HOST))


async def test_computers_can_be_turned_off(service: TableService) -> None:
    table = await lobby(service)
    await service.add_computer(table.id, HOST)
    await service.join(table.id, ALICE)
    await service.join(table.id, BOB)
    await service.settings.set(GUILD, "computers_allowed", False, changed_by=1)
    await refused(
        service,
        table.id,
        "turned off in this server: remove them first",
        lambda: service.start(table.id, HOST),
    )
    await refused(
        service,
        table.id,
        "Computer players are turned off",
        lambda: service.add_computer(table.id, HOST),
    )


async def test_leaving_a_lobby_passes_the_host_on_or_cancels(service: TableService) -> None:
    table = await lobby(service)
    await service.add_computer(table.id, HOST)
    await service.join(table.id, ALICE)
    table = await service.leave(table.id, HOST)
    assert table.host_id == ALICE and table.seats[0].is_empty
    assert (await service.tables.get(table.id)).host_id == ALICE  # type: ignore[union-attr]
    table = await service.leave(table.id, ALICE)
    assert table.status == "cancelled"
    changes = await service.tables.seat_changes(table.id)
    assert [(c.seat, c.user_id) for c in changes][-2:] == [(0, None), (2, None)]  # both left
    assert (await service.tables.get(table.id)).status == "cancelled"  # type: ignore[union-attr]
    with pytest.raises(TableError, match="That table was cancelled"):
        await service.join(table.id, BOB)


async def test_cancel_by_host_or_moderator(service: TableService) -> None:
    a, b = await lobby(service), await lobby(service)
    assert (await service.cancel(a.id, HOST)).status == "cancelled"
    assert (await service.cancel(b.id, CAROL, is_moderator=True)).status == "cancelled"
    with pytest.raises(TableError, match="That table was cancelled"):
        await service.cancel(a.id, HOST)
    assert service.open_tables() == []


async def test_unknown_table(service: TableService) -> None:
    with pytest.raises(TableError, match="There is no table 4242"):
        await service.join(4242, HOST)
    with pytest.raises(TableError, match="There is no table 4242"):
        await service.get(4242)


async def test_lookups(service: TableService) -> None:
    a = await lobby(service)
    b = await service.create(guild_id=GUILD + 1, channel_id=77, host_id=ALICE, variant="euchre")
    table: Table = await service.set_location(b.id, message_id=5, thread_id=78)
    assert (table.message_id, table.thread_id) == (5, 78)
    assert [t.id for t in service.open_tables(GUILD)] == [a.id]
    assert [t.id for t in service.tables_in_channel(78)] == [b.id]
    assert [t.id for t in service.tables_of_user(ALICE)] == [b.id]
