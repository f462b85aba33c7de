"""Fixtures for end-to-end table tests: the real bot with computer players that don't
pause between moves (COMPUTER_DELAY) and think briefly, on SQLite unless a test asks for
both databases (``@pytest.mark.parametrize("database", BACKENDS)``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.emulator import BotProcess, DiscordEnv, Emulator

FAST_TABLES = {"COMPUTER_DELAY": "0", "COMPUTER_THINK_TIME": "0.2"}


@pytest.fixture
def database() -> str:
    """The database the bot keeps its data in (tests parametrize it to run on both)."""
    return "sqlite"


@pytest.fixture
def database_env(database: str, request: pytest.FixtureRequest) -> dict[str, str]:
    """The bot's setting for that database: none for SQLite (its own file), DATABASE_URL
    of a fresh schema for PostgreSQL."""
    if database == "sqlite":
        return {}
    return {"DATABASE_URL": str(request.getfixturevalue("postgres_url"))}


@pytest.fixture
async def table_env(
    database_env: dict[str, str], emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> DiscordEnv:
    """The emulator plus the real bot, with fast computer players, READY (the database is
    made first, so it outlives the bot)."""
    bot = bot_factory(extra_env={**FAST_TABLES, **database_env})
    await bot.start()
    return DiscordEnv(emulator, bot)
