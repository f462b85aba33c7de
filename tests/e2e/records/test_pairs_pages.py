"""The pairs board's Previous / Next buttons end to end: they page through the pairs (not
the members' board), keep working from the message they are on, and a pressed button
whose pairs board does not exist is answered privately and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

from tests.e2e.database import bot_database
from tests.e2e.tables import refused
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.store.helpers import stored_result

BotFactory = Callable[..., BotProcess]


async def test_the_pairs_board_pages_with_its_buttons(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    alice, carol = env.member("alice"), env.member("carol")
    async with bot_database(bot) as db:  # 12 games of 4 strangers: 24 pairs, one game together each
        for game in range(12):
            first = 900 + 4 * game
            await stored_result(db, (first, first + 1), (first + 2, first + 3),
                                guild=env.guild.id)
    await bot.start()
    await alice.slash("config set", setting="pairs_minimum", value="1")

    with env.expect_violations():  # the strangers have left the server
        answer = await carol.slash("leaderboard show", game="euchre", pairs=True, share=True)
        pairs = answer.message
        assert "Euchre pairs" in pairs.text and "Page 1 of 3" in pairs.text
        labels = {b["label"]: b.get("disabled", False) for b in pairs.buttons()}
        assert labels == {"Previous": True, "Next": False}
        await carol.click(pairs, "Next")
        assert "Euchre pairs" in pairs.text and "Page 2 of 3" in pairs.text
        assert " together · " in pairs.text and " — skill " not in pairs.text
        [picture] = pairs.attachments
        assert picture.filename == "pairs.png"
        await carol.click(pairs, "Next")
        assert "Page 3 of 3" in pairs.text
        assert next(b for b in pairs.buttons() if b["label"] == "Next").get("disabled")
        await carol.click(pairs, "Previous")
        assert "Page 2 of 3" in pairs.text

    # A pairs button of a game without partners (only a tampered client sends one).
    seen = pairs.text
    for button in pairs.buttons():
        button["custom_id"] = f"bower-board:{env.guild.id}:flip:s1:p0:1:pairs"
        button["disabled"] = False
    refused(await carol.click(pairs, "Next"), "Flip Euchre has no partners")
    assert pairs.text == seen
