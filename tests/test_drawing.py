"""The drawing queue: a private hand is drawn before any table picture waiting, a state's
hand picture is drawn once, and a failed drawing fails only its own picture."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.drawing import PictureDrawer
from bot.engine import new_game
from bot.pictures import SeatTag

PNG = b"\x89PNG"


def euchre_views() -> tuple[dict, list[str]]:
    game = new_game("euchre", players=4, seed=3, options={})
    seat = game.current_player
    assert seat is not None
    return game.view(seat), game.legal_actions()


async def test_a_hand_goes_before_every_table_picture_waiting() -> None:
    gate = threading.Event()
    order: list[str] = []
    drawer = PictureDrawer(ThreadPoolExecutor(1), slots=1)
    view, legal = euchre_views()
    tags = [SeatTag(f"P{i}") for i in range(4)]

    async def table(name: str) -> None:
        await drawer.table(view, tags, True)
        order.append(name)

    async def hand() -> None:
        await drawer.hand("key", view, legal, True)
        order.append("hand")

    blocker = asyncio.ensure_future(drawer._queue(lambda: gate.wait() and PNG))
    await asyncio.sleep(0.05)  # the worker is busy with the first table
    waiting = [asyncio.ensure_future(table(f"table {i}")) for i in range(3)]
    await asyncio.sleep(0)
    mine = asyncio.ensure_future(hand())
    await asyncio.sleep(0.05)
    assert drawer.waiting == 3  # the hand went straight to the worker
    gate.set()
    await asyncio.gather(blocker, *waiting, mine)
    assert order == ["hand", "table 0", "table 1", "table 2"]


async def test_a_hand_picture_is_drawn_once_per_state() -> None:
    calls = 0

    class Counting(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
            nonlocal calls
            calls += 1
            return super().submit(fn, *args, **kwargs)

    drawer = PictureDrawer(Counting(1))
    view, legal = euchre_views()
    first = await drawer.hand("state 1", view, legal, True)
    again = await drawer.hand("state 1", view, legal, True)
    assert first == again and first.startswith(PNG)
    assert calls == 1
    await drawer.hand("state 2", view, legal, True)
    assert calls == 2


async def test_a_failed_picture_fails_alone() -> None:
    drawer = PictureDrawer(ThreadPoolExecutor(1))
    view, legal = euchre_views()

    def broken() -> bytes:
        raise ValueError("no such card")

    with pytest.raises(ValueError, match="no such card"):
        await drawer._queue(broken)
    assert (await drawer.hand("after", view, legal, True)).startswith(PNG)
