"""A load player's wait for its turn: a long wait while the table plays on is no error, a
table that stores nothing is, and the error says what was followed and what was stored."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.store import Database
from bot.store.opening import open_database
from bot.store.tables import NewSeat, TableRecord, TableRepository
from bot.tables.games import acting_seat, replay
from tests.emulator import DiscordEnv, Emulator
from tests.emulator.client.members import Member
from tests.emulator.rest import interactions as flow
from tests.emulator.rest import routes_channels
from tests.emulator.rest.messages import create_message
from tests.emulator.world.model import Channel, Message, User
from tests.load.harness import LoadPlayer, Watcher, install
from tests.load.stalls import StoredTables

ALLOWANCE = 0.3  # seconds a table may store nothing while its person waits
PATCHED = ("edit_message", "apply_callback", "edit_webhook_message", "send_followup")


@pytest.fixture
def harnessed(monkeypatch: pytest.MonkeyPatch) -> tuple[Emulator, Watcher]:
    """An emulator (not serving) with the load harness installed, undone afterwards."""
    for name in PATCHED:
        monkeypatch.setattr(flow, name, getattr(flow, name))
    monkeypatch.setattr(routes_channels, "edit_message", routes_channels.edit_message)
    emulator = Emulator()
    return emulator, install(emulator)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """The bot's database, as a load run leaves it to the harness."""
    database = await open_database(tmp_path / "bower.sqlite3", synchronous="NORMAL")
    yield database
    await database.close()


def euchre_channel(emulator: Emulator) -> Channel:
    return next(c for c in emulator.world.channels.values() if c.name == "euchre")


async def stored_table(db: Database, channel: Channel, person: User) -> TableRecord:
    """A Euchre table of ``person`` and three computers, being played."""
    tables = TableRepository(db)
    computers = [NewSeat(computer_level="normal")] * 3
    record = await tables.create(
        guild_id=channel.guild_id or 0, channel_id=channel.id, host_id=person.id,
        variant="euchre", players=4, options={}, seed=5, seats=[NewSeat(person.id), *computers],
    )
    await tables.set_status(record.id, "playing")
    return record


async def computers_move(db: Database, record: TableRecord, moves: int | None = None) -> None:
    """The computers' next moves (``moves`` of them, or all until the person's turn)."""
    tables = TableRepository(db)
    made = 0
    while moves is None or made < moves:
        actions = await tables.actions(record.id)
        game = replay(record, actions)
        seat = acting_seat(game)
        if seat is None or (moves is None and seat == 0):
            return
        await tables.append_action(record.id, len(actions), seat, game.legal_actions()[0],
                                   "computer")
        made += 1


def player(emulator: Emulator, watcher: Watcher, person: User, record: TableRecord,
           stored: StoredTables) -> LoadPlayer:
    """The person's load player, following a table message and a hand without a move."""
    world, channel = emulator.world, euchre_channel(emulator)
    table_body = {"embeds": [{"title": f"Euchre · table #{record.id}", "description": "…"}]}
    table = create_message(world, channel, table_body, [], author=world.bot)
    routes_channels.edit_message(world, table, {"content": ""}, [])
    hand_body = {"embeds": [{"title": f"Euchre · table #{record.id} · your hand",
                             "description": "⏳ **Not your turn yet.**"}]}
    hand = create_message(world, channel, hand_body, [], author=world.bot,
                          ephemeral_for=person.id)
    env = cast(DiscordEnv, SimpleNamespace(emulator=emulator))
    member = cast(Member, SimpleNamespace(name=person.username, id=person.id))
    load = LoadPlayer(env, watcher, member, table, hand=hand, stored=stored)
    load.follow(table)
    load.follow(hand)
    return load


def show_turn(emulator: Emulator, hand: Message, record: TableRecord) -> None:
    """The bot edits the person's turn into their hand."""
    button = {"type": 2, "style": 1, "label": "Pass", "custom_id": f"bower:act:{record.id}:9:pass"}
    flow.edit_message(emulator.world, hand, {"components": [{"type": 1, "components": [button]}]},
                      [])


async def test_a_wait_past_the_allowance_while_the_table_plays_on_is_no_error(
    harnessed: tuple[Emulator, Watcher], db: Database
) -> None:
    emulator, watcher = harnessed
    person = emulator.world.user("erin")
    record = await stored_table(db, euchre_channel(emulator), person)
    load = player(emulator, watcher, person, record, StoredTables(db))
    assert load.hand is not None

    async def sitting_out() -> None:  # a partner's lone hand: only computers move
        for _ in range(8):
            await asyncio.sleep(ALLOWANCE / 3)
            await computers_move(db, record, moves=1)
        show_turn(emulator, load.hand, record)

    started = time.monotonic()
    async with asyncio.TaskGroup() as group:
        group.create_task(sitting_out())
        controls = await load.turn(ALLOWANCE)
    assert [c["label"] for c in controls] == ["Pass"]
    assert time.monotonic() - started > 2 * ALLOWANCE
    [(seconds, table)] = watcher.long_waits
    assert seconds > 2 * ALLOWANCE
    assert f"table {record.id} playing" in table and "seat 0 last acted never" in table


async def test_a_table_that_stores_nothing_fails_the_wait_saying_what_was_followed(
    harnessed: tuple[Emulator, Watcher], db: Database
) -> None:
    emulator, watcher = harnessed
    person = emulator.world.user("erin")
    record = await stored_table(db, euchre_channel(emulator), person)
    await computers_move(db, record)  # the person's turn, which their hand never shows
    load = player(emulator, watcher, person, record, StoredTables(db))
    assert load.hand is not None

    with pytest.raises(TimeoutError) as failed:
        await load.turn(ALLOWANCE)
    text = str(failed.value)
    assert text.startswith("erin: waited 0.3 s; table: ")
    assert f"table message {load.table.id}: last edited at " in text
    assert f"by PATCH /channels/{load.table.channel_id}/messages/{load.table.id}" in text
    assert f"hand message {load.hand.id}: never edited since it was posted" in text
    assert f"table {record.id} playing, seats 0 erin, 1 computer (normal)" in text
    assert "to act: seat 0 erin" in text
    assert watcher.long_waits == []


async def test_an_edit_is_put_down_to_the_request_that_made_it(
    harnessed: tuple[Emulator, Watcher],
) -> None:
    emulator, watcher = harnessed
    world, channel = emulator.world, euchre_channel(emulator)
    person = world.user("erin")
    hand = create_message(world, channel, {"content": "hand"}, [], author=world.bot,
                          ephemeral_for=person.id)
    data: dict[str, Any] = {"custom_id": "bower:act:1:3:pass", "component_type": 2}
    click = flow.new_interaction(world, flow.MESSAGE_COMPONENT, person, channel, data,
                                 message=hand)
    emulator.register(click)

    flow.apply_callback(world, click, {"type": flow.UPDATE, "data": {"content": "passed"}})
    answer = watcher.edits.last(hand.id)
    assert answer is not None
    assert answer.request == (f"the callback (type 7) of interaction {click.id}"
                              " (erin, bower:act:1:3:pass)")

    flow.edit_webhook_message(world, click, "@original", {"content": "your turn"}, [])
    refresh = watcher.edits.last(hand.id)
    assert refresh is not None and refresh.at >= answer.at
    assert refresh.request == (f"PATCH webhook message @original with the token of interaction"
                               f" {click.id} (erin, bower:act:1:3:pass)")
