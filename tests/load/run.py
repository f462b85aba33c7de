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
first callback, as the emulator saw them) p50 / p90 / p99 / max, the same until the answer
shows (a deferred click's answer shows with the edit that fills it in), answers later than
Discord's 3 seconds and never answered, the moves per second, the table freshness (from a
person's click to the table message showing that move, text and picture: see
:class:`~tests.load.harness.Freshness`), the bot's memory per table (resident size with
N tables live, minus before, over N), the requests a second sent to Discord's budgeted
routes, and a summary line. The figures count from ``WARM_UP`` seconds into the play,
for ``--duration`` seconds: at first every table's player clicks My hand and their first
move within a few seconds, a burst no club makes (its answers are printed on a line of
their own, "start-up"). Also printed: how late the harness's own event loop woke, which
would show the harness, not the bot, being the limit; each stored move's delay until its
table message showed it, computers' moves too (:mod:`tests.load.staleness`); and the
waits for a turn that outlasted ``--wait`` seconds while the table played on (a partner's
lone hand sat out), which are not errors: a wait fails only once the table has stored no
move for ``--wait`` seconds (:mod:`tests.load.stalls`). ``--pictures off`` turns pictures
off in every server, ``--pictures both`` runs off then on and prints them side by side.
``--computer-level hard`` (or any level a server may choose) sets every server's
computer players' level, ``normal`` by default as in a new server. ``--profile FILE`` runs
the bot under cProfile; ``--gc-log`` logs its collector pauses.

On Discord, the players and Discord's servers run on other machines. Here they run in
this process, kept on the machine's last core while the bot plays (the bot keeps its
first core for its event loop, its worker processes on the others): sharing the loop's
core, their work delayed the loop's wake-ups and the answers' p99 measured the harness as
much as the bot. ``--shared-cores`` lets them run anywhere, as before. On that last core
the harness also runs ahead of the bot's worker processes (when it may raise its
priority): with pictures on, at 300 tables on two cores, the workers and the harness
filled the core, and the answers' p50 / p99 were 138 / 535 ms with the harness waiting
its turn, 73 / 339 ms with it ahead.
Not collected by pytest: no ``test_`` names here.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.store import SettingsRepository
from bot.store.guild_settings import COMPUTER_LEVELS
from bot.store.opening import open_database
from tests.e2e.tables import has_button, table_message
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.client.members import Member
from tests.emulator.harness.botproc import REPO_ROOT
from tests.emulator.world.model import Message
from tests.emulator.world.spec import GuildSpec
from tests.load.figures import Figures, side_by_side
from tests.load.harness import LoadPlayer, Watcher, install
from tests.load.processes import (
    cpu_now,
    cpu_shares,
    harness_collector_paused,
    harness_on_last_core,
    log_gc_pauses,
    profile_bot,
    rss_kib,
    summed,
    workers_rss_kib,
)
from tests.load.staleness import staleness_lines, stored_delays
from tests.load.stalls import StoredTables, long_waits

TABLES_PER_GUILD = 100
PLAYERS = ("bob", "carol", "dave", "erin", "alice", "owner")
CHANNELS = ("euchre", "general")
WAIT = 60.0
SETUP_AT_ONCE = 40  # tables being opened at once
CHANNEL_BUCKETS = (
    "note: Discord also limits each channel's message edits with a rate-limit bucket of its "
    "own (a few a second; the figure is not published), which this emulator does not "
    "enforce. Here {tables} tables share {channels} channels; on Discord, busy tables "
    "belong in threads of their own (`/config set setting:use_threads value:on`), each a "
    "channel with its own bucket, and then only the global budget (45 requests a second "
    "for table messages and narration, see bot/ui/table/pacing.py) binds, as here."
)
#: Seconds after play for the last moves to reach the table messages (the freshness target).
FRESHNESS_GRACE = 15.0
#: Seconds of play before the figures count: every table's first clicks come in a burst.
WARM_UP = 15.0
#: Routes that do not count against Discord's global request budget.
EXEMPT = ("POST /interactions/", "PATCH /webhooks/", "POST /webhooks/", "GET /webhooks/")


@dataclass
class Stats:
    """What the run measured."""

    moves: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)



