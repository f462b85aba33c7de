"""A cluster process: the sharded client, and the command sync left to shard 0's process."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from discord.ext import commands

from bot.client import BowerBot, make_bot
from bot.config import Settings, load_settings


def settings_with(tmp_path: Path, **env: str) -> Settings:
    env = {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(tmp_path / "db"), **env}
    return load_settings(env, dotenv_path=tmp_path / ".env")


async def test_without_sharding_the_client_is_a_plain_bot(tmp_path: Path) -> None:
    async with make_bot(settings_with(tmp_path)) as bot:
        assert type(bot) is BowerBot
        assert not isinstance(bot, commands.AutoShardedBot)
        assert bot.shard_count is None


@pytest.mark.parametrize(
    "env, ids", [({"SHARD_COUNT": "2"}, [0, 1]), ({"SHARD_COUNT": "4", "SHARD_IDS": "1,3"}, [1, 3])]
)
async def test_with_sharding_the_client_is_auto_sharded(
    tmp_path: Path, env: dict[str, str], ids: list[int]
) -> None:
    async with make_bot(settings_with(tmp_path, **env)) as bot:  # as __main__ does
        assert isinstance(bot, commands.AutoShardedBot) and isinstance(bot, BowerBot)
        assert bot.shard_count == int(env["SHARD_COUNT"])
        assert bot.shard_ids == ids


@pytest.mark.parametrize("shard_ids, synced", [("0", True), ("1", False), (None, True)])
async def test_only_the_process_holding_shard_zero_syncs_the_commands(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    shard_ids: str | None,
    synced: bool,
) -> None:
    env = {"SHARD_COUNT": "2", "SHARD_IDS": shard_ids} if shard_ids else {}
    calls: list[object] = []

    async def sync(*args: object, **kwargs: object) -> list[object]:
        calls.append(args)
        return []

    async with make_bot(settings_with(tmp_path, **env)) as bot:
        monkeypatch.setattr(bot.tree, "sync", sync)
        with caplog.at_level(logging.INFO, logger="bot.client"):
            await bot._sync_commands()
    assert bool(calls) is synced
    left = "left to the process holding shard 0" in caplog.text
    assert left is not synced
