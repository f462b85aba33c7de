"""A silent network loss (the link stays open but nothing comes through) is noticed by the
bot from the missing heartbeat answers; it connects again and nothing is lost."""

from __future__ import annotations

from collections.abc import Callable

from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import Player, fill_and_start, open_table, stored_actions, table_id_of
from tests.emulator import BotProcess, DiscordEnv, Emulator


async def test_the_bot_reconnects_after_a_silent_loss_and_play_goes_on(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    bot = bot_factory(extra_env={**FAST_TABLES, "GATEWAY_TIMEOUT": "3"})
    await bot.start()
    env = DiscordEnv(emulator, bot)
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=3)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    assert await player.move()
    table_id = table_id_of(table)
    before = stored_actions(env, table_id)
    connections = len(emulator.gateway.connections)

    emulator.gateway.silence()
    await env.wait_for(
        lambda: len(emulator.gateway.connections) > connections, timeout=20,
        what="the bot to notice and connect again",
    )
    await env.wait_for(lambda: emulator.gateway.current is not None, what="a live session")
    assert await player.move()  # answered and stored over the new connection
    after = stored_actions(env, table_id)
    assert after[: len(before)] == before and len(after) > len(before)
    assert [i for i, _, _ in after] == list(range(len(after)))
    await player.play_to_end()
