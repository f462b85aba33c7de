"""Fixtures for end-to-end table tests: the real bot with computer players that don't
pause between moves (COMPUTER_DELAY) and think briefly."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.emulator import BotProcess, DiscordEnv, Emulator

FAST_TABLES = {"COMPUTER_DELAY": "0", "COMPUTER_THINK_TIME": "0.2"}


@pytest.fixture
async def table_env(emulator: Emulator, bot_factory: Callable[..., BotProcess]) -> DiscordEnv:
    """The emulator plus the real bot, with fast computer players, READY."""
    bot = bot_factory(extra_env=FAST_TABLES)
    await bot.start()
    return DiscordEnv(emulator, bot)
