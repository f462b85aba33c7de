"""The turn timer: a computer moves for an absent person and the table says so; after
three timeouts in a row it holds their hand until they press My hand again."""

from __future__ import annotations

from collections.abc import Callable

from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import fill_and_start, open_table, stored_actions, table_id_of
from tests.emulator import BotProcess, DiscordEnv, Emulator

SCALE = "0.008"  # the default 120 s turn timer lasts about a second


async def test_timeouts_then_a_standin_then_the_person_takes_the_hand_back(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    bot = bot_factory(extra_env={**FAST_TABLES, "TURN_TIMER_SCALE": SCALE})
    await bot.start()
    env = DiscordEnv(emulator, bot)
    bob = env.member("bob")
    table = await open_table(env, bob, "over_the_top", target=500)
    await fill_and_start(env, bob, table)
    channel = env.channel("euchre")

    def said(words: str) -> bool:
        return any(words in m.text for m in channel.public_messages())

    await env.wait_for(lambda: said("bob ran out of time"), timeout=10)
    await env.wait_for(lambda: said("After 3 timeouts in a row"), timeout=15)
    await env.wait_for(lambda: "standing in" in table.text, what="the stand-in on the table")
    table_id = table_id_of(table)
    sources = [source for _, _, source in stored_actions(env, table_id)]
    assert sources.count("timeout") == 3
    await env.wait_for(
        lambda: "standin" in [s for _, _, s in stored_actions(env, table_id)], timeout=10
    )

    out = await bob.click(table, "My hand")
    assert out.ephemeral and "standing in" not in out.message.text
    await env.wait_for(lambda: said("bob is back"))
    await env.wait_for(lambda: "standing in" not in table.text)
