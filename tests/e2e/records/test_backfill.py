"""Start-up fills in the calls and euchring of games counted before they were kept: /stats
then counts them for every game whose log replays, and says how many games they cover
when one game's log is missing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from tests.e2e.database import bot_database
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.ratings.test_backfill import played_games

BotFactory = Callable[..., BotProcess]


async def test_older_games_get_their_calls_at_start_up(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    alice, bob = env.member("alice"), env.member("bob")
    async with bot_database(bot) as db:
        first, second = await played_games(db, ("euchre", "euchre"), (alice.id, bob.id),
                                           env.guild.id)
        # As migration 0010 left games counted before it; the second game's log is lost.
        await db.execute("UPDATE seat_records SET calls = NULL, calls_made = NULL,"
                         " euchring = NULL")
        await db.execute("DELETE FROM actions WHERE table_id = ?", (second,))
    await bot.start()

    async with bot_database(bot) as db:
        for _ in range(100):  # filled in beside the start, not before it
            row = await db.fetchone("SELECT COUNT(*) FROM seat_records WHERE table_id = ?"
                                    " AND calls IS NULL", (first,))
            if row is not None and row[0] == 0:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the first game's calls were not filled in")
    stats = (await alice.slash("stats", game="euchre")).message.text
    # Without the filling in, no game would keep them and they would not be shown.
    assert "Calls " in stats and "Makers euchred " in stats
    assert "(in 1 of 2 games)" in stats  # the first game's: not the last
