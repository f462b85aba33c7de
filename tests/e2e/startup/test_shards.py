"""Shard clusters: one process holding both shards answers in a guild of each; a cluster
of two processes splits the guilds, and only shard 0's process syncs the commands."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.errors import NoResponse
from tests.emulator.world.guild import Guild
from tests.emulator.world.spec import GuildSpec

ZERO, ONE = "Shard Zero Club", "Shard One Club"
FAST_TABLES = {"COMPUTER_DELAY": "0", "COMPUTER_THINK_TIME": "0.2"}


@pytest.fixture
def guild_specs() -> tuple[GuildSpec, ...]:
    """A guild on each shard of two."""
    return GuildSpec(name=ZERO, shard=(0, 2)), GuildSpec(name=ONE, shard=(1, 2))


async def online(env: DiscordEnv, bot: BotProcess) -> None:
    """Wait until every shard of the bot has delivered its guilds."""
    await env.wait_for(lambda: "Bower is online" in bot.log(), timeout=20, what="on_ready")


async def table_created(env: DiscordEnv, guild: Guild) -> None:
    """``/table create`` in the guild is answered, and its table message is posted there."""
    out = await env.member("alice", guild=guild).slash(
        "table create", game="euchre", channel="euchre"
    )
    assert out.ephemeral and "is open" in out.message.text, out.message.text
    euchre = env.channel("euchre", guild=guild)
    await env.wait_for(lambda: euchre.public_messages(), what=f"the table message in {guild.name}")


async def test_one_process_with_both_shards_answers_in_either_guild(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    bot = bot_factory(extra_env={**FAST_TABLES, "SHARD_COUNT": "2"})
    await bot.start(timeout=30)
    env = DiscordEnv(emulator, bot)
    await online(env, bot)
    shards = {s.shard for s in emulator.gateway.sessions.values()}
    assert shards == {(0, 2), (1, 2)}
    for name in (ZERO, ONE):
        await table_created(env, env.guild_named(name))
    assert "Running shards 0-1 of 2: 45 of Discord's 45 requests a second" in bot.log()


async def test_a_cluster_splits_the_guilds_and_syncs_the_commands_once(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    first = bot_factory(extra_env={**FAST_TABLES, "SHARD_COUNT": "2", "SHARD_IDS": "0"})
    await first.start(timeout=30)
    syncs = len(emulator.world.commands.syncs)
    second = bot_factory(extra_env={**FAST_TABLES, "SHARD_COUNT": "2", "SHARD_IDS": "1"})
    started = time.monotonic()
    await second.start(wait=False)
    await second.wait_ready(since=started, timeout=30, commands=False)
    env = DiscordEnv(emulator, second)
    await online(env, first)
    await online(env, second)
    assert len(emulator.world.commands.syncs) == syncs  # the second process did not sync
    assert "left to the process holding shard 0" in second.log()
    assert "22.5 of Discord's 45 requests a second" in second.log()

    for name in (ZERO, ONE):
        await table_created(env, env.guild_named(name))
    await first.stop()  # shard 0's guild has nobody to answer it now: not the second
    with pytest.raises(NoResponse):
        await env.member("bob", guild=env.guild_named(ZERO)).slash(
            "table create", game="euchre", channel="euchre", timeout=2
        )
