"""Bower on PostgreSQL (DATABASE_URL): `python -m bot --check` says which database it
reached and its schema version, and every start-up mistake (no server, a missing database,
a schema from a newer Bower) is one line naming DATABASE_URL, exit status 2, with the
password never shown."""

from __future__ import annotations

from collections.abc import Callable

import asyncpg

from tests.e2e.startup.test_startup_checks import one_clear_line, run_bot
from tests.emulator import BotProcess, Emulator

BotFactory = Callable[..., BotProcess]


async def test_check_reports_the_database_it_reached_and_its_schema(
    emulator: Emulator, bot_factory: BotFactory, postgres_url: str
) -> None:
    bot = bot_factory()
    fresh = await run_bot(bot, "--check", DATABASE_URL=postgres_url)
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    assert "✓ PostgreSQL database postgresql://" in fresh.stdout
    assert "migrations 1 to" in fresh.stdout  # nothing created by a check

    bot = bot_factory(extra_env={"DATABASE_URL": postgres_url})
    await bot.start()
    await bot.stop()
    migrated = await run_bot(bot, "--check")
    assert migrated.returncode == 0 and "is up to date" in migrated.stdout


async def test_start_up_mistakes_are_one_line_naming_database_url(
    emulator: Emulator, bot_factory: BotFactory, postgres_url: str, postgres_server_url: str
) -> None:
    bot = bot_factory()
    down = "postgresql://bower:hunter2@127.0.0.1:9/bower"
    missing = postgres_server_url.rsplit("/", 1)[0] + "/no_such_bower"
    for url, words in (
        (down, ("DATABASE_URL", "no PostgreSQL server answers", "bower:***@")),
        (missing, ("DATABASE_URL", "database does not exist", "createdb")),
    ):
        for args in ((), ("--check",)):
            result = await run_bot(bot, *args, DATABASE_URL=url)
            one_clear_line(result, *words)
            assert "hunter2" not in result.stdout + result.stderr
        # told at once, before Bower waits for a Discord it cannot reach
        unreachable = {"DISCORD_API_BASE": "http://127.0.0.1:9/api/v10"}
        result = await run_bot(bot, DATABASE_URL=url, **unreachable)
        one_clear_line(result, *words)
        assert "Discord" not in result.stderr

    started = bot_factory(extra_env={"DATABASE_URL": postgres_url})
    await started.start()
    await started.stop()
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("UPDATE bower_schema SET version = 999")
    await conn.close()
    for args in ((), ("--check",)):
        one_clear_line(
            await run_bot(bot, *args, DATABASE_URL=postgres_url),
            "schema",
            "999",
            "newer",
        )


async def test_a_malformed_database_url_is_a_configuration_error(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    result = await run_bot(bot_factory(), DATABASE_URL="mysql://bower:pw@localhost/bower")
    one_clear_line(result, "DATABASE_URL")
    assert "pw@" not in result.stdout + result.stderr
