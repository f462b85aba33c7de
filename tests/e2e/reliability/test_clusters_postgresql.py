"""A shard cluster over one PostgreSQL database: two processes (SHARD_COUNT=2) play games
in servers on both shards; killing one mid-game loses no move while the other's game goes
on; restarting PostgreSQL mid-game loses nothing and play resumes by itself."""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from tests import postgres_server
from tests.e2e.tables import (
    Moves,
    Player,
    fill_and_start,
    game_over,
    kept_and_extended,
    open_table,
    stored_actions,
    table_id_of,
)
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.world.spec import GuildSpec

ZERO, ONE = "Shard Zero Club", "Shard One Club"
FAST_TABLES = {"COMPUTER_DELAY": "0", "COMPUTER_THINK_TIME": "0.2"}
NO_PAUSE = 5.0  # seconds a move of the other process's game may take while one is down


@pytest.fixture
def guild_specs() -> tuple[GuildSpec, ...]:
    """A guild on each shard of two."""
    return GuildSpec(name=ZERO, shard=(0, 2)), GuildSpec(name=ONE, shard=(1, 2))


@pytest.fixture
async def own_server() -> AsyncIterator[tuple[Path, str]]:
    """A PostgreSQL server of this test's own (it restarts it): its folder and a URL of a
    fresh schema on it."""
    if postgres_server.programs() is None:
        pytest.skip("PostgreSQL is not installed (.ci/run installs it)")
    folder = Path(tempfile.mkdtemp(prefix="bower-pg-cluster-"))
    server = await asyncio.to_thread(postgres_server.start, folder)
    try:
        yield folder, await postgres_server.new_schema(server)
    finally:
        await asyncio.to_thread(postgres_server.stop, folder)


async def cluster(
    bot_factory: Callable[..., BotProcess], url: str
) -> tuple[BotProcess, BotProcess]:
    """Shard 0's process (which syncs the commands), then shard 1's, both READY."""
    common = {**FAST_TABLES, "SHARD_COUNT": "2", "DATABASE_URL": url}
    first = bot_factory(extra_env={**common, "SHARD_IDS": "0"})
    await first.start(timeout=30)
    second = bot_factory(extra_env={**common, "SHARD_IDS": "1"})
    started = time.monotonic()
    await second.start(wait=False)
    await second.wait_ready(since=started, timeout=30, commands=False)
    return first, second


async def game_in(env: DiscordEnv, guild_name: str) -> Player:
    """A Euchre game bob plays with three computers in that guild, his first move made."""
    bob = env.member("bob", guild=env.guild_named(guild_name))
    table = await open_table(env, bob, "euchre", target=5)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    assert await player.move()
    return player


def whole(log: Moves) -> bool:
    """Every move of the log once, in order."""
    return [number for number, _, _ in log] == list(range(len(log)))


async def test_a_cluster_loses_nothing_when_a_process_or_postgresql_restarts(
    own_server: tuple[Path, str], emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    folder, url = own_server
    first, second = await cluster(bot_factory, url)
    env = DiscordEnv(emulator, second)
    zero, one = await game_in(env, ZERO), await game_in(env, ONE)
    zero_id, one_id = table_id_of(zero.table), table_id_of(one.table)
    assert zero_id != one_id  # one database numbers the tables of both processes

    before = stored_actions(env, zero_id)
    assert await first.kill() == -9
    for _ in range(3):  # shard 1's game goes on while shard 0's process is down
        started = time.monotonic()
        assert await one.move()
        assert time.monotonic() - started < NO_PAUSE
    assert stored_actions(env, zero_id) == before
    restarted = time.monotonic()
    await first.start(timeout=30)
    await env.wait_for(lambda: "Restored 1 open tables" in first.log().split("start #2")[-1])
    assert first.starts == 2 and restarted > 0
    assert await zero.move()  # a button of the hand message sent before the kill
    assert kept_and_extended(before, stored_actions(env, zero_id))

    logs = {zero_id: stored_actions(env, zero_id), one_id: stored_actions(env, one_id)}
    await asyncio.to_thread(postgres_server.restart, folder)  # every connection cut
    for player in (zero, one):
        assert await player.move()
    for table_id, log in logs.items():
        assert kept_and_extended(log, stored_actions(env, table_id))

    for player in (zero, one):
        await player.play_to_end()
        assert game_over(player.table)
    assert whole(stored_actions(env, zero_id)) and whole(stored_actions(env, one_id))
