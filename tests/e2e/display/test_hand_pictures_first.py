"""A private hand never waits behind pictures: with table pictures drawn slowly on
purpose, a burst of "My hand" clicks at every table is answered at once, each answer with
its hand's picture; with the hands' worker slow, a refresh shows the turn on time, its
picture follows in an edit, and a click meanwhile is answered at once with its own."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

from bot.ui.custom_ids import table_button
from bot.ui.pictures import REFRESH_WAIT
from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import (
    Player,
    action_controls,
    click_custom_id,
    has_button,
    open_table,
    picture_of,
    table_id_of,
)
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.harness.botproc import REPO_ROOT

SLOW_PICTURES = """
import functools
import multiprocessing
import time

import bot.pictures

_draw = bot.pictures.{name}


@functools.wraps(_draw)
def {name}(*args, **kwargs):
    if not {workers_only} or multiprocessing.current_process().name != "MainProcess":
        time.sleep({seconds})
    return _draw(*args, **kwargs)


bot.pictures.{name} = {name}
"""
MEMBERS = ("bob", "carol", "dave", "erin", "alice", "owner")
HOSTS = [MEMBERS[i % len(MEMBERS)] for i in range(10)]  # a server's most open tables
SECONDS_A_TABLE_PICTURE = 3.0
SECONDS_A_WORKER_HAND = REFRESH_WAIT + 1.5
ANSWERED_WITHIN = 0.9  # seconds, on a loaded test machine; Discord allows 3


def slow_pictures(
    folder: Path, name: str, seconds: float, *, workers_only: bool = False
) -> dict[str, str]:
    """Settings that make the bot draw each picture of ``bot.pictures.<name>`` ``seconds``
    slower (a ``sitecustomize`` on its path): in every process, or in its worker processes
    only (not on its event loop)."""
    folder.mkdir(parents=True, exist_ok=True)
    script = SLOW_PICTURES.format(name=name, seconds=seconds, workers_only=workers_only)
    (folder / "sitecustomize.py").write_text(script)
    return {"PYTHONPATH": os.pathsep.join([str(folder), str(REPO_ROOT)])}


async def started_without_waiting(env: DiscordEnv, host: str) -> int:
    """A Euchre table of ``host`` and three computers, started; its table id. Its first
    picture is left drawing."""
    member = env.member(host)
    table = await open_table(env, member, "euchre", target=10)
    for _ in range(3):
        await member.click(table, "Add computer player")
    await env.wait_for(lambda: "— open —" not in table.text, what="every seat taken")
    await member.click(table, "Start")
    return table_id_of(table)


async def test_hand_clicks_are_answered_while_table_pictures_draw_slowly(
    emulator: Emulator, bot_factory: Callable[..., BotProcess], tmp_path: Path
) -> None:
    slow = slow_pictures(tmp_path / "slow", "render_table", SECONDS_A_TABLE_PICTURE)
    bot = bot_factory(extra_env={**FAST_TABLES, "COMPUTER_DELAY": "0.3", **slow})
    await bot.start()
    env = DiscordEnv(emulator, bot)
    tables = [await started_without_waiting(env, host) for host in HOSTS]
    lobby_of = {
        table_id_of(m): m for m in env.channel("euchre").public_messages() if m.embeds
    }

    clicks = [
        click_custom_id(env, env.member(host), lobby_of[table], table_button(table, "hand"))
        for host, table in zip(HOSTS, tables, strict=True)
    ]
    answers = await asyncio.gather(*clicks)

    waits = [a.interaction.callback_at - a.interaction.created_at for a in answers]  # type: ignore[operator]
    assert max(waits) < ANSWERED_WITHIN, waits
    assert all(a.kind == "message" and a.ephemeral for a in answers)
    assert all("Your hand" in a.message.text for a in answers)
    still_drawing = [t for t in tables if not lobby_of[t].attachments]
    assert still_drawing, "the table pictures were all drawn before the clicks: not a test"
    for answer in answers:
        picture_of(answer.message, "hand.png")  # in the answer itself, not in a later edit


async def test_a_slow_refresh_picture_follows_and_never_holds_up_a_click(
    emulator: Emulator, bot_factory: Callable[..., BotProcess], tmp_path: Path
) -> None:
    slow = slow_pictures(
        tmp_path / "slow", "render_hand", SECONDS_A_WORKER_HAND, workers_only=True
    )
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
    while action_controls(hand):  # the host's own turn: the one to watch is the next
        await player.move()

    await env.wait_for(lambda: action_controls(hand), timeout=30, what="the host's turn again")
    assert not hand.attachments, "the turn waited for a picture the worker was still drawing"
    await env.wait_for(lambda: hand.attachments, timeout=30, what="the picture, following")
    picture_of(hand, "hand.png")
    assert action_controls(hand)

    while action_controls(hand):  # answered at once, the picture drawn on the loop
        await player.move()
    await env.wait_for(lambda: action_controls(hand), timeout=30, what="the host's turn again")
    assert not hand.attachments
    clicked = await host.click(table, "My hand")  # while that turn's picture is drawn
    waited = clicked.interaction.callback_at - clicked.interaction.created_at  # type: ignore[operator]
    assert waited < ANSWERED_WITHIN, waited
    assert clicked.kind == "message" and action_controls(clicked.message)
    picture_of(clicked.message, "hand.png")