async def seed_settings(
    target: str | Path, emulator: Emulator, pictures: bool = True, computer_level: str | None = None
) -> None:
    """Allow 100 tables per guild, turn the turn timer off (nobody is absent here),
    pictures on or off and the computer players' level (if given), in the bot's database
    (a SQLite file, or a PostgreSQL URL)."""
    db = await open_database(target, synchronous="NORMAL")
    settings = SettingsRepository(db)
    for guild_id in emulator.world.guilds:
        await settings.set(guild_id, "max_tables", TABLES_PER_GUILD, changed_by=None)
        await settings.set(guild_id, "turn_timer", 0, changed_by=None)
        await settings.set(guild_id, "pictures", pictures, changed_by=None)
        if computer_level is not None:
            await settings.set(guild_id, "computer_level", computer_level, changed_by=None)
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


async def play(
    player: LoadPlayer, deadline: float, stats: Stats, stagger: float, wait: float = WAIT
) -> None:
    """Move as fast as the bot allows until the deadline; a finished game is replayed.

    The first move waits a random part of ``stagger`` seconds: tables that all start at
    the same instant would play in lockstep forever (every computer pauses the same time),
    a burst of a hundred moves at once that real tables never make. A wait for one's turn
    fails once the table has stored no action for ``wait`` seconds.
    """
    player.follow(player.table)
    await asyncio.sleep(player.rng.uniform(0, stagger))
    while time.monotonic() < deadline:
        try:
            if await player.move(wait):
                stats.moves += 1
                continue
            stats.games += 1
            out = await player.member.click(player.table, "Rematch", timeout=WAIT)
            player.table = await rematch_started(player.env, player, out.message)
            player.hand = None
            player.follow(player.table)
        except Exception as exc:  # keep the load on; report at the end
            stats.errors.append(f"{type(exc).__name__}: {exc}")
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


