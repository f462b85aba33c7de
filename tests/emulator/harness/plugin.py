"""pytest fixtures for end-to-end tests (imported by tests/conftest.py).

- `guild_specs`: the guilds the emulator starts with (override it in a test module).
- `emulator`: a started `Emulator`; at teardown, unexpected rule violations fail the test.
- `emulator_env`: a `DiscordEnv` without the bot, for testing the emulator itself.
- `bot_factory`: `make(**options) -> BotProcess` (not started) for tests that need a bot
  with other settings (log level, extra environment); every one is stopped at teardown,
  and a bot that logged an ERROR (or a traceback) fails the test unless made with
  `tolerate_errors=True`.
- `discord_env`: a `DiscordEnv` whose `bot` (`BotProcess`) has been started with
  `python -m bot` and is READY with its commands synced.

A failing test shows the bot's log (all its runs) in a "bot log" report section.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Generator
from pathlib import Path
from typing import Any

import pytest

from tests.emulator.harness.botproc import BotProcess
from tests.emulator.harness.env import DiscordEnv
from tests.emulator.server import Emulator
from tests.emulator.world.spec import GuildSpec

BOT_LOG = pytest.StashKey[Path]()


@pytest.fixture
def guild_specs() -> tuple[GuildSpec, ...]:
    """The guilds of the emulated Discord: by default one club (see world/spec.py)."""
    return (GuildSpec.default(),)


@pytest.fixture
async def emulator(guild_specs: tuple[GuildSpec, ...]) -> AsyncIterator[Emulator]:
    """A running emulator; fails the test if the bot broke a Discord rule unexpectedly."""
    server = Emulator(guild_specs)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    unexpected = server.violations.unexpected()
    if unexpected:
        listed = "\n".join(f"  - {violation}" for violation in unexpected)
        pytest.fail(f"the bot broke Discord's rules:\n{listed}", pytrace=False)


@pytest.fixture
async def emulator_env(emulator: Emulator) -> DiscordEnv:
    """The member API over the emulator alone (no bot process)."""
    return DiscordEnv(emulator)


@pytest.fixture
async def bot_factory(
    emulator: Emulator, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Callable[..., BotProcess]]:
    """Make bot processes (in tmp_path/bot) whose log a failing test shows."""
    made: list[BotProcess] = []

    def make(**options: Any) -> BotProcess:
        bot = BotProcess(emulator, tmp_path / f"bot{len(made) or ''}", **options)
        request.node.stash[BOT_LOG] = bot.log_path
        made.append(bot)
        return bot

    try:
        yield make
    finally:
        for bot in made:
            await bot.stop()
    errors = [line for bot in made if not bot.tolerate_errors for line in bot.error_lines()]
    if errors:
        pytest.fail("the bot logged errors:\n" + "\n".join(errors), pytrace=False)


@pytest.fixture
async def discord_env(emulator: Emulator, bot_factory: Callable[..., BotProcess]) -> DiscordEnv:
    """The emulator plus the real bot (`python -m bot`), started and READY."""
    bot = bot_factory()
    await bot.start()
    return DiscordEnv(emulator, bot)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Attach the bot's log to the report of a failing test."""
    report = yield
    log_path = item.stash.get(BOT_LOG, None)
    if report.failed and log_path is not None and log_path.exists():
        report.sections.append(("bot log", log_path.read_text(errors="replace")[-20_000:]))
    return report
