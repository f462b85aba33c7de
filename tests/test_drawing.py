"""Where pictures are drawn: a click's hand at once, even while every table picture and
every refresh's hand waits for a busy worker; a refresh's hand in the hands' worker; a
review step before the table pictures waiting; table pictures handed to the workers
several at a time, the longest owed first, each of the state its table is in when a
worker takes it; a state's
hand picture drawn once; a failed drawing fails only its own picture."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest

import bot.drawing
from bot.drawing import PictureDrawer
from bot.engine import new_game
from bot.pictures import SeatTag

PNG = b"\x89PNG"
TAGS = [SeatTag(f"P{i}") for i in range(4)]


def euchre_views() -> tuple[dict, list[str]]:
    game = new_game("euchre", players=4, seed=3, options={})
    seat = game.current_player
    assert seat is not None
    return game.view(seat), game.legal_actions()


async def busy_drawer(gate: threading.Event) -> tuple[PictureDrawer, asyncio.Future[bytes]]:
    """A drawer whose one worker is held until ``gate`` is set."""
    drawer = PictureDrawer(ThreadPoolExecutor(1), slots=1)
    blocker = asyncio.ensure_future(drawer._queue(lambda: lambda: gate.wait() and PNG, float))
    await asyncio.sleep(0.05)
    return drawer, blocker


async def test_a_hand_is_drawn_at_once_while_table_pictures_wait() -> None:
    gate = threading.Event()
    drawer, blocker = await busy_drawer(gate)
    view, legal = euchre_views()
    waiting = [asyncio.ensure_future(drawer.table(lambda: (view, TAGS), True)) for _ in range(3)]
    await asyncio.sleep(0)

    assert drawer.hand("key", view, legal, True, here=True).result().startswith(PNG)
    assert drawer.waiting == 3 and not any(w.done() for w in waiting)
    gate.set()
    await asyncio.gather(blocker, *waiting)


async def test_a_review_step_goes_before_every_table_picture_waiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bot.drawing, "render_record", lambda *_, **__: PNG)
    gate = threading.Event()
    drawer, blocker = await busy_drawer(gate)
    view, _ = euchre_views()
    order: list[str] = []

    async def table(name: str) -> None:
        await drawer.table(lambda: (view, TAGS), True)
        order.append(name)

    async def step() -> None:
        await drawer.record(view, TAGS, True)
        order.append("review step")

    waiting = [asyncio.ensure_future(table(f"table {i}")) for i in range(3)]
    await asyncio.sleep(0)
    mine = asyncio.ensure_future(step())
    await asyncio.sleep(0.05)
    assert drawer.waiting == 3  # the step went straight to the worker
    gate.set()
    await asyncio.gather(blocker, *waiting, mine)
    assert order == ["review step", "table 0", "table 1", "table 2"]


async def test_a_hand_picture_is_drawn_once_per_state(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = bot.drawing.render_hand

    def counting(view, legal, *, four_colour):  # type: ignore[no-untyped-def]
        drawn.append("hand")
        return real(view, legal, four_colour=four_colour)

    monkeypatch.setattr(bot.drawing, "render_hand", counting)
    drawer = PictureDrawer(None)
    view, legal = euchre_views()
    first = drawer.hand("state 1", view, legal, True).result()
    assert drawer.hand("state 1", view, legal, True, here=True).result() == first
    assert first.startswith(PNG) and len(drawn) == 1
    drawer.hand("state 2", view, legal, True)
    assert len(drawn) == 2


async def test_a_refresh_waits_for_the_hands_worker_and_a_click_never_does() -> None:
    gate = threading.Event()
    hands = ThreadPoolExecutor(1)
    drawer = PictureDrawer(None, hands)
    view, legal = euchre_views()
    blocker = asyncio.get_running_loop().run_in_executor(hands, gate.wait)

    refresh = drawer.hand("refreshed", view, legal, True)
    again = drawer.hand("refreshed", view, legal, True)
    await asyncio.sleep(0.05)
    assert again is refresh and not refresh.done()  # one drawing, in the busy worker
    click = drawer.hand("refreshed", view, legal, True, here=True)
    assert click.done() and click.result().startswith(PNG)  # the click did not wait

    gate.set()
    assert (await refresh) == click.result()
    await blocker
    hands.shutdown()


async def test_a_failed_picture_fails_alone() -> None:
    drawer = PictureDrawer(ThreadPoolExecutor(1))
    view, legal = euchre_views()

    def broken() -> bytes:
        raise ValueError("no such card")

    with pytest.raises(ValueError, match="no such card"):
        await drawer._queue(lambda: broken, float)
    assert (await drawer.table(lambda: (view, TAGS), True)).startswith(PNG)


async def test_table_pictures_are_handed_to_the_workers_several_at_a_time() -> None:
    """Each worker has the next pictures at hand, rather than waiting for a busy loop to
    read every answer before it is given another (the tables' freshness at 500 tables)."""
    gate = threading.Event()
    drawer = PictureDrawer(ThreadPoolExecutor(bot.drawing.WORKERS))
    handed = bot.drawing.WORKERS * bot.drawing.TABLE_DEPTH
    pictures = [asyncio.ensure_future(drawer._queue(lambda: lambda: gate.wait() and PNG, float))
                for _ in range(handed + 3)]
    await asyncio.sleep(0)
    assert handed >= 2 * bot.drawing.WORKERS and drawer.waiting == 3
    gate.set()
    assert await asyncio.gather(*pictures) == [PNG] * (handed + 3)


async def test_a_table_picture_that_waited_shows_its_table_as_it_is_when_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table that waited its turn behind busy workers is drawn as it is then (the moves
    made meanwhile show at once), and one that needs no new picture by then is not drawn."""
    monkeypatch.setattr(bot.drawing, "render_table", lambda view, *_, **__: view["name"])
    gate = threading.Event()
    drawer, blocker = await busy_drawer(gate)
    table = {"name": b"state 1"}
    moved = asyncio.ensure_future(drawer.table(lambda: (table, TAGS), True))
    unchanged = asyncio.ensure_future(drawer.table(lambda: None, True))
    await asyncio.sleep(0)
    table = {"name": b"state 2"}  # a move while the picture waits
    gate.set()
    assert await moved == b"state 2"
    assert await unchanged is None
    await blocker


async def test_waiting_table_pictures_go_to_the_workers_longest_owed_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table owed a picture longest is drawn first, by what it owes when a worker is
    free (a person moving at a table while its picture waits moves it up the line)."""
    monkeypatch.setattr(bot.drawing, "render_table", lambda view, *_, **__: view["name"])
    gate = threading.Event()
    drawer, blocker = await busy_drawer(gate)
    owed = {"first in line": 30.0, "owed longest": 10.0, "person moved meanwhile": 40.0}
    drawn: list[str] = []

    def source(name: str) -> tuple[dict, list[SeatTag]]:
        drawn.append(name)
        return {"name": name.encode()}, TAGS

    waiting = [
        asyncio.ensure_future(drawer.table(partial(source, name), True, partial(owed.get, name)))
        for name in owed
    ]
    await asyncio.sleep(0)
    owed["person moved meanwhile"] = 20.0
    gate.set()
    await asyncio.gather(blocker, *waiting)
    assert drawn == ["owed longest", "person moved meanwhile", "first in line"]
