"""Partnerships end to end: /stats lists a member's partners, /leaderboard show with
pairs:True ranks pairs who played the server's minimum of games together (a setting),
and a game without partners is refused privately."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.e2e.database import bot_database
from tests.e2e.tables import refused
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.store.helpers import stored_result

BotFactory = Callable[..., BotProcess]
FIGURE = re.compile(r"\d+(?:\.\d+)?")


async def test_partners_and_the_pairs_board(emulator: Emulator, bot_factory: BotFactory) -> None:
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    alice, bob, carol, dave, erin = (env.member(n) for n in ("alice", "bob", "carol", "dave",
                                                            "erin"))
    async with bot_database(bot) as db:
        for game in range(6):  # bob & carol beat dave & erin four times in six
            pair, other = (bob.id, carol.id), (dave.id, erin.id)
            winners, losers = (pair, other) if game < 4 else (other, pair)
            await stored_result(db, winners, losers, guild=env.guild.id)
        await stored_result(db, (bob.id, dave.id), (carol.id, erin.id), guild=env.guild.id)
    await bot.start()

    stats = (await bob.slash("stats", game="euchre")).message
    assert f"Partners: <@{carol.id}> 6 games · 4 won (67%) — <@{dave.id}> 1 game · 1 won" in (
        stats.text)
    [card] = stats.attachments
    assert "With carol 6 games · 4 won (67%)" in (card.description or "")

    answer = await carol.slash("leaderboard show", game="euchre", pairs=True)
    board = answer.message
    assert answer.ephemeral and "Euchre pairs" in board.text
    lines = [line for line in board.text.splitlines() if " together · " in line]
    assert lines == [
        f"🥇 <@{bob.id}> & <@{carol.id}> — 6 games together · 4 won (67%)",
        f"🥈 <@{dave.id}> & <@{erin.id}> — 6 games together · 2 won (33%)",
    ]
    assert "Pairs who played at least 5 games together" in board.text
    [picture] = board.attachments
    assert picture.filename == "pairs.png"
    alt = picture.description or ""
    assert alt.startswith("Euchre pairs, Season 1: #1 bob & carol, 4 wins, 6 games, 67% won;")
    for row, line in zip(alt.split(": ", 1)[1].split("; "), lines, strict=True):
        shown = FIGURE.findall(row.split(", ", 1)[1])
        assert sorted(shown) == sorted(FIGURE.findall(line.split(" — ")[1]))

    await alice.slash("config set", setting="pairs_minimum", value="7")
    none = (await carol.slash("leaderboard show", game="euchre", pairs=True)).message
    assert "No two members have played 7 games of Euchre together" in none.text

    refused(await bob.slash("leaderboard show", game="flip", pairs=True),
            "Flip Euchre has no partners")
    refused(await bob.slash("leaderboard show", game="over_the_top", pairs=True),
            "has no pairs leaderboard")
    assert env.default_channel.public_messages() == []
