"""The event-loop-driven process pool: results, errors, a dying worker, shutdown."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.computers import computer_executor
from bot.drawing import drawing_executor, hand_executor
from bot.process_pool import LoopProcessPool, worker_cores


def square(n: int) -> int:
    return n * n


def fail(message: str) -> None:
    raise ValueError(message)


def die() -> None:
    os._exit(3)


@pytest.fixture
async def pool() -> AsyncIterator[LoopProcessPool]:
    executor = LoopProcessPool(2, context=multiprocessing.get_context("forkserver"))
    yield executor
    executor.shutdown(wait=True)


async def test_calls_run_in_the_workers_and_come_back(pool: LoopProcessPool) -> None:
    loop = asyncio.get_running_loop()
    results = await asyncio.gather(*(loop.run_in_executor(pool, square, n) for n in range(20)))
    assert results == [n * n for n in range(20)]


async def test_an_exception_reaches_the_caller(pool: LoopProcessPool) -> None:
    loop = asyncio.get_running_loop()
    with pytest.raises(ValueError, match="nope"):
        await loop.run_in_executor(pool, fail, "nope")
    assert await loop.run_in_executor(pool, square, 3) == 9


async def test_a_dead_worker_fails_its_call_and_is_replaced(pool: LoopProcessPool) -> None:
    loop = asyncio.get_running_loop()
    with pytest.raises(BrokenProcessPool):
        await loop.run_in_executor(pool, die)
    assert await asyncio.gather(*(loop.run_in_executor(pool, square, n) for n in (2, 3, 4))) == [
        4,
        9,
        16,
    ]


async def test_after_shutdown_nothing_more_is_accepted(pool: LoopProcessPool) -> None:
    loop = asyncio.get_running_loop()
    assert await loop.run_in_executor(pool, square, 5) == 25
    pool.shutdown(wait=True)
    with pytest.raises(RuntimeError):
        pool.submit(square, 1)


def pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


async def test_a_first_call_goes_before_the_ordinary_calls_still_queued() -> None:
    """A private hand's picture does not wait behind the table pictures already queued."""
    pool = LoopProcessPool(1, context=multiprocessing.get_context("forkserver"))
    try:
        done: list[str] = []

        async def call(name: str, *, first: bool = False) -> None:
            await pool.run(pid_after, 0.05 if name == "busy" else 0.0, first=first)
            done.append(name)

        calls = [asyncio.ensure_future(call(name)) for name in ("busy", "table 1", "table 2")]
        await asyncio.sleep(0)
        calls.append(asyncio.ensure_future(call("hand", first=True)))
        await asyncio.gather(*calls)
        assert done == ["busy", "hand", "table 1", "table 2"]
        with pytest.raises(ValueError, match="no"):
            await pool.run(fail, "no")  # its error, through the asyncio future
    finally:
        pool.shutdown(wait=True)


async def test_a_worker_sent_calls_a_few_at_a_time_runs_them_while_the_loop_is_busy() -> None:
    """Hand pictures are drawn one after another without waiting for a busy loop to read
    each answer before sending the next call."""
    pool = LoopProcessPool(1, context=multiprocessing.get_context("forkserver"), depth=4)
    try:
        await pool.run(square, 1)  # the worker has started
        calls = [pool.run(pid_after, 0.05) for _ in range(4)]
        time.sleep(0.6)  # the loop busy elsewhere, as under load
        reading = time.perf_counter()
        assert len(set(await asyncio.gather(*calls))) == 1
        assert time.perf_counter() - reading < 0.1  # all four were drawn meanwhile
    finally:
        pool.shutdown(wait=True)


def own_cores() -> set[int]:
    return os.sched_getaffinity(0)


WORKER_IMPORTED = """
import asyncio, sys
from bot.process_pool import WORKER_IMPORTS, LoopProcessPool, worker_context

async def main():
    pool = LoopProcessPool(1, context=worker_context())
    asked = f"[name in __import__('sys').modules for name in {WORKER_IMPORTS!r}]"
    print(*await pool.run(eval, asked), "bot.drawing" in sys.modules)
    pool.shutdown()

asyncio.run(main())
"""


def test_workers_start_with_what_they_run_already_imported() -> None:
    """So a bot start imports the drawing and the players once, not once a worker."""
    result = subprocess.run(
        [sys.executable, "-c", WORKER_IMPORTED], capture_output=True, text=True, timeout=60
    )
    assert result.stdout.split() == ["True", "True", "False"], result.stderr


def test_workers_leave_the_first_core_to_the_event_loop() -> None:
    assert worker_cores({0, 1}) == {1}
    assert worker_cores({5, 2, 7}) == {5, 7}
    assert worker_cores({3}) is None  # one core: shared, there is no other


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs two cores")
async def test_a_worker_runs_only_on_the_cores_it_was_given() -> None:
    """The drawing and computer workers never take the event loop's core."""
    cores = worker_cores()
    pool = LoopProcessPool(1, context=multiprocessing.get_context("forkserver"), cores=cores)
    try:
        assert await pool.run(own_cores) == cores
        assert min(os.sched_getaffinity(0)) not in await pool.run(own_cores)
    finally:
        pool.shutdown(wait=True)


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs two cores")
@pytest.mark.parametrize(
    "start", [drawing_executor, hand_executor, lambda: computer_executor(1)]
)
async def test_the_bots_pictures_and_computer_players_keep_off_the_loops_core(
    start: Callable[[], LoopProcessPool],
) -> None:
    pool = start()
    try:
        assert await pool.run(own_cores) == worker_cores()
    finally:
        pool.shutdown(wait=True)


def pid() -> int:
    return os.getpid()


async def test_a_worker_ignores_a_stop_signal_which_is_the_bots_to_carry_out(
    pool: LoopProcessPool,
) -> None:
    """systemd signals the whole group: the workers keep serving until the bot closes them."""
    worker = await pool.run(pid)
    os.kill(worker, signal.SIGTERM)
    os.kill(worker, signal.SIGINT)
    await asyncio.sleep(0.2)
    assert await asyncio.gather(*(pool.run(square, n) for n in (2, 3))) == [4, 9]
    assert worker in {await pool.run(pid) for _ in range(4)}
    pool.shutdown(wait=True)
    assert not os.path.exists(f"/proc/{worker}")  # ended and reaped


async def test_shutting_down_ends_a_worker_busy_with_a_long_call() -> None:
    pool = LoopProcessPool(1, context=multiprocessing.get_context("forkserver"))
    worker = await pool.run(pid)
    pool.run(time.sleep, 60)
    await asyncio.sleep(0.1)
    started = time.monotonic()
    pool.shutdown(wait=False, cancel_futures=True)
    assert time.monotonic() - started < 2.0
    assert not os.path.exists(f"/proc/{worker}")


LEFT_RUNNING = """
import asyncio
from bot.process_pool import LoopProcessPool, worker_context

async def main():
    global pool
    pool = LoopProcessPool(2, context=worker_context())
    print(await pool.run(sum, [1, 2]))

asyncio.run(main())
"""


def test_a_pool_never_shut_down_does_not_hold_up_the_exit() -> None:
    """Its workers ignore SIGTERM, so the pool closes their pipes before the exit joins them."""
    result = subprocess.run(
        [sys.executable, "-c", LEFT_RUNNING], capture_output=True, text=True, timeout=30
    )
    assert (result.returncode, result.stdout.strip()) == (0, "3"), result.stderr
