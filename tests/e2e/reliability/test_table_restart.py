"""Stopping the bot, even with kill -9, loses nothing: lobbies and games come back where
they were, the old buttons keep working, and the game is finished normally."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable

import pytest

from tests.databases import BACKENDS
from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import (
    Player,
    action_controls,
    fill_and_start,
    game_over,
    open_table,
    stored_actions,
    table_id_of,
)
from tests.emulator import BotProcess, DiscordEnv, Emulator


@pytest.mark.parametrize("database", BACKENDS)
async def test_kill_in_mid_hand_then_finish_the_game_with_the_old_buttons(
    table_env: DiscordEnv,
) -> None:
    env, bot = table_env, table_env.bot
    assert bot is not None
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=5)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    for _ in range(2):
        assert await player.move()
    hand = player.hand
    assert hand is not None
    await env.wait_for(lambda: action_controls(hand), what="bob's turn")
    table_id = table_id_of(table)
    stored = stored_actions(env, table_id)

    assert await bot.kill() == -9
    await bot.start()

    assert stored_actions(env, table_id) == stored
    await env.wait_for(
        lambda: "bot start #2" in bot.log() and "Restored 1 open tables" in bot.log()
    )
    assert await player.move()  # a button of the hand message sent before the crash
    assert len(stored_actions(env, table_id)) > len(stored)
    await player.play_to_end()
    assert game_over(table)


async def test_kill_while_computers_play_resumes_their_moves(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    bot = bot_factory(extra_env={**FAST_TABLES, "COMPUTER_DELAY": "0.15"})
    await bot.start()
    env = DiscordEnv(emulator, bot)
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=1)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    assert await player.move()  # computers are thinking now
    await bot.kill()
    await bot.start()
    assert player.hand is not None
    out = await bob.click(player.hand, "Refresh")  # the hand sent before the crash
    assert out.kind == "update" and out.message is player.hand
    await player.play_to_end()
    log = stored_actions(env, table_id_of(table))
    assert [i for i, _, _ in log] == list(range(len(log)))


async def test_a_lobby_survives_a_restart_and_its_buttons_still_work(
    table_env: DiscordEnv,
) -> None:
    env, bot = table_env, table_env.bot
    assert bot is not None
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "over_the_rhine")
    await bot.restart()
    out = await carol.click(table, "Join")
    assert out.kind == "deferred_update"
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    await bob.click(table, "Start")
    await env.wait_for(lambda: "My hand" in str(table.buttons()))


def stored_status(env: DiscordEnv, table_id: int, column: str = "status") -> str:
    """The table's status (or the status its message was last seen to show) as stored."""
    assert env.bot is not None
    with sqlite3.connect(env.bot.database_path) as db:
        row = db.execute(f"SELECT {column} FROM tables WHERE id = ?", (table_id,)).fetchone()
    return str(row[0])


async def test_a_game_that_ends_as_the_bot_is_killed_shows_its_result_after_restart(
    table_env: DiscordEnv,
) -> None:
    env, bot = table_env, table_env.bot
    assert bot is not None
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=1)
    await fill_and_start(env, bob, table)
    table_id = table_id_of(table)
    player = Player(env, bob, table)
    hand = await player.get_hand()
    # From now on the table message cannot be edited: the result is stored, never shown.
    env.faults.delay("PATCH /channels/*/messages/*", 120.0)
    while stored_status(env, table_id) != "finished":
        if action_controls(hand):
            control = action_controls(hand)[0]
            if control["type"] == 2:
                await bob.click(hand, control["custom_id"])
            else:
                await bob.choose(hand, control["custom_id"], control["options"][0]["value"])
        await asyncio.sleep(0.05)
    assert not game_over(table)

    assert await bot.kill() == -9
    env.faults.clear()
    await bot.start()

    await env.wait_for(lambda: game_over(table), timeout=15, what="the result after restart")
    assert "won the game" in table.text
    await env.wait_for(lambda: stored_status(env, table_id, "shown_status") == "finished")
    await bot.kill()  # shown once is enough: a second start leaves the message alone
    edits = table.edits
    await bot.start()
    await env.wait_for(lambda: "is online" in bot.log().rsplit("bot start", 1)[-1])
    await env.sleep(1.0)  # the killed run's held edit keeps the emulator from going quiet
    assert table.edits == edits
