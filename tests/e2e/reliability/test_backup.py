"""A backup taken during play restores to a database the bot starts from with every table
intact; automatic backups appear in BACKUP_DIR while the bot runs."""

from __future__ import annotations

import asyncio
import gc
import shutil
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import (
    Player,
    action_controls,
    fill_and_start,
    game_over,
    open_table,
    stored_actions,
    table_id_of,
)
from tests.emulator import BotProcess, DiscordEnv, Emulator


async def take_backup(bot: BotProcess, target: str) -> str:
    """`python -m bot.store.backup target` with the bot's environment, in its folder."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.store.backup",
        target,
        cwd=bot.workdir,
        env=bot.environment(),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, err.decode()
    return out.decode()


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        found = db.execute(sql).fetchall()
    db.close()
    return [tuple(row) for row in found]


TABLES = "SELECT id, status FROM tables ORDER BY id"
SCHEMA = "SELECT type, name FROM sqlite_schema ORDER BY name"


async def test_a_backup_taken_during_play_restores_and_the_game_goes_on(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    bot = bot_factory(extra_env={**FAST_TABLES, "BACKUP_DIR": "backups"})
    await bot.start()
    env = DiscordEnv(emulator, bot)
    backups = bot.workdir / "backups"
    await env.wait_for(
        lambda: "Automatic backup: Backup written to backups/bower-" in bot.log(),
        what="the automatic backup at start",
    )
    [automatic] = backups.glob("bower-*.sqlite3")
    assert rows(automatic, "PRAGMA integrity_check") == [("ok",)]

    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=5)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    for _ in range(2):
        assert await player.move()
    hand = player.hand
    assert hand is not None
    await env.wait_for(lambda: action_controls(hand), what="bob's turn")
    table_id = table_id_of(table)
    at_backup = stored_actions(env, table_id)

    line = await take_backup(bot, "mid-game.sqlite3")
    copy = bot.workdir / "mid-game.sqlite3"
    assert line.startswith("Backup written to mid-game.sqlite3 (") and "schema " in line
    for _ in range(3):  # play on after the backup
        assert await player.move()
    assert len(stored_actions(env, table_id)) > len(at_backup)

    await bot.stop()
    database = bot.database_path
    gc.collect()  # close the test's own leftover connections to the old file
    restored = database.with_name("restoring.sqlite3")
    shutil.copyfile(copy, restored)
    restored.replace(database)  # a new file: nothing in this process still maps the old one
    for suffix in ("-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)
    tables_at_backup, schema_at_backup = rows(copy, TABLES), rows(copy, SCHEMA)
    await bot.start()
    await env.wait_for(
        lambda: "bot start #2" in bot.log() and "Restored 1 open tables" in bot.log(),
        what="the restored table",
    )

    assert stored_actions(env, table_id) == at_backup  # resumed at the point of the backup
    assert rows(database, TABLES) == tables_at_backup
    assert rows(database, SCHEMA) == schema_at_backup
    assert rows(database, "PRAGMA integrity_check") == [("ok",)]
    player.hand = None  # the hand as the restored bot shows it now
    await player.play_to_end()
    assert game_over(table)
    log = stored_actions(env, table_id)
    assert log[: len(at_backup)] == at_backup
    assert [i for i, _, _ in log] == list(range(len(log)))
