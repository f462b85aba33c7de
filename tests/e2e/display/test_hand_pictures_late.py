"""A refresh's hand picture is drawn by a worker: when that worker is slow, the turn still
shows on time without it, the picture follows in an edit, and a click meanwhile is
answered at once with its own picture."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

from bot.ui.pictures import REFRESH_WAIT
from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import Player, action_controls, has_button, open_table, picture_of
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.botproc import REPO_ROOT

SLOW_WORKER_HANDS = """
import functools
import multiprocessing
import time

import bot.pictures

_draw = bot.pictures.render_hand


@functools.wraps(_draw)
def render_hand(*args, **kwargs):
    if multiprocessing.current_process().name != "MainProcess":
        time.sleep({seconds})
    return _draw(*args, **kwargs)


bot.pictures.render_hand = render_hand
"""
SECONDS_A_WORKER_HAND = REFRESH_WAIT + 1.5
ANSWERED_WITHIN = 0.9  # seconds, on a loaded test machine; Discord allows 3


def slow_worker_hands(folder: Path, seconds: float) -> dict[str, str]:
    """Settings that make the bot's worker processes (not its event loop) draw a hand
    picture ``seconds`` slower."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(SLOW_WORKER_HANDS.format(seconds=seconds))
    return {"PYTHONPATH": os.pathsep.join([str(folder), str(REPO_ROOT)])}


async def test_a_slow_refresh_picture_follows_and_never_holds_up_a_click(
    emulator: Emulator, bot_factory: Callable[..., BotProcess], tmp_path: Path
) -> None:
    slow = slow_worker_hands(tmp_path / "slow", SECONDS_A_WORKER_HAND)
    bot = bot_factory(extra_env={**FAST_TABLES, "COMPUTER_DELAY": "0.3", **slow})
    await bot.start()
    env = DiscordEnv(emulator, bot)
    host = env.member("alice")
    table = await open_table(env, host, "euchre", target=10)
    for _ in range(3):
        await host.click(table, "Add computer player")
    await env.wait_for(lambda: "— open —" not in table.text, what="every seat taken")
    await host.click(table, "Start")
    await env.wait_for(lambda: has_button(table, "My hand"), what="the game started")
    player = Player(env, host, table)
    hand = await player.get_hand()
    picture_of(hand, "hand.png")  # a click's answer: drawn at once, on the loop
    if action_controls(hand):
        await player.move()  # the host leads: the turn to watch is the next one
    await env.wait_for(lambda: not action_controls(hand), what="the turn passed on")

    await env.wait_for(lambda: action_controls(hand), timeout=30, what="the host's turn again")
    turn_shown = time.monotonic()
    assert not hand.attachments, "the turn waited for a picture the worker was still drawing"
    await env.wait_for(lambda: hand.attachments, timeout=15, what="the picture, following")
    assert time.monotonic() - turn_shown < SECONDS_A_WORKER_HAND
    picture_of(hand, "hand.png")
    assert action_controls(hand)

    await player.move()  # answered at once, its picture drawn on the loop
    await env.wait_for(lambda: not action_controls(hand), what="the turn passed on")
    await env.wait_for(lambda: action_controls(hand), timeout=30, what="the host's turn again")
    assert not hand.attachments
    clicked = await host.click(table, "My hand")  # while that turn's picture is drawn
    waited = clicked.interaction.callback_at - clicked.interaction.created_at  # type: ignore[operator]
    assert waited < ANSWERED_WITHIN, waited
    assert clicked.kind == "message" and action_controls(clicked.message)
    picture_of(clicked.message, "hand.png")
