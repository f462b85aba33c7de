"""Soak benchmark: tables played continuously while the bot is killed (kill -9) and
restarted every minute.

    python -m tests.load.soak --tables 50 --duration 600 --kill-every 60

Each table has one person clicking through their private hand as fast as the bot allows
and three computer players (Euchre to 10, rematches after each game). Printed at the end:
moves answered but not stored (lost, must be 0), moves stored more often than they were
sent (duplicated, must be 0), tables that did not resume after the last restart (must be
0), and the bot's memory one minute into its first run and at the end of its last.
Not collected by pytest: no ``test_`` names here.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import sqlite3
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.ui.custom_ids import ACTION_PATTERN, PICK_PATTERN
from tests.e2e.tables import game_over
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.client.outcome import Outcome
from tests.emulator.world.spec import GuildSpec
from tests.load.harness import LoadPlayer, install
from tests.load.processes import rss_kib
from tests.load.run import (
    CHANNELS,
    PLAYERS,
    WAIT,
    open_one,
    rematch_started,
    seed_settings,
)


@dataclass
class Sent:
    """The moves people made, as the emulator saw them answered."""

    answered: Counter[tuple[int, int, str]] = field(default_factory=Counter)
    sent: Counter[tuple[int, int, str]] = field(default_factory=Counter)
    errors: int = 0


class SoakPlayer(LoadPlayer):
    """A load player that notes every move it sends and whether it was answered."""

    record: Sent

    async def send(self, message: Any, data: dict[str, Any], timeout: float) -> Outcome:
        """Send, noting (table, turn, action) for a game action."""
        key = move_key(data)
        if key:
            self.record.sent[key] += 1
        outcome = await super().send(message, data, timeout)
        if key and outcome.kind in ("update", "deferred_update"):
            self.record.answered[key] += 1
        return outcome


def move_key(data: dict[str, Any]) -> tuple[int, int, str] | None:
    """(table, turn, action) of a game-action click, else None."""
    custom_id = str(data.get("custom_id", ""))
    if match := re.fullmatch(ACTION_PATTERN, custom_id):
        return int(match["table"]), int(match["turn"]), match["action"]
    if (match := re.fullmatch(PICK_PATTERN, custom_id)) and data.get("values"):
        return int(match["table"]), int(match["turn"]), str(data["values"][0])
    return None


async def keep_playing(player: SoakPlayer, deadline: float) -> None:
    """Move until the deadline, through kills: a refused or unanswered click is retried."""
    player.follow(player.table)
    while time.monotonic() < deadline:
        try:
            if not await player.move(WAIT):
                out = await player.member.click(player.table, "Rematch", timeout=WAIT)
                player.table = await rematch_started(player.env, player, out.message)
                player.hand = None
                player.follow(player.table)
        except Exception:
            player.record.errors += 1
            player.hand = None  # a new hand message after a restart
            await asyncio.sleep(1)


def stored_moves(database: Path) -> Counter[tuple[int, int, str]]:
    """Every move people made, as stored."""
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT table_id, idx, action FROM actions WHERE source = 'person'")
        return Counter((int(t), int(i), str(a)) for t, i, a in rows)


async def kill_now_and_then(bot: BotProcess, every: float, deadline: float) -> int:
    """kill -9 the bot every ``every`` seconds and start it again; returns the kills."""
    kills = 0
    while time.monotonic() + every < deadline:
        await asyncio.sleep(every)
        await bot.kill()
        await bot.start(timeout=60)
        kills += 1
    return kills


async def resumed(players: list[SoakPlayer]) -> list[str]:
    """The tables whose person can neither move again after the last restart nor see
    their game's result (each with the end of its message, to look into)."""
    async def stuck(player: SoakPlayer) -> str | None:
        if game_over(player.table):
            return None  # finished, and its message shows the result
        player.hand = None
        try:
            await player.move(WAIT)
        except Exception as error:
            return f"{type(error).__name__}: …{player.table.text[-160:]!r}"
        return None

    found = await asyncio.gather(*(stuck(p) for p in players))
    return [line for line in found if line]


async def run(tables: int, duration: float, every: float) -> None:
    """Open the tables, play through the kills, check the store, report."""
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)  # requests cut by kills
    emulator = Emulator((GuildSpec(name="Soak club"),))
    await emulator.start()
    watcher = install(emulator)
    workdir = Path(tempfile.mkdtemp(prefix="bower-soak-"))
    bot = BotProcess(emulator, workdir, log_level="WARNING",
                     extra_env={"COMPUTER_THINK_TIME": "0.2"}, tolerate_errors=True)
    await seed_settings(bot.database_path, emulator)
    await bot.start(timeout=60)
    env = DiscordEnv(emulator, bot)
    record = Sent()
    try:
        guild = env.guild_named("Soak club")
        hosts = [(env.member(PLAYERS[i % len(PLAYERS)], guild=guild), CHANNELS[i % 2])
                 for i in range(tables)]
        gate = asyncio.Semaphore(10)

        async def opened(host: Any, channel: str) -> Any:
            async with gate:
                return await open_one(env, host, "euchre", channel, 10)

        messages = await asyncio.gather(*(opened(h, c) for h, c in hosts))
        players = []
        for (host, _), table in zip(hosts, messages, strict=True):
            player = SoakPlayer(env, watcher, host, table)
            player.record = record
            players.append(player)
        deadline = time.monotonic() + duration
        start_rss: list[int] = []

        async def first_minute() -> None:
            await asyncio.sleep(min(every, duration) - 5)
            start_rss.append(rss_kib(bot.pid))

        kills, *_ = await asyncio.gather(
            kill_now_and_then(bot, every, deadline),
            first_minute(),
            *(keep_playing(p, deadline) for p in players),
        )
        end_rss = rss_kib(bot.pid)
        stuck = await resumed(players)
        stored = stored_moves(bot.database_path)
        lost = sum(1 for key in record.answered if key not in stored)
        duplicated = sum(max(0, n - record.sent[key]) for key, n in stored.items())
        print(f"{tables} tables, {duration:.0f} s, {kills} kills (kill -9 every {every:.0f} s)")
        print(f"moves answered: {sum(record.answered.values())}; stored: {sum(stored.values())}")
        print(f"lost moves (answered, not stored): {lost}")
        print(f"duplicated moves (stored more often than sent): {duplicated}")
        print(f"tables that did not resume after the last restart: {len(stuck)}")
        for line in stuck[:5]:
            print(f"  {line}")
        print(f"bot memory: {start_rss[0] / 1024 if start_rss else 0:.0f} MiB a minute into the "
              f"first run, {end_rss / 1024:.0f} MiB at the end of the last")
        print(f"clicks not answered in time (retried): {record.errors}")
        print(f"bot log: {bot.log_path}")
    finally:
        await bot.stop()
        await emulator.stop()


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--duration", type=float, default=600.0, help="seconds of play")
    parser.add_argument("--kill-every", type=float, default=60.0, help="seconds between kills")
    args = parser.parse_args()
    asyncio.run(run(args.tables, args.duration, args.kill_every))


if __name__ == "__main__":
    main()
