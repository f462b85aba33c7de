"""Driving computer decisions off the event loop.

The decision function is injected into the service. It must be a picklable, pure,
module-level function (it runs in a ``ProcessPoolExecutor`` in the bot) with the signature
``decide(level, view, legal, seed, time_budget)``, returning an action id or an
``(action, reason)`` pair. The engine is pure, so a view and the legal actions are all a
worker needs. If the function fails, or answers something illegal, the service logs it and
plays a seeded random legal action instead, so a table never gets stuck.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from bot.process_pool import run_off_loop

log = logging.getLogger(__name__)

DecideFn = Callable[[str, Mapping[str, Any], Sequence[str], int, float], Any]


def first_legal(
    level: str, view: Mapping[str, Any], legal: Sequence[str], seed: int, time_budget: float
) -> str:
    """The first legal action (a predictable stand-in for tests)."""
    return legal[0]


def random_legal(
    level: str, view: Mapping[str, Any], legal: Sequence[str], seed: int, time_budget: float
) -> str:
    """A legal action chosen at random from ``seed``."""
    return random.Random(seed).choice(list(legal))


def decision_seed(table_seed: int, turn: int) -> int:
    """The seed for the decision at action index ``turn``: the same after a restart."""
    mixed = (table_seed * 6364136223846793005 + (turn + 1) * 1442695040888963407) % 2**63
    return mixed


def default_executor(workers: int = 2) -> ProcessPoolExecutor:
    """The process pool the bot runs computer decisions in."""
    return ProcessPoolExecutor(max_workers=workers)


async def decide_off_loop(
    executor: Executor,
    decide: DecideFn,
    level: str,
    view: Mapping[str, Any],
    legal: Sequence[str],
    seed: int,
    time_budget: float,
) -> tuple[str, str | None]:
    """(action, reason) from ``decide`` run in ``executor``; a random legal one on failure."""
    call = functools.partial(decide, level, dict(view), list(legal), seed, time_budget)
    try:
        answer = await run_off_loop(executor, call)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("Computer player (%s) failed; playing a random legal action", level)
        return random_legal(level, view, legal, seed, time_budget), None
    action, reason = _split(answer)
    if action not in legal:
        log.error(
            "Computer player (%s) chose illegal %r; playing a random legal action", level, action
        )
        return random_legal(level, view, legal, seed, time_budget), None
    return action, reason


def _split(answer: Any) -> tuple[Any, str | None]:
    if isinstance(answer, tuple | list) and len(answer) == 2:
        return answer[0], None if answer[1] is None else str(answer[1])
    return answer, None
