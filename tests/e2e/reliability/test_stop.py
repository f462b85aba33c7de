"""Stopping the bot as systemd does: SIGTERM to its whole process group, the computer
players' and drawing workers included, while a game is under way; and a stop while it is
still starting."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable

import pytest

from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import Player, fill_and_start, open_table
from tests.emulator import BotProcess, DiscordEnv, Emulator


def group_members(group: int) -> list[int]:
    """The processes still in the process group ``group``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[2]) == group and fields[0] != "Z":
            found.append(int(entry))
    return found


async def test_a_stop_signalled_to_the_whole_group_logs_no_error_and_leaves_nothing(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    bot = bot_factory(extra_env=FAST_TABLES, own_group=True)
    await bot.start()
    env = DiscordEnv(emulator, bot)
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=3)
    await fill_and_start(env, bob, table)
    assert await Player(env, bob, table).move()  # pictures drawn, computers thinking
    group = bot.pid
    assert group is not None and len(group_members(group)) > 2  # the bot and its workers

    assert await bot.stop() == 0
    assert bot.error_lines() == []
    assert "Bower stopped" in bot.log()
    deadline = time.monotonic() + 5.0
    while group_members(group) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert group_members(group) == []


async def logged(bot: BotProcess, line: str, timeout: float = 30.0) -> None:
    """Wait until the bot's log holds ``line``."""
    deadline = time.monotonic() + timeout
    while line not in bot.log():
        assert bot.running and time.monotonic() < deadline, f"never logged {line!r}"
        await asyncio.sleep(0.005)


@pytest.mark.parametrize(
    "moment",
    # while logging in; once the store is open, with the workers and cogs still to start
    ["logging in using static token", "Keeping tables in the"],
    ids=["logging-in", "store-open"],
)
async def test_a_stop_during_start_up_logs_no_error_and_never_connects(
    emulator: Emulator, bot_factory: Callable[..., BotProcess], moment: str
) -> None:
    bot = bot_factory()
    await bot.start(wait=False)
    await logged(bot, moment)

    assert await bot.stop() == 0
    assert bot.error_lines() == []
    assert "Bower stopped" in bot.log()
    assert emulator.gateway.ready_at == []
