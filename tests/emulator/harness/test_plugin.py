"""The fixtures fail a test whose bot broke a Discord rule (unless it expected that), and
show the bot's log under a failing test. Checked by running pytest on sample tests."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tests.emulator.harness.botproc import REPO_ROOT

SAMPLE = """
import aiohttp

async def post_too_long(emulator):
    channel = next(iter(emulator.world.guilds.values())).channels
    url = f"{emulator.api_base}/channels/{next(iter(channel))}/messages"
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.post(url, json={"content": "x" * 2001}, headers=headers) as response:
            assert response.status == 400

async def test_unexpected_rule_break(emulator_env):
    await post_too_long(emulator_env.emulator)

async def test_expected_rule_break(emulator_env):
    with emulator_env.expect_violations() as seen:
        await post_too_long(emulator_env.emulator)
    assert seen.kinds == ["nonconforming"]

async def test_failure_shows_the_bot_log(discord_env):
    assert discord_env.bot.running
    assert False, "deliberate"
"""


async def test_violations_fail_the_test_and_failures_show_the_bot_log(tmp_path: Path) -> None:
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    options = "-p tests.emulator.harness.plugin -p no:cacheprovider -p no:hypothesispytest -rA"
    command = [sys.executable, "-m", "pytest", "test_sample.py", *options.split()]
    command += ["-o", "asyncio_mode=auto", "-o", "asyncio_default_fixture_loop_scope=function"]
    result = await asyncio.to_thread(
        subprocess.run,
        command,
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "ERROR at teardown of test_unexpected_rule_break" in output
    assert "the bot broke Discord's rules" in output and "nonconforming" in output
    assert "POST /channels/{channel_id}/messages: body /content = 'xxxxx" in output
    assert "(2001 characters): BASE_TYPE_MAX_LENGTH Must be 2000 or fewer in length." in output
    assert "PASSED test_sample.py::test_expected_rule_break" in output
    assert "FAILED test_sample.py::test_failure_shows_the_bot_log" in output
    assert "bot log" in output and "Starting Bower" in output
