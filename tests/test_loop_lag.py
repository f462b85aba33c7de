"""Background work waits its turn while the event loop lags, so that clicks go first."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.loop_lag import LoopLag


@asynccontextmanager
async def busy_loop(block: float = 0.1) -> AsyncIterator[None]:
    """Keep the event loop lagging: a callback holds it ``block`` seconds, pass after pass."""

    async def hog() -> None:
        while True:
            time.sleep(block)
            await asyncio.sleep(0)

    task = asyncio.create_task(hog())
    try:
        yield
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


@asynccontextmanager
async def line(patience: float = 30) -> AsyncIterator[LoopLag]:
    """A :class:`LoopLag` measuring every 10 ms, background waiting from 50 ms of lag."""
    lag = LoopLag(interval=0.01, limit=0.05, patience=patience)
    try:
        yield lag
    finally:
        await lag.close()


async def lagging(lag: LoopLag) -> None:
    """Wait until ``lag`` has seen the loop fall behind."""
    await lag.turn()  # starts the measuring
    async with asyncio.timeout(5):
        while lag.lag < lag.limit:
            await asyncio.sleep(0.01)


async def test_background_work_goes_on_at_once_while_the_loop_keeps_up() -> None:
    async with line() as lag:
        await asyncio.sleep(0.05)
        started = time.monotonic()
        for _ in range(20):
            await lag.turn()
        assert time.monotonic() - started < 0.05 and lag.waiting == 0


async def test_background_work_waits_while_the_loop_lags_and_goes_on_once_it_catches_up() -> None:
    async with line() as lag:
        async with busy_loop():
            await lagging(lag)
            waiting = asyncio.create_task(lag.turn())
            await asyncio.sleep(0.3)
            assert not waiting.done() and lag.waiting == 1
        async with asyncio.timeout(1):
            await waiting


async def test_work_that_waited_its_patience_goes_on_though_the_loop_still_lags() -> None:
    async with line(patience=0.3) as lag, busy_loop():
        await lagging(lag)
        started = time.monotonic()
        await lag.turn()
        assert 0.25 <= time.monotonic() - started < 1.5


async def test_waiting_work_goes_on_in_the_order_it_came() -> None:
    order: list[int] = []
    async with line() as lag:

        async def background(number: int) -> None:
            await lag.turn()
            order.append(number)

        async with busy_loop():
            await lagging(lag)
            tasks = []
            for number in range(12):
                tasks.append(asyncio.create_task(background(number)))
                await asyncio.sleep(0)
            await asyncio.sleep(0.2)
            assert order == []
        async with asyncio.timeout(2):
            await asyncio.gather(*tasks)
        assert order == list(range(12))


async def test_closing_lets_everyone_go_on() -> None:
    async with line() as lag, busy_loop():
        await lagging(lag)
        waiting = asyncio.create_task(lag.turn())
        await asyncio.sleep(0.1)
        assert not waiting.done()
        await lag.close()
        async with asyncio.timeout(1):
            await waiting
            await lag.turn()  # and from now on at once, measuring stopped
        assert lag.waiting == 0


async def test_cancelled_work_leaves_the_line() -> None:
    async with line() as lag, busy_loop():
        await lagging(lag)
        waiting = asyncio.create_task(lag.turn())
        await asyncio.sleep(0.05)
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        assert lag.waiting == 0
