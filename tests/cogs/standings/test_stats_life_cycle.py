"""The Stats cog's work in the background stops when it is unloaded, as the bot stops,
before the store closes: filling in older games is cancelled, a count under way ends."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
from discord.ext import commands

import cogs.standings.stats as stats_cog
from bot.store import Database
from cogs.standings.stats import Stats
from tests.tables.helpers import make_service, open_db


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[commands.Bot]:
    """A bot with a table service over a fresh store (closed after the test)."""
    db = await open_db(tmp_path / "bower.sqlite3")
    service = make_service(db)
    client = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    client.runtime = SimpleNamespace(service=service)  # type: ignore[attr-defined]
    try:
        yield client
    finally:
        await service.close()
        await db.close()


async def test_unloading_stops_filling_in_older_games_before_the_store_closes(
    bot: commands.Bot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    filling, stopped = asyncio.Event(), asyncio.Event()

    async def slow_backfill(db: Database) -> int:
        filling.set()
        try:
            await asyncio.sleep(60)
        finally:
            stopped.set()
        return 0

    monkeypatch.setattr(stats_cog, "backfill_calls", slow_backfill)
    await bot.add_cog(Stats(bot))
    await filling.wait()
    await bot.remove_cog("Stats")
    assert stopped.is_set()  # cancelled and ended by the time the unload returns
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_unloading_lets_a_count_under_way_end(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
    cog = bot.get_cog("Stats")
    assert isinstance(cog, Stats)
    async with cog.updater()._lock:  # the count waits for its turn
        await cog.catch_up(wait=0)
        counting = set(cog._counting)
        assert counting
    await bot.remove_cog("Stats")
    assert all(task.done() and not task.cancelled() for task in counting)
