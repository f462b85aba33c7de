"""A private hand never waits behind other tables' pictures: with table pictures drawn
slowly on purpose, a burst of "My hand" clicks at every table is answered at once, each
answer with its hand's picture."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

from bot.ui.custom_ids import table_button
from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import click_custom_id, open_table, picture_of, table_id_of
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.botproc import REPO_ROOT

SLOW_TABLE_PICTURES = """
import functools
import time

import bot.pictures

_draw = bot.pictures.render_table


@functools.wraps(_draw)
def render_table(*args, **kwargs):
    time.sleep({seconds})
    return _draw(*args, **kwargs)


bot.pictures.render_table = render_table
"""
MEMBERS = ("bob", "carol", "dave", "erin", "alice", "owner")
HOSTS = [MEMBERS[i % len(MEMBERS)] for i in range(10)]  # a server's most open tables
SECONDS_A_TABLE_PICTURE = 3.0
ANSWERED_WITHIN = 0.9  # seconds, on a loaded test machine; Discord allows 3


def slow_table_pictures(folder: Path, seconds: float) -> dict[str, str]:
    """Settings that make every process of the bot draw a table picture ``seconds`` slower
    (a ``sitecustomize`` on its path), its drawing worker included."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(SLOW_TABLE_PICTURES.format(seconds=seconds))
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
    slow = slow_table_pictures(tmp_path / "slow", SECONDS_A_TABLE_PICTURE)
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
