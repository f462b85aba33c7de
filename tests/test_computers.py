"""Computer players' decisions in the bot's worker processes: every level a server can
choose decides there, the expert within its time cap, with the event loop left free."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

from bot.ai.expert import TIME_CAP
from bot.computers import computer_executor, decide_move
from bot.engine import Game, new_game
from bot.process_pool import LoopProcessPool
from bot.store.guild_settings import COMPUTER_LEVELS
from bot.tables.computer import decide_off_loop

GENEROUS_THINK_TIME = 30.0  # far more than any level may take in the bot
TICK = 0.01


@pytest.fixture
async def pool() -> AsyncIterator[LoopProcessPool]:
    executor = computer_executor(1)
    yield executor
    executor.shutdown(wait=True)


def first_card_to_play(seed: int) -> Game:
    """A Euchre game at its first card play (the bidding done by first legal actions)."""
    game = new_game("euchre", 4, seed=seed)
    while not game.legal_actions()[0].startswith("play:"):
        game.apply(game.legal_actions()[0])
    return game


async def ticks_while(work: asyncio.Future[object] | asyncio.Task[object]) -> int:
    """How many times a 10 ms timer fired on the event loop while ``work`` ran."""
    ticks = 0
    while not work.done():
        await asyncio.sleep(TICK)
        ticks += 1
    return ticks


@pytest.mark.parametrize("level", COMPUTER_LEVELS)
async def test_every_offered_level_decides_in_a_worker(
    pool: LoopProcessPool, level: str
) -> None:
    game = first_card_to_play(seed=3)
    seat = game.current_player
    assert seat is not None
    action, _ = await decide_off_loop(
        pool, decide_move, level, game.view(seat), game.legal_actions(), 1, 1.0
    )
    assert action in game.legal_actions()


async def test_an_expert_decision_keeps_to_its_time_cap_off_the_event_loop(
    pool: LoopProcessPool,
) -> None:
    game = first_card_to_play(seed=7)
    seat = game.current_player
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()
    await decide_off_loop(pool, decide_move, "normal", view, legal, 1, 1.0)  # worker warm
    started = time.perf_counter()
    deciding = asyncio.ensure_future(
        decide_off_loop(pool, decide_move, "expert", view, legal, 1, GENEROUS_THINK_TIME)
    )
    ticks = await ticks_while(deciding)
    elapsed = time.perf_counter() - started
    action, reason = deciding.result()
    assert action in legal and reason
    assert elapsed < TIME_CAP + 1.0  # the table's think time is capped, not waited out
    assert ticks >= 0.5 * elapsed / TICK  # the loop kept running while the expert thought
