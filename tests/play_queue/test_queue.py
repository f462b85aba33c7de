"""The /play queue with a real table service: tables open, fill, start and are announced;
waits end on the (scaled) clock and survive a restart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from bot.play_queue import OpenedTable, PlayQueue
from bot.store import Database
from bot.store.play_queue import PlayQueueRepository, QueuedMember
from bot.tables import TableError, TableService
from bot.tables.events import TableChanged
from tests.tables.helpers import CHANNEL, GUILD

SCALE = 0.002  # a minute's wait lasts 0.12 s


class Announced:
    """The tables the queue announced."""

    def __init__(self) -> None:
        self.tables: list[OpenedTable] = []

    async def __call__(self, opened: OpenedTable) -> None:
        self.tables.append(opened)


@pytest.fixture
async def queue(db: Database, service: TableService) -> AsyncIterator[tuple[PlayQueue, Announced]]:
    announced = Announced()
    play = PlayQueue(PlayQueueRepository(db), service, announced, scale=SCALE, retry_after=0.05)
    service.subscribe(play.on_table_event)
    yield play, announced
    await play.close()


def wants(
    user: int,
    *,
    computers: bool = True,
    minutes: int = 1,
    variant: str = "euchre",
    players: int = 4,
) -> QueuedMember:
    return QueuedMember(
        guild_id=GUILD,
        user_id=user,
        variant=variant,
        players=players,
        options={"target": 10, "stick_dealer": True} if variant == "euchre" else {},
        computers=computers,
        wait_minutes=minutes,
        channel_id=CHANNEL,
    )


async def test_four_members_are_seated_at_one_started_table_hosted_by_the_first(
    queue: tuple[PlayQueue, Announced], service: TableService
) -> None:
    play, announced = queue
    for user in (21, 22, 23):
        outcome = await play.join(wants(user, minutes=60))
        assert outcome.opened is None
    outcome = await play.join(wants(24, minutes=60))
    assert outcome.opened is not None
    table = outcome.opened.table
    assert table.status == "playing" and table.host_id == 21
    assert table.people == (21, 22, 23, 24)
    assert [o.seating.user_ids for o in announced.tables] == [(21, 22, 23, 24)]
    assert await play.waiting(GUILD) == []
    assert play.timer.when is None


async def test_play_table_is_first_seen_started_never_as_a_lobby(
    queue: tuple[PlayQueue, Announced], service: TableService
) -> None:
    """Issue point 5: the table a /play match opens is published once, started: no lobby
    (with Join, Start and Cancel) shows first."""
    play, _ = queue
    seen: list[tuple[str, str]] = []

    async def note(event: object) -> None:
        if isinstance(event, TableChanged):
            seen.append((event.reason, event.table.status))

    service.subscribe(note)
    for user in (41, 42, 43, 44):
        await play.join(wants(user, minutes=60))
    await service.wait_idle()
    assert seen[0] == ("started", "playing"), seen
    assert not [s for s in seen if s[1] == "lobby"], seen


async def test_a_lone_member_gets_computers_after_the_wait(
    queue: tuple[PlayQueue, Announced], service: TableService
) -> None:
    play, announced = queue
    await play.join(wants(31))
    await play.join(wants(32, computers=False))
    assert service.open_tables(GUILD) == []
    async with asyncio.timeout(3):
        while not announced.tables:
            await asyncio.sleep(0.02)
    table = announced.tables[0].table
    assert table.status == "playing" and table.people == (31,)
    assert sum(1 for s in table.seats if s.is_computer) == 3
    assert [m.user_id for m in await play.waiting(GUILD)] == [32]  # people only: still waits


async def test_a_seated_member_is_refused_and_nothing_changes(
    queue: tuple[PlayQueue, Announced], service: TableService
) -> None:
    play, _ = queue
    await play.join(wants(41, minutes=60))
    lobby = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=42, variant="euchre")
    with pytest.raises(TableError, match=f"already sit at table #{lobby.id}"):
        await play.join(wants(42))
    assert [m.user_id for m in await play.waiting(GUILD)] == [41]


async def test_joining_a_table_by_hand_leaves_the_queue(
    queue: tuple[PlayQueue, Announced], service: TableService
) -> None:
    play, _ = queue
    await play.join(wants(51, minutes=60))
    await play.join(wants(52, minutes=60))
    lobby = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=53, variant="euchre")
    await service.join(lobby.id, 51)
    async with asyncio.timeout(2):
        while len(await play.waiting(GUILD)) != 1:
            await asyncio.sleep(0.01)
    assert [m.user_id for m in await play.waiting(GUILD)] == [52]


async def test_play_for_another_game_moves_the_member_and_again_keeps_their_place(
    queue: tuple[PlayQueue, Announced],
) -> None:
    play, _ = queue
    first = await play.join(wants(61, minutes=60))
    again = await play.join(wants(61, minutes=30))
    assert again.already and again.moved_from is None
    assert again.entry.joined_at == first.entry.joined_at
    moved = await play.join(wants(61, variant="over_the_top", players=2, minutes=60))
    assert moved.moved_from is not None and moved.moved_from.variant == "euchre"
    assert [m.variant for m in await play.waiting(GUILD)] == ["over_the_top"]
    assert await play.leave(GUILD, 61) is not None
    assert await play.leave(GUILD, 61) is None
    assert await play.waiting(GUILD) == []


async def test_a_full_server_keeps_the_members_waiting(
    queue: tuple[PlayQueue, Announced], service: TableService
) -> None:
    play, announced = queue
    await service.settings.set(GUILD, "max_tables", 1, changed_by=None)
    await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=70, variant="euchre")
    for user in (71, 72, 73, 74):
        outcome = await play.join(wants(user, minutes=60))
        assert outcome.opened is None
    assert announced.tables == []
    assert len(await play.waiting(GUILD)) == 4
    assert len(service.open_tables(GUILD)) == 1
    await service.settings.set(GUILD, "max_tables", 2, changed_by=None)
    async with asyncio.timeout(3):  # tried again after retry_after, without a new /play
        while not announced.tables:
            await asyncio.sleep(0.02)
    assert announced.tables[0].table.people == (71, 72, 73, 74)
    assert await play.waiting(GUILD) == []


async def test_a_restart_keeps_the_wait_and_the_table_opens_after(
    db: Database, service: TableService
) -> None:
    announced = Announced()
    before = PlayQueue(PlayQueueRepository(db), service, announced, scale=SCALE * 3)
    await before.join(wants(81))
    await before.close()  # the bot stops before the wait ends
    await asyncio.sleep(SCALE * 3 * 60 + 0.05)
    assert announced.tables == []
    after = PlayQueue(PlayQueueRepository(db), service, announced, scale=SCALE * 3)
    opened = await after.restore()  # the wait ended during the downtime: at once
    assert [o.seating.user_ids for o in opened] == [(81,)]
    assert [o.table.id for o in announced.tables] == [opened[0].table.id]
    await after.close()


async def test_a_cluster_process_opens_tables_for_its_shards_guilds_only(
    db: Database, service: TableService
) -> None:
    announced = Announced()
    before = PlayQueue(PlayQueueRepository(db), service, announced, scale=SCALE * 3)
    await before.join(wants(81))
    await before.close()  # the bot stops before the wait ends
    await asyncio.sleep(SCALE * 3 * 60 + 0.05)
    elsewhere = PlayQueue(
        PlayQueueRepository(db), service, announced, scale=SCALE * 3, owns=lambda g: g != GUILD
    )
    assert await elsewhere.restore() == []  # another shard's guild: not this process's wait
    await asyncio.sleep(0.05)
    await elsewhere.close()
    assert announced.tables == [] and len(await elsewhere.waiting(GUILD)) == 1
    owner = PlayQueue(
        PlayQueueRepository(db), service, announced, scale=SCALE * 3, owns=lambda g: g == GUILD
    )
    assert [o.seating.user_ids for o in await owner.restore()] == [(81,)]
    await owner.close()


async def test_a_table_that_cannot_start_keeps_its_members_waiting(
    queue: tuple[PlayQueue, Announced], service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    play, announced = queue

    async def refuse(**table: object) -> None:
        raise TableError("not now")

    monkeypatch.setattr(service, "open_started", refuse)
    for user in (91, 92, 93, 94):
        outcome = await play.join(wants(user, minutes=60))
        assert outcome.opened is None
    await service.wait_idle()
    assert announced.tables == []
    assert service.open_tables(GUILD) == []
    assert [m.user_id for m in await play.waiting(GUILD)] == [91, 92, 93, 94]


async def test_after_the_wait_a_table_that_cannot_start_is_tried_again_later(
    queue: tuple[PlayQueue, Announced], service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    play, announced = queue
    real_open = service.open_started
    tries: list[object] = []

    async def refuse_once(**table: Any) -> object:
        tries.append(table["host_id"])
        if len(tries) == 1:
            raise TableError("not now")
        return await real_open(**table)

    monkeypatch.setattr(service, "open_started", refuse_once)
    await play.join(wants(95))
    async with asyncio.timeout(3):  # the first try's events must not take 95 out of the queue
        while not announced.tables:
            await asyncio.sleep(0.02)
    assert announced.tables[0].table.people == (95,)
    assert len(tries) == 2
    assert await play.waiting(GUILD) == []


class Counting:
    """Counts the store calls of the queue's repository."""

    def __init__(self, play: PlayQueue, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        for name in ("every", "remove"):
            real = getattr(play.repo, name)
            monkeypatch.setattr(play.repo, name, self._counted(name, real))

    def _counted(
        self, name: str, real: Callable[..., Awaitable[Any]]
    ) -> Callable[..., Awaitable[Any]]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return await real(*args, **kwargs)

        return counted


async def test_tables_where_nobody_waiting_sits_down_do_not_touch_the_store(
    queue: tuple[PlayQueue, Announced], service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    play, _ = queue
    await play.join(wants(101, minutes=60))
    counting = Counting(play, monkeypatch)
    lobby = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=102, variant="euchre")
    await service.join(lobby.id, 103)
    await service.wait_idle()
    assert counting.calls == []
    await service.join(lobby.id, 101)  # someone waiting sits down: they leave the queue
    await service.wait_idle()
    assert counting.calls == ["remove"]
    assert await play.waiting(GUILD) == []


async def test_play_and_leave_read_the_whole_queue_at_most_once(
    queue: tuple[PlayQueue, Announced], monkeypatch: pytest.MonkeyPatch
) -> None:
    play, _ = queue
    counting = Counting(play, monkeypatch)
    await play.join(wants(111, minutes=60))
    assert counting.calls.count("every") == 1
    await play.leave(GUILD, 111)
    assert counting.calls.count("every") == 1
    assert play.timer.when is None
