"""Load benchmark: N tables played at once through the Discord emulator.

    python -m tests.load.run --tables 100 --duration 60                      # as deployed
    python -m tests.load.run --tables 100 --duration 60 --computer-delay 0   # flat out

The emulator runs in this process; the real bot runs as ``python -m bot`` beside it (as in
the end-to-end tests). Each table has one person (a guild member, clicking through the
same interactions the member API sends) and three computer players, at Euchre to 10; the
person clicks the moment the bot offers a move, game after game, until the time is up.
With the bot's own computer pause (1.2 s a move) that is a hundred people playing as fast
as they can; with ``--computer-delay 0`` every table runs as fast as the machine allows.

Printed: the interaction answer latency (from an interaction's creation to the bot's
first callback, as the emulator saw them) p50 / p90 / p99 / max, the moves per second,
and the bot's memory per table (resident size with N tables live, minus before, over N).
``--profile FILE`` runs the bot under cProfile; ``--gc-log`` logs its collector pauses.
Not collected by pytest: no ``test_`` names here.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.store import Database, SettingsRepository
from tests.e2e.tables import has_button, table_message
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.botproc import REPO_ROOT
from tests.emulator.members import Member
from tests.emulator.model import Message
from tests.emulator.spec import GuildSpec
from tests.load.harness import LoadPlayer, install

TABLES_PER_GUILD = 100
PLAYERS = ("bob", "carol", "dave", "erin", "alice", "owner")
CHANNELS = ("euchre", "general")
WAIT = 60.0


@dataclass
class Stats:
    """What the run measured."""

    moves: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)


def profile_bot(path: Path) -> None:
    """Run the bot under cProfile (stats written to ``path`` when it stops)."""
    from tests.emulator import botproc

    real = botproc.subprocess.Popen

    def popen(args: list[str], **kwargs: Any) -> Any:
        if args[1:] == ["-m", "bot"]:
            args = [args[0], "-m", "cProfile", "-o", str(path), "-m", "bot"]
        return real(args, **kwargs)

    botproc.subprocess.Popen = popen  # type: ignore[assignment,misc]


GC_LOGGER = """
import gc, logging, time
_started = {}
def _pause(phase, info):
    if phase == "start":
        _started["t"] = time.perf_counter()
        return
    took = time.perf_counter() - _started.get("t", time.perf_counter())
    if took > 0.005:
        logging.getLogger("gc").warning(
            "GC gen%d pause %.0f ms, %d collected", info["generation"], took * 1000,
            info["collected"])
gc.callbacks.append(_pause)
"""


def log_gc_pauses(workdir: Path) -> Path:
    """A sitecustomize that logs the bot's garbage-collection pauses over 5 ms."""
    folder = workdir / "gc-log"
    folder.mkdir(exist_ok=True)
    (folder / "sitecustomize.py").write_text(GC_LOGGER)
    return folder


def rss_kib(pid: int | None) -> int:
    """Resident set size of a process, in KiB."""
    if pid is None:
        return 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def seed_settings(path: Path, emulator: Emulator) -> None:
    """Allow 100 tables per guild and turn the turn timer off (nobody is absent here)."""
    db = await Database.open(path, synchronous="NORMAL")
    settings = SettingsRepository(db)
    for guild_id in emulator.world.guilds:
        await settings.set(guild_id, "max_tables", TABLES_PER_GUILD, changed_by=None)
        await settings.set(guild_id, "turn_timer", 0, changed_by=None)
    await db.close()


async def open_one(env: DiscordEnv, host: Member, game: str, channel: str, target: int) -> Message:
    """/table create, fill with computers, start; returns the table message."""
    out = await host.slash("table create", game=game, target=target, channel=channel, timeout=WAIT)
    number = int(out.message.text.split("#", 1)[1].split(" ", 1)[0])
    view = env.channel(channel, guild=host.guild)
    table = await env.wait_for(lambda: table_message(view, number), timeout=WAIT)
    while "— open —" in table.text:
        before = table.text.count("— open —")
        await host.click(table, "Add computer player", timeout=WAIT)
        await env.wait_for(lambda b=before: table.text.count("— open —") < b, timeout=WAIT)
    await host.click(table, "Start", timeout=WAIT)
    await env.wait_for(lambda: has_button(table, "My hand"), timeout=WAIT)
    return table


async def play(player: LoadPlayer, deadline: float, stats: Stats, stagger: float) -> None:
    """Move as fast as the bot allows until the deadline; a finished game is replayed.

    The first move waits a random part of ``stagger`` seconds: tables that all start at
    the same instant would play in lockstep forever (every computer pauses the same time),
    a burst of a hundred moves at once that real tables never make.
    """
    player.follow(player.table)
    await asyncio.sleep(player.rng.uniform(0, stagger))
    while time.monotonic() < deadline:
        try:
            if await player.move(WAIT):
                stats.moves += 1
                continue
            stats.games += 1
            out = await player.member.click(player.table, "Rematch", timeout=WAIT)
            player.table = await rematch_started(player.env, player, out.message)
            player.hand = None
            player.follow(player.table)
        except Exception as exc:  # keep the load on; report at the end
            stats.errors.append(f"{type(exc).__name__}: {exc}"[:300])
            player.hand = None
            await asyncio.sleep(1)


async def rematch_started(env: DiscordEnv, player: LoadPlayer, answer: Message) -> Message:
    """The rematch's lobby message, once its host has started it."""
    number = int(answer.text.split("#", 1)[1].split(" ", 1)[0])
    channel = env.channel(player.table.channel_id, guild=player.member.guild)
    lobby = await env.wait_for(lambda: table_message(channel, number), timeout=WAIT)
    await player.member.click(lobby, "Start", timeout=WAIT)
    await env.wait_for(lambda: has_button(lobby, "My hand"), timeout=WAIT)
    return lobby


