"""The database of a bot under test, opened beside it: to store finished games before
anyone asks, or to read what the bot stored."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.store import Database, open_database
from tests.emulator import BotProcess


@asynccontextmanager
async def bot_database(bot: BotProcess) -> AsyncIterator[Database]:
    """The bot's database, open for the ``async with`` block."""
    db = await open_database(bot.database_path)
    try:
        yield db
    finally:
        await db.close()
