"""Discord's gateway out of reach: at start it is retried a few times and then named in
one line (exit 2); down for a moment at start it is waited for; down while tables are
played, every failed try is one warning line (no error, no traceback) and the bot
resumes where it was, losing nothing; a silent loss (the link stays open but nothing comes
through) is noticed from the missing heartbeat answers and the bot connects again."""

from __future__ import annotations

import time
from collections.abc import Callable

from tests.e2e.conftest import FAST_TABLES
from tests.e2e.startup.test_startup_checks import run_bot
from tests.e2e.tables import game_under_way, kept_and_extended, stored_actions
from tests.emulator import BotProcess, DiscordEnv, Emulator

BotFactory = Callable[..., BotProcess]
CLOSED_PORT = "ws://127.0.0.1:9/"  # the discard port: nothing listens there


async def test_an_unreachable_gateway_is_retried_then_named(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    result = await run_bot(bot_factory(), DISCORD_GATEWAY_URL=CLOSED_PORT)
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert "Traceback" not in output and " ERROR " not in output, output
    assert output.count(f"Discord's gateway is unreachable at {CLOSED_PORT}") == 5, output
    assert "Retrying in 8 s." in output
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(f"bower: Discord's gateway is unreachable at {CLOSED_PORT} (")
    assert last.endswith("DISCORD_GATEWAY_URL. Gave up after 5 tries over 15 s.")
    assert not emulator.gateway.sessions


async def test_a_gateway_down_at_start_is_waited_for(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    emulator.gateway.refuse(times=2)
    bot = bot_factory()
    await bot.start(timeout=20)
    assert emulator.gateway.refused == 2
    log = bot.log()
    assert "Discord's gateway is unreachable" in log and "Retrying in 2 s." in log


async def test_an_outage_while_playing_is_ridden_out_and_nothing_is_lost(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory(extra_env=FAST_TABLES)
    await bot.start()
    env = DiscordEnv(emulator, bot)
    player, table_id, before = await game_under_way(env)

    emulator.gateway.refuse()  # Discord's gateway goes down...
    outage = time.monotonic()
    await env.drop_gateway(abrupt=True)  # ...and takes the bot's connection with it
    await env.wait_for(
        lambda: emulator.gateway.refused >= 2, timeout=20, what="the bot to keep trying"
    )
    emulator.gateway.refuse(0)  # back
    await bot.wait_resumed(since=outage, timeout=30)

    assert await player.move()  # answered and stored over the resumed session
    assert kept_and_extended(before, stored_actions(env, table_id))
    warnings = [line for line in bot.log().splitlines() if "Lost the connection to Discord" in line]
    assert warnings and all(" WARNING " in line for line in warnings)
    assert len(emulator.gateway.ready_at) == 1  # resumed, never identified again
    await player.play_to_end()


async def test_the_bot_reconnects_after_a_silent_loss_and_play_goes_on(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory(extra_env={**FAST_TABLES, "GATEWAY_TIMEOUT": "3"})
    await bot.start()
    env = DiscordEnv(emulator, bot)
    player, table_id, before = await game_under_way(env)
    connections = len(emulator.gateway.connections)

    emulator.gateway.silence()
    await env.wait_for(
        lambda: len(emulator.gateway.connections) > connections,
        timeout=20,
        what="the bot to notice and connect again",
    )
    await env.wait_for(lambda: emulator.gateway.current is not None, what="a live session")
    assert await player.move()  # answered and stored over the new connection
    assert kept_and_extended(before, stored_actions(env, table_id))
    await player.play_to_end()
