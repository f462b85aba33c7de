"""A newcomer's install: every misconfiguration stops with one line naming the setting and
what to do (exit status 2, no traceback), and `python -m bot --check` says what it found:
the settings, the database (a damaged one, one written by a newer Bower), the token and
the gateway, which it reaches without joining."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.emulator import BotProcess, Emulator

BotFactory = Callable[..., BotProcess]
PAGE = 4096


async def run_bot(bot: BotProcess, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot *args`` with the emulator's settings (overridden by ``env``)."""
    environment = {**bot.environment(), **env}
    return await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot", *args],
        cwd=bot.workdir,
        env=environment,
        capture_output=True,
        text=True,
        timeout=90,
    )


def one_clear_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit status 2 and a line that says ``words``, no traceback."""
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert "Traceback" not in output, output
    assert all(word in output for word in words), output


async def test_database_paths_that_cannot_work_are_named_with_the_fix(
    emulator: Emulator, bot_factory: BotFactory, tmp_path: Path
) -> None:
    bot = bot_factory()
    a_file = tmp_path / "plain-file"
    a_file.write_text("not a folder")
    not_sqlite = tmp_path / "notes.sqlite3"
    not_sqlite.write_bytes(b"this is not a database at all, just text" * 40)
    cases = [
        (str(a_file / "bower.sqlite3"), ("DATABASE_PATH", "is a file, not a folder")),
        (str(not_sqlite), ("DATABASE_PATH", "is not a SQLite database")),
        ("/proc/bower/bower.sqlite3", ("DATABASE_PATH", "cannot be written")),
    ]
    for path, words in cases:
        one_clear_line(await run_bot(bot, DATABASE_PATH=path), *words)
        one_clear_line(await run_bot(bot, "--check", DATABASE_PATH=path), *words)


async def test_discord_unreachable_is_retried_then_named(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    result = await run_bot(bot, DISCORD_API_BASE="http://bower-nowhere.invalid/api/v10")
    one_clear_line(result, "Discord is unreachable at http://bower-nowhere.invalid/api/v10")
    assert result.stderr.count("Retrying in") == 4  # with a growing pause, then it says so


async def test_check_reports_settings_database_and_token(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    good = await run_bot(bot, "--check")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "✓ Settings are valid." in good.stdout
    assert "will be created at the first start" in good.stdout
    assert "✓ Discord accepts the token: logged in as" in good.stdout
    assert not emulator.gateway.sessions, "--check never joins the gateway"

    await bot.start()  # the database now exists and is migrated
    await bot.stop()
    again = await run_bot(bot, "--check")
    assert "integrity check ok" in again.stdout and "is up to date" in again.stdout

    with emulator.violations.expect() as seen:
        bad = await run_bot(bot, "--check", DISCORD_TOKEN="not.the.token")
    one_clear_line(bad, "✗ Discord rejected DISCORD_TOKEN")
    assert seen.kinds == ["unauthorized"]


def damaged_database(path: Path) -> Path:
    """A SQLite file whose middle pages are overwritten (its header is intact)."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE filler (x)")
        db.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,)] * 2000)
    data = bytearray(path.read_bytes())
    data[PAGE * 3 : PAGE * 6] = b"\xff" * (PAGE * 3)
    path.write_bytes(bytes(data))
    return path


async def test_check_says_the_gateway_answers_without_joining(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    result = await run_bot(bot_factory(), "--check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"✓ Discord's gateway answers at {emulator.gateway_url} (reached, not joined)." in (
        result.stdout
    )
    assert emulator.gateway.connections and not emulator.gateway.sessions


async def test_check_names_an_unreachable_gateway(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    result = await run_bot(bot_factory(), "--check", DISCORD_GATEWAY_URL="ws://127.0.0.1:9/")
    one_clear_line(
        result, "✗ Discord's gateway is unreachable at ws://127.0.0.1:9/", "DISCORD_GATEWAY_URL"
    )
    assert "✓ Discord accepts the token" in result.stdout


async def test_check_names_a_damaged_database(
    emulator: Emulator, bot_factory: BotFactory, tmp_path: Path
) -> None:
    path = damaged_database(tmp_path / "damaged.sqlite3")
    result = await run_bot(bot_factory(), "--check", DATABASE_PATH=str(path))
    one_clear_line(result, f"✗ DATABASE_PATH {path} is damaged", "restore it from a backup")


async def test_a_database_from_a_newer_bower_is_named_at_check_and_at_start(
    emulator: Emulator, bot_factory: BotFactory, tmp_path: Path
) -> None:
    path = tmp_path / "newer.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 999")
    bot = bot_factory()
    checked = await run_bot(bot, "--check", DATABASE_PATH=str(path))
    one_clear_line(checked, "✗ Database schema 999 is newer than this Bower")
    started = await run_bot(bot, DATABASE_PATH=str(path))
    one_clear_line(
        started,
        f"bower: cannot use the database: DATABASE_PATH {path} has schema version 999",
        "run that version",
    )
    assert " ERROR " not in started.stderr
