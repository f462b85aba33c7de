"""Helpers for table-service tests: building services, filling tables, playing games."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bot.engine import VARIANTS
from bot.store import Database
from bot.store.opening import open_database
from bot.tables import ServiceConfig, Table, TableEvent, TableService, first_legal
from bot.tables.computer import DecideFn

GUILD, CHANNEL = 1000, 2000
HOST, ALICE, BOB, CAROL = 11, 12, 13, 14
FAST = ServiceConfig(computer_delay=0, think_time=0, timer_scale=0.005, retry_delay=0.01)


class Recorder:
    """A subscriber that keeps every event."""

    def __init__(self) -> None:
        self.events: list[TableEvent] = []

    async def __call__(self, event: TableEvent) -> None:
        self.events.append(event)

    def of(self, kind: type[TableEvent], table_id: int | None = None) -> list[Any]:
        """The events of one type (and table)."""
        return [
            e
            for e in self.events
            if isinstance(e, kind) and (table_id is None or e.table_id == table_id)
        ]


async def open_db(path: str | Path) -> Database:
    """A migrated database at ``path``, a file or a PostgreSQL URL (fast sync: tests do not
    need power-cut safety)."""
    return await open_database(path, synchronous="NORMAL")


def make_service(
    db: Database, decide: DecideFn = first_legal, executor: Executor | None = None, **config: Any
) -> TableService:
    """A service with a thread pool and no pauses (``config`` overrides FAST)."""
    settings = {**FAST.__dict__, **config}
    return TableService(
        db, decide, executor=executor or ThreadPoolExecutor(2), config=ServiceConfig(**settings)
    )


def quick_options(variant: str) -> dict[str, Any]:
    """Options that make a game short: the lowest target."""
    names = {o.name for o in VARIANTS[variant].options}
    return {"target": 1} if "target" in names else {}


async def lobby(
    service: TableService,
    variant: str = "euchre",
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    host: int = HOST,
    guild: int = GUILD,
) -> Table:
    """A fresh lobby hosted by ``host`` in the test guild (or ``guild``)."""
    return await service.create(
        guild_id=guild,
        channel_id=CHANNEL,
        host_id=host,
        variant=variant,
        players=players,
        options=options,
    )


async def started(
    service: TableService,
    variant: str = "euchre",
    people: Sequence[int] = (HOST,),
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    guild: int = GUILD,
) -> Table:
    """A started game: ``people`` in the first seats (people[0] hosts), computers after."""
    table = await lobby(service, variant, players, options, host=people[0], guild=guild)
    for user in people[1:]:
        table = await service.join(table.id, user)
    while not table.is_full:
        table = await service.add_computer(table.id, people[0])
    return await service.start(table.id, people[0])


async def play_to_end(
    service: TableService,
    table_id: int,
    people: Sequence[int],
    rng: random.Random | None = None,
    limit: int = 5000,
) -> Table:
    """Play the people's turns through ``act`` (first or random legal) until the game ends."""
    for _ in range(limit):
        await service.wait_idle()
        table = await service.get(table_id)
        if table.status != "playing":
            return table
        user = table.current_user
        assert user in people, f"stuck: seat {table.current_seat} is {table.seats}"
        hand = service.hand(table_id, user)
        action = rng.choice(hand.legal) if rng else hand.legal[0]
        await service.act(table_id, user, action, expected_turn=hand.turn)
    raise AssertionError("game did not end")


async def person_turn(service: TableService, table_id: int) -> tuple[int, Table]:
    """Wait for the computers, then the person to act and the table."""
    await service.wait_idle()
    table = await service.get(table_id)
    assert table.current_user is not None
    return table.current_user, table


async def stored_state(service: TableService, table_id: int) -> tuple[Any, ...]:
    """Everything stored about a table, to check that a refusal changed nothing."""
    return (
        await service.tables.get(table_id),
        await service.tables.seats(table_id),
        await service.tables.seat_changes(table_id),
        await service.tables.actions(table_id),
        await service.results.get(table_id),
    )


async def eventually(check: Any, timeout: float = 3.0) -> None:
    """Wait until ``check()`` (sync or async) is true."""
    import asyncio
    import inspect
    import time

    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.005)
