"""The worker processes computer players think in, and hints computed there.

Decisions run in worker processes so a search never blocks the event loop (and uses the
second core): a :class:`~bot.process_pool.LoopProcessPool`, fed from the event loop with no
helper threads, whose workers start from a clean ``forkserver`` process (see that module)
and end when the bot does, even after a kill -9.

Each worker is sent one decision at a time (unlike the drawing workers): the loop's turn
to read a decision and send the next then paces the computers when the bot is busy, so
tables play more slowly rather than answer clicks late. Measured at 500 tables, pictures
on: sent eight at a time, a decision waited p50 0.5 s instead of 2.7 s and people made 92
moves a second instead of 76, but the answers' p99 went from 195-252 ms to 817 ms.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from functools import partial
from typing import Any

from bot.ai import Advice, decide, hint
from bot.process_pool import LoopProcessPool, worker_context, worker_cores

log = logging.getLogger(__name__)

HINT_LEVEL = "hard"
HINT_TIMEOUT = 8.0


def decide_move(
    level: str, view: Mapping[str, Any], legal: Sequence[str], seed: int, time_budget: float
) -> tuple[str, str]:
    """The table service's decision function: a computer player's (action, reason)."""
    return decide(level, dict(view), list(legal), seed, time_budget)


def _start_worker() -> None:
    """Run in each worker at start-up: import the players so the first move is quick."""
    import bot.ai  # noqa: F401


def computer_executor(workers: int) -> LoopProcessPool:
    """The pool computer players think in, its workers started."""
    context = worker_context()
    return LoopProcessPool(
        workers, context=context, initializer=_start_worker, cores=worker_cores()
    )


async def advise_off_loop(
    executor: Executor,
    view: Mapping[str, Any],
    legal: Sequence[str],
    seed: int,
    *,
    think_time: float = 1.0,
) -> Advice:
    """A computer player's suggestion, its reason and figures (the Hint button)."""
    loop = asyncio.get_running_loop()
    call = partial(hint, HINT_LEVEL, dict(view), list(legal), seed, think_time)
    async with asyncio.timeout(HINT_TIMEOUT):
        return Advice(*await loop.run_in_executor(executor, call))