async def run(
    tables: int,
    duration: float,
    game: str,
    target: int,
    delay: float | None,
    pictures: bool = True,
    profile: str | None = None,
    gc_log: bool = False,
    *,
    database_url: str | None = None,
    processes: int = 1,
    shared_cores: bool = False,
    computer_level: str | None = None,
    wait: float = WAIT,
) -> Figures:
    """Start everything, open the tables, play; the figures, also printed. With
    ``database_url`` the bot keeps its data in PostgreSQL; with ``processes`` > 1 it runs as
    a shard cluster of that many processes (SHARD_COUNT = processes, one shard each), the
    servers spread over the shards. ``shared_cores``: the harness may run on the bot's
    event loop's core too (see :func:`harness_on_last_core`). ``computer_level``: every
    server's computer players' level (default: a new server's, normal). ``wait``: the
    seconds a table may store no action while its person waits for their turn."""
    if profile:
        profile_bot(Path(profile).resolve())
    guilds = processes * math.ceil(tables / (TABLES_PER_GUILD * processes))  # even shards
    per_guild = math.ceil(tables / guilds)
    emulator = Emulator(
        tuple(
            GuildSpec(name=f"Load club {i}", shard=(i % processes, processes))
            if processes > 1
            else GuildSpec(name=f"Load club {i}")
            for i in range(guilds)
        ),
        check_requests=False,  # the end-to-end tests check the same kinds of request
    )
    await emulator.start()
    watcher = install(emulator)
    workdir = Path(tempfile.mkdtemp(prefix="bower-load-"))
    env_vars = {"COMPUTER_THINK_TIME": "0.2"}
    if delay is not None:
        env_vars["COMPUTER_DELAY"] = str(delay)
    if gc_log:
        env_vars["PYTHONPATH"] = os.pathsep.join([str(log_gc_pauses(workdir)), str(REPO_ROOT)])
    if database_url:
        env_vars["DATABASE_URL"] = database_url
    bots = [
        BotProcess(emulator, workdir / f"bot{k}", log_level="WARNING", extra_env=env_vars)
        for k in range(processes)
    ]
    if processes > 1:
        for k, process in enumerate(bots):
            process.extra_env.update(SHARD_COUNT=str(processes), SHARD_IDS=str(k))
    await seed_settings(database_url or bots[0].database_path, emulator, pictures, computer_level)
    await start_all(bots)
    stored = await StoredTables.open(database_url or bots[0].database_path)
    bot = bots[0]
    env = DiscordEnv(emulator, bot)
    await asyncio.sleep(1.0)
    base_rss = sum(rss_kib(b.pid) for b in bots)
    placement = ExitStack()
    try:
        print(placement.enter_context(harness_on_last_core(shared_cores)))
        started = time.monotonic()
        hosts = []
        for i in range(tables):
            guild = env.guild_named(f"Load club {i // per_guild}")
            hosts.append((env.member(PLAYERS[i % len(PLAYERS)], guild=guild), CHANNELS[i % 2]))
        setup = asyncio.Semaphore(SETUP_AT_ONCE)

        async def opened(host: Member, channel: str) -> Message:
            async with setup:
                return await open_one(env, host, game, channel, target)

        messages = await asyncio.gather(*(opened(h, c) for h, c in hosts))
        print(f"{tables} tables open and started in {time.monotonic() - started:.1f} s")
        live_rss = sum(rss_kib(b.pid) for b in bots)
        first_click = last_interaction(emulator)
        stats = Stats()
        players = [
            LoadPlayer(env, watcher, host, table, stored=stored)
            for (host, _), table in zip(hosts, messages, strict=True)
        ]
        deadline = time.monotonic() + WARM_UP + duration
        stagger = 3 * (1.2 if delay is None else delay) + 0.5
        with harness_collector_paused():
            playing = asyncio.gather(*(play(p, deadline, stats, stagger, wait) for p in players))
            await asyncio.sleep(WARM_UP)
            first_play, first_request = last_interaction(emulator), len(emulator.requests)
            moves_before, games_before = stats.moves, stats.games
            watcher.freshness.start(time.time())
            measured_from = time.time()
            pids = [b.pid for b in bots if b.pid is not None]
            cpu_before, play_started = [cpu_now(pid) for pid in pids], time.monotonic()
            with loop_lag_measured() as harness_lag:
                await playing
            measured_until = time.time()
            played = time.monotonic() - play_started
            cpu = summed(
                [
                    cpu_shares(pid, before, played)
                    for pid, before in zip(pids, cpu_before, strict=True)
                ]
            )
            await asyncio.sleep(FRESHNESS_GRACE)  # the last moves' table edits
        figures = measured(emulator, watcher, first_play, first_request, pictures)
        figures.moves, figures.games = stats.moves - moves_before, stats.games - games_before
        figures.tables, figures.duration, figures.cpu = tables, duration, cpu
        figures.warm_up, figures.harness_lag_ms = WARM_UP, harness_lag
        start_up = answered(emulator, first_click, first_play)
        figures.start_up_ms, figures.start_up_unanswered = start_up
        figures.base_rss_kib, figures.live_rss_kib = base_rss, live_rss
        figures.peak_rss_kib = sum(rss_kib(b.pid) for b in bots)
        figures.workers_rss_kib = sum(workers_rss_kib(b.pid) for b in bots)
        report(emulator, stats, figures)
        for line in long_waits(watcher.long_waits, wait):
            print(line)
        delays = await stored_delays(
            stored, watcher.table_edits, [p.table for p in players], measured_from, measured_until
        )
        for line in staleness_lines(delays):
            print(line)
        print("bot log: " + ", ".join(str(b.log_path) for b in bots))
        return figures
    finally:
        placement.close()
        await stored.close()
        for process in bots:
            await process.stop()
        await emulator.stop()


async def start_all(bots: list[BotProcess]) -> None:
    """Start the bot's processes: the first (which syncs the commands), then the others."""
    await bots[0].start(timeout=60)
    for process in bots[1:]:
        started = time.monotonic()
        await process.start(wait=False)
        await process.wait_ready(since=started, timeout=60, commands=False)


def last_interaction(emulator: Emulator) -> int:
    """The id of the latest interaction so far (0 for none)."""
    return max(emulator.interactions, default=0)


def answered(emulator: Emulator, after: int, until: int) -> tuple[list[float], int]:
    """The answer latencies (ms) of the interactions after id ``after`` up to ``until``,
    and how many of them were never answered."""
    during = [i for i in emulator.interactions.values() if after < i.id <= until]
    latencies = [
        (i.callback_at - i.created_at) * 1000 for i in during if i.callback_at is not None
    ]
    return latencies, sum(1 for i in during if i.callback_at is None)