def percentile(values: list[float], pct: float) -> float:
    """The ``pct`` percentile (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, math.ceil(pct / 100 * len(ordered)) - 1)
    return ordered[rank]


async def run(
    tables: int,
    duration: float,
    game: str,
    target: int,
    delay: float | None,
    profile: str | None = None,
    gc_log: bool = False,
) -> None:
    """Start everything, open the tables, play, report."""
    if profile:
        profile_bot(Path(profile).resolve())
    guilds = max(1, math.ceil(tables / TABLES_PER_GUILD))
    emulator = Emulator(tuple(GuildSpec(name=f"Load club {i}") for i in range(guilds)))
    await emulator.start()
    watcher = install(emulator)
    workdir = Path(tempfile.mkdtemp(prefix="bower-load-"))
    env_vars = {"COMPUTER_THINK_TIME": "0.2"}
    if delay is not None:
        env_vars["COMPUTER_DELAY"] = str(delay)
    if gc_log:
        env_vars["PYTHONPATH"] = os.pathsep.join([str(log_gc_pauses(workdir)), str(REPO_ROOT)])
    bot = BotProcess(emulator, workdir, log_level="WARNING", extra_env=env_vars)
    await seed_settings(bot.database_path, emulator)
    await bot.start(timeout=60)
    env = DiscordEnv(emulator, bot)
    await asyncio.sleep(1.0)
    base_rss = rss_kib(bot.pid)
    try:
        started = time.monotonic()
        hosts = []
        for i in range(tables):
            guild = env.guild_named(f"Load club {i // TABLES_PER_GUILD}")
            hosts.append((env.member(PLAYERS[i % len(PLAYERS)], guild=guild), CHANNELS[i % 2]))
        setup = asyncio.Semaphore(20)

        async def opened(host: Member, channel: str) -> Message:
            async with setup:
                return await open_one(env, host, game, channel, target)

        messages = await asyncio.gather(*(opened(h, c) for h, c in hosts))
        print(f"{tables} tables open and started in {time.monotonic() - started:.1f} s")
        live_rss = rss_kib(bot.pid)
        first_play = max(emulator.interactions) if emulator.interactions else 0
        stats = Stats()
        players = [
            LoadPlayer(env, watcher, host, table)
            for (host, _), table in zip(hosts, messages, strict=True)
        ]
        deadline = time.monotonic() + duration
        stagger = 3 * (1.2 if delay is None else delay) + 0.5
        await asyncio.gather(*(play(p, deadline, stats, stagger) for p in players))
        peak_rss = rss_kib(bot.pid)
        report(emulator, stats, first_play, duration, tables, base_rss, live_rss, peak_rss)
        print(f"bot log: {bot.log_path}")
    finally:
        await bot.stop()
        await emulator.stop()


def report(
    emulator: Emulator,
    stats: Stats,
    first_play: int,
    duration: float,
    tables: int,
    base_rss: int,
    live_rss: int,
    peak_rss: int,
) -> None:
    """Print the figures."""
    answered = [
        i for i in emulator.interactions.values() if i.id > first_play and i.callback_at is not None
    ]
    latencies = [(i.callback_at - i.created_at) * 1000 for i in answered]  # type: ignore[operator]
    unanswered = sum(
        1 for i in emulator.interactions.values() if i.id > first_play and i.callback_at is None
    )
    late = sum(1 for ms in latencies if ms > 3000)
    print(f"moves by people: {stats.moves} in {duration:.0f} s ({stats.moves / duration:.1f}/s)")
    print(f"games finished: {stats.games}")
    print(
        f"interaction answer latency over {len(latencies)} interactions: "
        f"p50 {percentile(latencies, 50):.0f} ms, p90 {percentile(latencies, 90):.0f} ms, "
        f"p99 {percentile(latencies, 99):.0f} ms, "
        f"max {max(latencies, default=0):.0f} ms, mean {statistics.fmean(latencies or [0]):.0f} ms"
    )
    print(f"answers later than 3 s: {late}; unanswered: {unanswered}")
    print(
        f"bot memory: {base_rss / 1024:.0f} MiB idle, {live_rss / 1024:.0f} MiB with {tables} "
        f"tables, {peak_rss / 1024:.0f} MiB at the end; "
        f"{(live_rss - base_rss) / max(tables, 1):.0f} KiB per table"
    )
    print(f"violations: {[str(v) for v in emulator.violations.unexpected()][:5]}")
    routes: dict[str, int] = {}
    for request in emulator.requests:
        routes[request.route] = routes.get(request.route, 0) + 1
    busiest = sorted(routes.items(), key=lambda kv: -kv[1])[:8]
    print("requests: " + ", ".join(f"{route} {count}" for route, count in busiest))
    if stats.errors:
        print(f"harness errors ({len(stats.errors)}): {stats.errors[:5]}")


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    parser.add_argument("--game", default="euchre")
    parser.add_argument("--target", type=int, default=10)
    parser.add_argument(
        "--computer-delay",
        type=float,
        default=None,
        help="seconds a computer move takes at least (default: the bot's own, 1.2);"
        " 0 makes every table move as fast as the machine allows",
    )
    parser.add_argument("--profile", help="write the bot's cProfile stats to this file")
    parser.add_argument("--gc-log", action="store_true", help="log the bot's GC pauses")
    args = parser.parse_args()
    asyncio.run(
        run(
            args.tables,
            args.duration,
            args.game,
            args.target,
            args.computer_delay,
            args.profile,
            args.gc_log,
        )
    )


if __name__ == "__main__":
    main()
