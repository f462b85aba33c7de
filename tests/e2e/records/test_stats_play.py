"""A game played through Discord counts: leaderboard, stats and history show it; settings
a moderator changes shape the next table."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.databases import BACKENDS
from tests.e2e.tables import Player, fill_and_start, open_table
from tests.emulator import BotProcess, DiscordEnv, Emulator

BotFactory = Callable[..., BotProcess]
FAST = {"COMPUTER_DELAY": "0", "COMPUTER_THINK_TIME": "0.05"}


async def fast_env(
    emulator: Emulator, bot_factory: BotFactory, database_env: dict[str, str] | None = None
) -> DiscordEnv:
    """The bot with computer players that move at once (on ``database_env``'s database)."""
    bot = bot_factory(extra_env={**FAST, **(database_env or {})})
    await bot.start()
    return DiscordEnv(emulator, bot)


@pytest.mark.parametrize("database", BACKENDS)
async def test_a_finished_game_shows_on_the_leaderboard_stats_and_history(
    database_env: dict[str, str], emulator: Emulator, bot_factory: BotFactory
) -> None:
    env = await fast_env(emulator, bot_factory, database_env)
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "euchre", target=1)
    await fill_and_start(env, bob, table)
    await Player(env, bob, table).play_to_end()
    won = "bob &" in table.text.split("won the game", 1)[0].rsplit("🏆", 1)[-1]
    assert env.bot is not None
    await env.bot.kill()  # killed right at the end of the game: it still counts, once
    await env.bot.start()

    board = (await carol.slash("leaderboard show", game="euchre")).message
    assert f"🥇 <@{bob.id}>" in board.text
    assert f"1 game · {'100' if won else '0'}% won" in board.text
    assert "1 ranked" in board.text

    stats = (await bob.slash("stats", game="euchre")).message.text
    assert f"1 game · {int(won)} won" in stats and "Euchre — #1 of 1" in stats
    assert "Skill **" in stats and "Times euchred" in stats

    history = (await bob.slash("history")).message.text
    assert ("\n✅ **Euchre**" if won else "\n❌ **Euchre**") in history
    assert f"<@{bob.id}> & 🤖 " in history and "skill " in history

    nothing = (await carol.slash("stats")).message.text
    assert "hasn't finished a game in this server yet" in nothing


async def test_settings_change_how_the_next_table_runs(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    env = await fast_env(emulator, bot_factory)
    alice, bob = env.member("alice"), env.member("bob")

    await alice.slash("config set", setting="computers_allowed", value="no")
    await alice.slash("config set", setting="options:euchre", value="target=3")
    await alice.slash("config set", setting="table_channels", value="#euchre")

    refused = await bob.slash("table create", game="euchre", channel="general")
    assert refused.ephemeral and "can't be opened in this channel" in refused.message.text

    table = await open_table(env, bob, "euchre")
    assert "House rules: game to 3 (usually 10)" in table.text
    out = await bob.click(table, "Add computer player")
    await out.answered()
    refusal = bob.last_ephemeral()
    assert "Computer players are turned off in this server" in refusal.text
    assert table.text.count("— open —") == 3

    await alice.slash("config reset", setting="all")
    second = await open_table(env, bob, "euchre", channel="general")
    assert "Standard rules · game to 10" in second.text
    await fill_and_start(env, bob, second)  # computers are allowed again