@contextmanager
def loop_lag_measured(interval: float = 0.05) -> Iterator[list[float]]:
    """How late (ms) this process's event loop wakes from a sleep of ``interval``, for as
    long as the block runs: were the harness the limit, the figures would measure it."""
    lags: list[float] = []

    async def tick() -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time() + interval
            await asyncio.sleep(interval)
            lags.append(max(0.0, loop.time() - asked) * 1000)

    ticker = asyncio.get_running_loop().create_task(tick())
    try:
        yield lags
    finally:
        ticker.cancel()


def measured(
    emulator: Emulator, watcher: Watcher, first_play: int, first_request: int, pictures: bool
) -> Figures:
    """The figures of the play that began after interaction ``first_play`` (moves and
    games are the caller's)."""
    during = [i for i in emulator.interactions.values() if i.id > first_play]
    latencies, unanswered = answered(emulator, first_play, last_interaction(emulator))
    shown = [(watcher.shown[i.id] - i.created_at) * 1000 for i in during if i.id in watcher.shown]
    requests = [r for r in emulator.requests[first_request:] if not r.route.startswith(EXEMPT)]
    span = (requests[-1].at - requests[0].at) if len(requests) > 1 else 1.0
    return Figures(
        pictures=pictures,
        tables=0,
        duration=1.0,
        moves=0,
        games=0,
        latencies_ms=latencies,
        shown_ms=shown,
        unanswered=unanswered,
        freshness_s=list(watcher.freshness.delays),
        unshown=watcher.freshness.unshown,
        base_rss_kib=0,
        live_rss_kib=0,
        peak_rss_kib=0,
        workers_rss_kib=0,
        requests_per_s=len(requests) / max(span, 1e-9),
    )


def report(emulator: Emulator, stats: Stats, figures: Figures) -> None:
    """Print one run's figures."""
    for line in figures.details():
        print(line)
    print(f"violations: {[str(v) for v in emulator.violations.unexpected()][:5]}")
    routes: dict[str, int] = {}
    for request in emulator.requests:
        routes[request.route] = routes.get(request.route, 0) + 1
    busiest = sorted(routes.items(), key=lambda kv: -kv[1])[:8]
    print("requests: " + ", ".join(f"{route} {count}" for route, count in busiest))
    if stats.errors:
        shown = stats.errors[:5]
        print(f"harness errors ({len(stats.errors)}), the first {len(shown)} in full:")
        for error in shown:
            print(f"  {error}")
    print(CHANNEL_BUCKETS.format(tables=figures.tables, channels=len(emulator.world.guilds) * 2))
    print(figures.summary())


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
    parser.add_argument(
        "--pictures",
        choices=("on", "off", "both"),
        default="on",
        help="pictures in every server (the default, as deployed), none, or one run of each"
        " (off first) printed side by side",
    )
    parser.add_argument(
        "--computer-level",
        choices=COMPUTER_LEVELS,
        default=None,
        help="the level of every table's computer players (default: a new server's, normal)",
    )
    parser.add_argument(
        "--wait",
        type=float,
        default=WAIT,
        help="seconds a table may store no action while its person waits for their turn"
        " before the wait is an error (default: %(default)s)",
    )
    parser.add_argument("--profile", help="write the bot's cProfile stats to this file")
    parser.add_argument("--gc-log", action="store_true", help="log the bot's GC pauses")
    parser.add_argument(
        "--shared-cores",
        action="store_true",
        help="let the harness (Discord and its users) run on every core, the bot's event"
        " loop's too, instead of on the last core only",
    )
    args = parser.parse_args()
    runs = {"on": [True], "off": [False], "both": [False, True]}[args.pictures]
    results = []
    for pictures in runs:
        level = args.computer_level or "normal"
        print(f"----- pictures {'on' if pictures else 'off'}, {level} computers -----")
        results.append(
            asyncio.run(
                run(
                    args.tables,
                    args.duration,
                    args.game,
                    args.target,
                    args.computer_delay,
                    pictures,
                    args.profile,
                    args.gc_log,
                    shared_cores=args.shared_cores,
                    computer_level=args.computer_level,
                    wait=args.wait,
                )
            )
        )
    if len(results) == 2:
        print("----- side by side -----")
        print("\n".join(side_by_side(*results)))
        for figures in results:
            print(figures.summary())


if __name__ == "__main__":
    main()
