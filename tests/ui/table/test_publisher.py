"""The publisher keeps one message per table current, coalescing edits (also those made
while its picture waits for a worker), retrying failures without losing or repeating
narration, and pinging people whose turn it is."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import discord
import pytest

import bot.drawing as bot_drawing
from bot.drawing import PictureDrawer
from bot.store import Database
from bot.tables import TableService
from bot.ui.hand.sessions import DiscordClock, HandSessions
from bot.ui.namebook import NameBook
from bot.ui.table.message import table_embed
from bot.ui.table.publisher import TablePublisher
from tests.tables.helpers import CHANNEL, HOST, make_service, open_db, play_to_end, started
from tests.ui.fakes import FakeBot, FakeChannel, _Response


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_db(tmp_path / "bower.sqlite3")
    yield database
    await database.close()


@pytest.fixture
async def service(db: Database) -> AsyncIterator[TableService]:
    svc = make_service(db)
    yield svc
    await svc.close()


PUBLISHERS: list[TablePublisher] = []


@pytest.fixture(autouse=True)
async def close_publishers(service: TableService) -> AsyncIterator[None]:
    """Close the test's publishers before its service (no task is left behind)."""
    yield
    while PUBLISHERS:
        await PUBLISHERS.pop().close()


def wire(
    service: TableService, bot: FakeBot, drawer: PictureDrawer | None = None, **options: float
) -> TablePublisher:
    names = NameBook()
    names.set(HOST, "Hostess")
    drawer = drawer or PictureDrawer(None)
    hands = HandSessions(bot, service, names, DiscordClock(), drawer)  # type: ignore[arg-type]
    publisher = TablePublisher(bot, service, names, hands, drawer, retry_delay=0.01, **options)  # type: ignore[arg-type]
    service.subscribe(publisher.on_event)
    PUBLISHERS.append(publisher)
    return publisher


async def test_a_whole_game_is_one_table_message_edited_in_place(service: TableService) -> None:
    bot = FakeBot(delay=0.005)
    publisher = wire(service, bot)
    table = await started(service, "euchre", options={"target": 3})
    final = await play_to_end(service, table.id, [HOST])
    await service.wait_idle()
    await publisher.drain()

    embeds = [m for m in bot.channel_messages(CHANNEL) if m.embed is not None]
    assert len(embeds) == 1, "one table message"
    table_message = embeds[0]
    assert "won the game" in (table_message.embed.description or "")
    assert table_message.edits < final.turn, "edits coalesce"
    news = "\n".join(m.content or "" for m in bot.channel_messages(CHANNEL))
    assert news.count("🏆") == 1 and "📊 **Hand 1 is over.**" in news
    assert news.count(f"<@{HOST}>: your turn") <= 1, "ping-only messages replace each other"


async def test_moves_made_while_the_picture_waits_for_a_worker_show_in_that_edit(
    service: TableService,
) -> None:
    """A table edit whose picture waits behind busy workers shows the table as it is when
    the picture is drawn: people see the moves made meanwhile then, not one edit later."""
    bot, gate = FakeBot(), threading.Event()
    drawer = PictureDrawer(ThreadPoolExecutor(1), slots=1)
    publisher = wire(service, bot, drawer, edit_interval=0.0)
    table = await started(service, "euchre", options={"target": 3})
    await service.wait_idle()
    await publisher.drain()
    (message,) = [m for m in bot.channel_messages(CHANNEL) if m.embed is not None]
    edits = message.edits
    busy = asyncio.ensure_future(drawer._queue(lambda: lambda: gate.wait() and b"\x89PNG", float))
    for _ in range(2):  # two of the host's moves, and the computers' after each
        while (hand := service.hand(table.id, HOST)) is None or not hand.legal:
            await service.wait_idle()
            await asyncio.sleep(0.01)
        await service.act(table.id, HOST, hand.legal[0], expected_turn=hand.turn)
        await service.wait_idle()
        await asyncio.sleep(0.05)
        assert drawer.waiting == 1 and message.edits == edits  # the edit waits for its picture
    gate.set()
    await busy
    await publisher.drain()

    state = service.public_state(table.id)
    assert state is not None
    now = table_embed(state[0], state[1], publisher.names.names)
    assert message.embed is not None and message.embed.description == now.description
    assert message.edits == edits + 1, "one edit showed both moves"


