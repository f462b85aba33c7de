"""`python -m bot --check` names the shards a cluster process runs, in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import checks
from bot.checks import Finding, run_checks, shards_line
from bot.config import Settings, load_settings


def settings_with(tmp_path: Path, **env: str) -> Settings:
    env = {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(tmp_path / "db"), **env}
    return load_settings(env, dotenv_path=tmp_path / ".env")


def test_the_shards_line_says_what_the_process_runs(tmp_path: Path) -> None:
    assert shards_line(settings_with(tmp_path, SHARD_COUNT="4", SHARD_IDS="0-1")) == (
        "This process runs shards 0-1 of 4 and syncs the slash commands."
    )
    assert shards_line(settings_with(tmp_path, SHARD_COUNT="4", SHARD_IDS="3")) == (
        "This process runs shard 3 of 4; the process holding shard 0 syncs the slash commands."
    )


@pytest.mark.parametrize("env, shown", [({}, False), ({"SHARD_COUNT": "2"}, True)])
async def test_check_mentions_the_shards_only_when_sharded(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    env: dict[str, str],
    shown: bool,
) -> None:
    async def fine(settings: Settings) -> Finding:
        return Finding(True, "fine")

    monkeypatch.setattr(checks, "check_discord", fine)
    monkeypatch.setattr(checks, "check_gateway", fine)
    assert await run_checks(settings_with(tmp_path, **env))
    lines = [line for line in capsys.readouterr().out.splitlines() if "This process runs" in line]
    assert lines == (["✓ This process runs shards 0-1 of 2 and syncs the slash commands."]
                     if shown else [])
