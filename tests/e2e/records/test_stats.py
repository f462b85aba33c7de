"""/leaderboard, /stats and /history end to end, from results in the store."""

from __future__ import annotations

from collections.abc import Callable

from tests.e2e.database import bot_database
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.store.helpers import stored_result

BotFactory = Callable[..., BotProcess]


async def test_games_finished_while_the_bot_was_down_are_counted_at_start(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    bob, carol = env.member("bob"), env.member("carol")
    guild = env.guild.id
    # bob beats carol twice; 24 strangers fill the board beyond one page
    async with bot_database(bot) as db:
        await stored_result(db, (bob.id, "easy"), (carol.id, "hard"), guild=guild)
        await stored_result(db, (bob.id,), (carol.id,), guild=guild, scores=(10, 8))
        for stranger in range(24):
            await stored_result(db, (900 + stranger,), (950 + stranger,), guild=guild)
        await stored_result(db, (carol.id,), (bob.id,), guild=guild + 1)  # another server
    await bot.start()

    with env.expect_violations() as seen:  # the strangers' names, looked up for the picture
        looked_up = await carol.slash("leaderboard show", game="euchre")
        assert looked_up.ephemeral and "Euchre leaderboard" in looked_up.message.text
        await carol.click(looked_up.message, "Next")  # pages turn in a private answer too
        assert "Page 2 of 5" in looked_up.message.text
        outcome = await carol.slash("leaderboard show", game="euchre", share=True)
        board = outcome.message
        assert not outcome.ephemeral and board in env.default_channel.public_messages()
        assert "Euchre leaderboard" in board.text
        assert f"🥇 <@{bob.id}>" in board.text and "2 games · 100% won" in board.text
        assert "Page 1 of 5" in board.text
        page = [line for line in board.text.splitlines() if not line.startswith("Your place")]
        assert f"<@{carol.id}>" not in "\n".join(page)  # two losses: near the bottom,
        assert f"Your place: **50.** <@{carol.id}>" in board.text  # added for her

        await carol.click(board, "Next")
        assert "Page 2 of 5" in board.text
        await carol.click(board, "Previous")
        assert "Page 1 of 5" in board.text

        last = (await bob.slash("leaderboard show", game="euchre", page=9)).message
    assert set(seen.kinds) == {"unknown_member"}
    assert "Page 5 of 5" in last.text and f"<@{carol.id}>" in last.text

    stats = await bob.slash("stats")
    assert stats.ephemeral
    assert "2 games · 2 won (100%)" in stats.message.text
    assert "Euchre — #1 of 50" in stats.message.text
    assert "Loners 0 · Times euchred 0" in stats.message.text
    assert "still settling after 2 games)" in stats.message.text  # the skill number in words
    assert "it starts at 0" in stats.message.text and "μ" not in stats.message.text

    others = await bob.slash("stats", member="carol", game="euchre", share=True)
    assert not others.ephemeral and "Euchre — #50 of 50" in others.message.text
    nothing = await bob.slash("stats", game="railroad")
    assert "hasn't finished a game of Railroad Euchre" in nothing.message.text

    history = (await carol.slash("history")).message.text
    assert history.count("❌ **Euchre**") == 2
    assert f"<@{carol.id}> & 🤖 Dex (hard): **6** — <@{bob.id}> & 🤖 Cog (easy): 10" in history
    assert "skill -" in history
