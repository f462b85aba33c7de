"""The start-up layer points discord.py where the settings say and loads every cog; a stop
asked during start-up is orderly; opening the store and starting the workers leaves the
event loop free."""

from __future__ import annotations

import asyncio
import importlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import discord
import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot import client
from bot.client import EXTENSIONS, BowerBot, apply_discord_endpoints
from bot.process_pool import LoopProcessPool
from tests.load.run import loop_lag_measured
from tests.test_client_shards import settings_with


@pytest.fixture
def restore_endpoints() -> Iterator[None]:
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    yield
    Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


@pytest.mark.usefixtures("restore_endpoints")
def test_endpoints_are_applied_to_rest_routes_and_the_gateway() -> None:
    apply_discord_endpoints("http://127.0.0.1:9/api/v10/", "ws://127.0.0.1:9/")
    assert Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9/"


@pytest.mark.usefixtures("restore_endpoints")
def test_discords_own_endpoints_are_the_defaults() -> None:
    apply_discord_endpoints("https://discord.com/api/v10", "wss://gateway.discord.gg/")
    assert Route.BASE == "https://discord.com/api/v10"
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "wss://gateway.discord.gg/"


@pytest.mark.parametrize("name", EXTENSIONS)
def test_every_extension_has_a_setup_function(name: str) -> None:
    assert callable(importlib.import_module(name).setup)


async def fake_login(self: discord.Client, token: str) -> None:
    """Discord's part of logging in left out: only the start-up that follows it."""
    await self.setup_hook()


def slow_load(
    bot: BowerBot, slow: str, blocked: asyncio.Event, release: asyncio.Event, loaded: list[str]
) -> Callable[..., Awaitable[None]]:
    """The bot's extension loading, holding up ``slow`` until ``release`` is set."""
    load = bot.load_extension

    async def load_slowly(name: str, *, package: str | None = None) -> None:
        if name == slow:
            blocked.set()
            await release.wait()
        await load(name)
        loaded.append(name)

    return load_slowly


async def test_a_stop_during_start_up_waits_for_the_step_under_way_and_skips_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(discord.Client, "login", fake_login)
    bot = BowerBot(settings_with(tmp_path))
    blocked, release, loaded = asyncio.Event(), asyncio.Event(), list[str]()

    monkeypatch.setattr(bot, "load_extension", slow_load(bot, "cogs.standings", blocked, release,
                                                         loaded))
    with caplog.at_level(logging.INFO):
        async with bot:
            starting = asyncio.create_task(bot.login("t"))
            await blocked.wait()
            closing = asyncio.create_task(bot.close())
            await asyncio.sleep(0.05)
            assert not closing.done()  # the store stays open for the cog being loaded
            release.set()
            await starting  # nothing escapes it
            await closing
    assert loaded == list(EXTENSIONS[: EXTENSIONS.index("cogs.standings") + 1])
    assert not bot.extensions and not bot.cogs  # unloaded before the store closed
    assert "the rest of the start-up is skipped" in caplog.text
    assert [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info] == []


async def test_a_start_up_step_that_fails_still_fails_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discord.Client, "login", fake_login)
    bot = BowerBot(settings_with(tmp_path))

    async def broken(name: str, *, package: str | None = None) -> None:
        raise RuntimeError(f"{name} is broken")

    monkeypatch.setattr(bot, "load_extension", broken)
    async with bot:
        with pytest.raises(RuntimeError, match="cogs.help is broken"):
            await bot.login("t")
        await asyncio.wait_for(bot.close(), 5)  # nothing left to wait for
    assert bot.db is not None and not bot.extensions


async def test_a_start_up_step_the_stop_gave_up_waiting_for_fails_quietly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(discord.Client, "login", fake_login)
    monkeypatch.setattr(client, "START_UP_STOP_WAIT", 0.05)
    bot = BowerBot(settings_with(tmp_path))
    blocked, release, loaded = asyncio.Event(), asyncio.Event(), list[str]()
    slow = "cogs.moderation.modlog"  # reads the moderation log: fails on a closed store
    monkeypatch.setattr(bot, "load_extension", slow_load(bot, slow, blocked, release, loaded))
    with caplog.at_level(logging.INFO):
        async with bot:
            starting = asyncio.create_task(bot.login("t"))
            await blocked.wait()
            await bot.close()  # gives up waiting: everything closes
            release.set()
            await starting
    assert slow not in loaded and "stopping anyway" in caplog.text
    assert f"Extension '{slow}' raised an error" in caplog.text
    assert [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info] == []


async def test_a_stop_just_after_connecting_ends_the_wait_for_ready(tmp_path: Path) -> None:
    """discord.py waits about two seconds for the servers before ``ready``; a stop in that
    time ends the wait, which would otherwise dispatch ``ready`` after the client closed."""
    bot = BowerBot(settings_with(tmp_path))
    async with bot:
        waiting = asyncio.create_task(asyncio.sleep(10))
        bot._connection._ready_task = waiting
        await bot.close()
        await asyncio.sleep(0)
    assert waiting.cancelled()


SLOW_FORK = 0.2  # seconds each worker's start is made to take


async def test_opening_the_store_and_starting_the_workers_leaves_the_event_loop_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each worker's start waits for its fork (the first also for the forkserver's
    imports): about a second in all at start-up, made certain here by slowing each one.
    Meanwhile the loop must keep running (a stop, the gateway's heartbeat)."""
    start = LoopProcessPool._start_worker

    def slow_start(pool: LoopProcessPool) -> object:
        time.sleep(SLOW_FORK)
        return start(pool)

    monkeypatch.setattr(LoopProcessPool, "_start_worker", slow_start)
    bot = BowerBot(settings_with(tmp_path))
    async with bot:
        with loop_lag_measured(interval=0.01) as lags:
            await bot._open_store()
            await asyncio.sleep(0.05)  # the tick a stall at the very end held up
        try:
            assert bot.db is not None and await bot.db.schema_version() > 0
            loop = asyncio.get_running_loop()
            for pool in (bot.executor, bot.drawing, bot.hand_drawing):
                assert await loop.run_in_executor(pool, abs, -3) == 3  # its workers answer
        finally:
            await bot.close()
    assert max(lags) < 300  # ms; on the loop, the starts alone held it for over a second
