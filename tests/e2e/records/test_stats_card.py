"""/stats as picture cards end to end: a card per game played, each figure of its alt
text in the text answer, the seasons on the card once a second one started, and a
member with no games told so privately even when asked to share."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.e2e.database import bot_database
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.pictures.helpers import decode
from tests.store.helpers import stored_result

BotFactory = Callable[..., BotProcess]
FIGURE = re.compile(r"-?\d+(?:\.\d+)?")


async def test_stats_come_with_a_card_per_game_whose_figures_are_the_texts(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    alice, bob, carol, dave = (env.member(n) for n in ("alice", "bob", "carol", "dave"))
    async with bot_database(bot) as db:
        await stored_result(db, (bob.id,), (carol.id,), guild=env.guild.id)
        await stored_result(db, (carol.id,), (bob.id,), guild=env.guild.id, scores=(10, 4))
        await stored_result(db, (bob.id, carol.id), (dave.id,), guild=env.guild.id,
                            variant="flip")
    await bot.start()
    await alice.slash("season start", name="Spring")

    answer = await carol.slash("stats", member="bob", share=True)
    message = answer.message
    assert not answer.ephemeral
    assert [a.filename for a in message.attachments] == ["stats-euchre.png", "stats-flip.png"]
    assert [e.get("title") for e in message.embeds[1:]] == ["Flip Euchre"]
    assert message.embeds[0]["image"]["url"].endswith("/stats-euchre.png")
    text = message.text
    assert "Skill after each of the last 2 games: lowest " in text
    assert "By season: Season 1: 2 games · 1 won (50%) · skill " in text
    for attachment in message.attachments:
        assert decode(attachment.data).width == 800
        alt = attachment.description or ""
        assert alt.startswith("bob's ") and "Season 1: " in alt
        assert set(FIGURE.findall(alt)) <= set(FIGURE.findall(text)), alt

    nobody = await bob.slash("stats", member="erin", share=True)
    assert nobody.ephemeral and "hasn't finished a game in this server yet" in nobody.message.text
    assert nobody.message.attachments == []
