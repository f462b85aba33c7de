"""`python -m bot` as an operator runs it: clear failures for a missing or rejected token,
and the token never printed, even at DEBUG."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.harness.botproc import REPO_ROOT

BotFactory = Callable[..., BotProcess]


async def test_missing_token_exits_with_a_clear_message(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env["PYTHONPATH"] = str(REPO_ROOT)
    result = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "configuration error: DISCORD_TOKEN is not set" in result.stderr


async def test_rejected_token_exits_with_a_clear_message(
    emulator_env: DiscordEnv, bot_factory: BotFactory
) -> None:
    bot = bot_factory(extra_env={"DISCORD_TOKEN": "not.the.token"}, tolerate_errors=True)
    with emulator_env.expect_violations() as seen:
        await bot.start(wait=False)
        await emulator_env.wait_for(lambda: not bot.running, timeout=30, what="the bot to exit")
    assert bot.returncode == 1
    assert "Discord rejected DISCORD_TOKEN" in bot.log()
    assert seen.kinds == ["unauthorized"]


async def test_token_never_appears_in_the_log_even_at_debug(
    emulator: Emulator, emulator_env: DiscordEnv, bot_factory: BotFactory
) -> None:
    bot = bot_factory(log_level="DEBUG")
    await bot.start()
    emulator_env.bot = bot
    outcome = await emulator_env.member("bob").slash("help")
    assert outcome.ephemeral
    await emulator_env.drop_gateway()
    await emulator_env.wait_for(lambda: emulator.gateway.resumed_at, what="RESUME")
    assert await bot.stop() == 0
    log = bot.log()
    assert "INTERACTION_CREATE" in log  # DEBUG really was on
    assert emulator.token not in log