async def test_a_persons_move_is_drawn_before_computers_moves_that_waited_longer(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the workers are busy, a table where a person just moved gets its picture
    before one that has waited longer with only computers' moves to show."""
    drawn: list[str] = []

    def render_table(view: dict, *_: object, **__: object) -> bytes:
        drawn.append(str(view["variant"]))
        return b"\x89PNG"

    monkeypatch.setattr(bot_drawing, "render_table", render_table)
    bot, gate = FakeBot(), threading.Event()
    drawer = PictureDrawer(ThreadPoolExecutor(1), slots=1)
    wire(service, bot, drawer, edit_interval=0.0)
    person = await started(service, "over_the_rhine", options={"target": 1})
    await service.wait_idle()
    while (hand := service.hand(person.id, HOST)) is None or not hand.legal:
        await asyncio.sleep(0.01)
    busy = asyncio.ensure_future(drawer._queue(lambda: lambda: gate.wait() and b"\x89PNG", float))
    await asyncio.sleep(0.05)
    drawn.clear()

    await started(service, "euchre", people=(HOST + 1,), options={"target": 3})
    await asyncio.sleep(0.05)  # the new table's first picture waits, computers' moves only
    await service.act(person.id, HOST, hand.legal[0], expected_turn=hand.turn)
    await asyncio.sleep(0.05)
    assert drawer.waiting == 2 and not drawn
    gate.set()
    await busy
    await asyncio.sleep(0.1)
    assert drawn[:2] == ["over_the_rhine", "euchre"]


async def test_failed_edits_are_retried_and_nothing_is_repeated(service: TableService) -> None:
    bot = FakeBot(fail_edits=3)
    publisher = wire(service, bot)
    table = await started(service, "over_the_rhine", options={"target": 1})
    await play_to_end(service, table.id, [HOST])
    await service.wait_idle()
    await publisher.drain()
    (message,) = [m for m in bot.channel_messages(CHANNEL) if m.embed is not None]
    assert "won the game" in (message.embed.description or "")
    lines = [line for m in bot.channel_messages(CHANNEL) for line in (m.content or "").split("\n")]
    scored = [line for line in lines if line.startswith("📊")]
    assert len(scored) == len(set(scored)) == 1


async def test_people_are_pinged_when_their_turn_comes_unless_they_follow(
    service: TableService,
) -> None:
    bot = FakeBot()
    publisher = wire(service, bot, ping_quiet=0.0)
    table = await started(service, "euchre", options={"target": 2})
    for _ in range(12):  # the person takes their time: the publisher catches up first
        await service.wait_idle()
        await publisher.drain()
        now = await service.get(table.id)
        if now.status != "playing":
            break
        hand = service.hand(table.id, HOST)
        await service.act(table.id, HOST, hand.legal[0], expected_turn=hand.turn)
    sent = [m.content or "" for m in bot.messages.values()]
    assert any(f"<@{HOST}>: your game at table #{table.id} is on" in text for text in sent)
    turn_pings = [text for text in sent if f"<@{HOST}>: your turn" in text]
    assert turn_pings, "with ping_quiet=0 every turn after a computer's move pings"
    alive = [m for m in bot.messages.values() if not m.deleted and m.embed is None]
    assert sum(1 for m in alive if (m.content or "").startswith(f"<@{HOST}>: your turn")) <= 1


async def test_the_request_budget_spaces_requests_out() -> None:
    import time

    from bot.ui.table.pacing import RequestBudget

    budget = RequestBudget(rate=100.0, burst=2)
    started_at = time.monotonic()
    for _ in range(12):
        await budget.take()
    assert time.monotonic() - started_at >= 0.09


async def test_a_person_who_acts_first_is_greeted_and_pinged_in_one_accepted_message(
    service: TableService,
) -> None:
    """They are in both lines of the "has started" message; Discord accepts it only if its
    allowed mentions name them once."""
    bot = FakeBot()
    publisher = wire(service, bot, ping_quiet=0.0)
    for _ in range(40):  # the first dealer is drawn: start tables until the host leads
        table = await started(service, "euchre", options={"target": 2})
        if table.current_user == HOST:
            break
        await service.end_table(table.id, HOST)  # within the server's most open tables
    assert table.current_user == HOST, "no table where the host acts first"
    await publisher.drain()

    greeting = [
        m for m in bot.channel_messages(CHANNEL) if f"table #{table.id} is on" in (m.content or "")
    ]
    assert len(greeting) == 1, "the greeting was refused"
    assert f"<@{HOST}>: your game at table #{table.id} is on, and it's your turn." in (
        greeting[0].content or "")
    assert greeting[0].mentioned == [HOST]


async def test_a_message_discord_refuses_is_not_sent_again(
    service: TableService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A 400 would be refused again: one try and an error in the log, not eight retries, and
    the table's later narration still goes out."""
    bot = FakeBot()
    tries: list[str] = []
    send = FakeChannel.send

    async def refusing(self: FakeChannel, content: str | None = None, **kwargs: object) -> object:
        if content and "has started" in content:
            tries.append(content)
            raise discord.HTTPException(_Response(400, "Bad Request"), {"code": 50035})
        return await send(self, content, **kwargs)

    monkeypatch.setattr(FakeChannel, "send", refusing)
    publisher = wire(service, bot, ping_quiet=0.0)
    table = await started(service, "euchre", options={"target": 2})
    await play_to_end(service, table.id, [HOST])
    await publisher.drain()
    assert len(tries) == 1
    assert "Discord refused its narration" in caplog.text
    assert any("📊" in (m.content or "") for m in bot.channel_messages(CHANNEL))
