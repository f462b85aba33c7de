"""/leaderboard show's places moved end to end: each row's move is its place on the board
as it stood a week ago (for a member with no game this week) less its place now, the same
in the text and the picture's alt text, and the text says since when."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.seasons import Board
from bot.store.standings.stats import BoardQuery, StatsRepository
from tests.e2e.database import bot_database
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.store.helpers import stored_result

BotFactory = Callable[..., BotProcess]
WEEK_NOTE = "▲▼ Places moved in the last 7 days (new: not on the board then)."
LAST_GAME_NOTE = (
    "▲▼ Places moved since just before your last game on this board"
    " (new: not on the board then)."
)
MENTION = re.compile(r"<@(\d+)>")


async def played(db: Database, guild: int, winner: int, loser: int, days_ago: float) -> None:
    """A Euchre game ``winner`` won against ``loser``, finished ``days_ago``, counted."""
    table_id = await stored_result(db, (winner,), (loser,), guild=guild)
    finished = (datetime.now(UTC) - timedelta(days=days_ago)).isoformat(timespec="milliseconds")
    await db.execute("UPDATE results SET finished_at = ? WHERE table_id = ?", (finished, table_id))
    await RatingUpdater(db).apply_pending()


def expected_moves(then: int | None, now: int) -> tuple[str, str]:
    """How the text and the alt text write a move from place ``then`` to ``now``."""
    if then is None:
        return "new", "new"
    if then == now:
        return "same place", "same place"
    count = abs(then - now)
    arrow, way = ("▲", "up") if then > now else ("▼", "down")
    return f"{arrow} {count}", f"{way} {count} place{'' if count == 1 else 's'}"


async def test_rows_show_the_places_moved_since_the_askers_last_game_or_this_week(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    bob, carol, dave, erin = (env.member(n) for n in ("bob", "carol", "dave", "erin"))
    query = BoardQuery(env.guild.id, "euchre", Board(1))
    async with bot_database(bot) as db:

        async def places() -> dict[int | None, int]:
            return {e.rating.user_id: e.place
                    for e in await StatsRepository(db).standings(query)}

        for winner, loser in ((bob, carol), (bob, dave), (dave, carol)):
            await played(db, env.guild.id, winner.id, loser.id, days_ago=10)
        week_ago = await places()
        for winner, loser in ((carol, bob), (carol, bob)):
            await played(db, env.guild.id, winner.id, loser.id, days_ago=2)
        before_erins = await places()
        await played(db, env.guild.id, erin.id, dave.id, days_ago=1)
        now = await places()
    assert now != week_ago and now != before_erins  # the board moved
    await bot.start()

    # alice never played: the week's moves; erin played yesterday: since before that game.
    alice = env.member("alice")
    for asker, earlier, note in ((alice, week_ago, WEEK_NOTE), (erin, before_erins,
                                 LAST_GAME_NOTE)):
        message = (await asker.slash("leaderboard show", game="euchre")).message
        assert note in message.embeds[0]["footer"]["text"]
        [attachment] = message.attachments
        alt = str(attachment.description)
        assert alt.endswith(f". {note}")
        rows = alt.removesuffix(f". {note}").split(": ", 1)[1].split("; ")
        lines = [line for line in message.text.splitlines() if " — skill " in line]
        assert len(lines) == len(rows) == 4
        for line, row in zip(lines, rows, strict=True):
            user = int(MENTION.findall(line)[0])
            text, words = expected_moves(earlier.get(user), now[user])
            assert line.endswith(f" · {text}") and row.endswith(f", {words}"), (line, row)
