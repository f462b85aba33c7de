"""Tournament benchmark: a progressive Euchre tournament of 64 players through the emulator.

    python -m tests.load.tournament                       # 64 players, 3 rounds of 2 hands
    python -m tests.load.tournament --players 32 --rounds 2

The emulator runs in this process and the real bot beside it (``python -m bot``), with the
computer pause at 0. A moderator opens the tournament, every member presses Register,
the moderator presses Start; each member then plays their own seat at their round's table
the moment the bot offers a move (as fast as a computer would), and between rounds asks
for the standings, as players waiting for the next round do.

Printed for each round change: the seconds from the last table of the round finishing to
every table of the next round being open (its message posted, My hand offered), the
interaction answer latency p50 / p99 / max while it happened (from the last table's end
until every member has their new hand), and the requests the bot sent to Discord for it
(by route). Target: every new table open within 10 s, p99 under 300 ms.
Not collected by pytest: no ``test_`` names here.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from bot.store import SettingsRepository
from bot.store.opening import open_database
from tests.e2e.tables import game_over, has_button, table_message
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.client.members import Member
from tests.emulator.world.model import Message
from tests.emulator.world.spec import GuildSpec, MemberSpec
from tests.load.harness import LoadPlayer, Watcher, install

WAIT = 120.0
NAME = "Benchmark night"


@dataclass
class Change:
    """One round change as measured."""

    number: int
    finished_at: float = 0.0
    opened_at: float = 0.0
    seated_at: float = 0.0
    latencies_ms: list[float] = field(default_factory=list)
    requests: Counter[str] = field(default_factory=Counter)

    @property
    def open_s(self) -> float:
        """From the last table's end to every new table being open."""
        return self.opened_at - self.finished_at


def guild(players: int) -> GuildSpec:
    """The club: a moderator and ``players`` members."""
    base = GuildSpec(name="Tournament club")
    members = (MemberSpec("owner"), MemberSpec("alice", roles=("Moderator",)))
    members += tuple(MemberSpec(f"p{i:02d}") for i in range(1, players + 1))
    return GuildSpec(name=base.name, members=members)


def stored_round(path: Path, number: int) -> list[tuple[int | None, tuple[int | None, ...]]]:
    """(table id, seats) of each table of round ``number``, from the bot's database."""
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT table_id, seats FROM tournament_tables WHERE round = ? ORDER BY table_no",
            (number,),
        ).fetchall()
    return [(table_id, tuple(json.loads(seats))) for table_id, seats in rows]


def round_finished_at(path: Path, number: int) -> float:
    """When the bot stored the result of round ``number``'s last table (Unix time)."""
    with sqlite3.connect(path) as db:
        (last,) = db.execute(
            "SELECT max(r.finished_at) FROM results r JOIN tournament_tables t"
            " ON t.table_id = r.table_id WHERE t.round = ?", (number,)
        ).fetchone()
    return datetime.fromisoformat(last).timestamp()


def round_opened(path: Path, number: int) -> list[tuple[int | None, tuple[int | None, ...]]]:
    """Round ``number``'s tables once every one of them is opened (else empty)."""
    rows = stored_round(path, number)
    return rows if rows and all(table_id for table_id, _ in rows) else []


def find_table(env: DiscordEnv, table_id: int) -> Message | None:
    """A table's message, in the channel or any of its threads, once it offers My hand."""
    channel = env.channel("euchre")
    for place in (channel, *channel.threads()):
        message = table_message(place, table_id)
        if message is not None and has_button(message, "My hand"):
            return message
    return None


async def seed_settings(path: Path, emulator: Emulator) -> None:
    """No turn timer (nobody is absent) and threads for the tables."""
    db = await open_database(path, synchronous="NORMAL")
    settings = SettingsRepository(db)
    for guild_id in emulator.world.guilds:
        await settings.set(guild_id, "turn_timer", 0, changed_by=None)
    await db.close()


async def sign_up(env: DiscordEnv, members: list[Member], rounds: int, hands: int) -> Message:
    """The moderator opens the tournament, everyone registers, the moderator starts it."""
    alice = env.member("alice")
    await alice.slash("tournament create", game="euchre", format="progressive", rounds=rounds,
                      hands=hands, name=NAME, channel="euchre", timeout=WAIT)
    channel = env.channel("euchre")
    signup = await env.wait_for(
        lambda: next((m for m in channel.public_messages() if has_button(m, "Register")), None),
        timeout=WAIT, what="the sign-up message")
    for member in members:
        await member.click(signup, "Register", timeout=WAIT)
    await alice.click(signup, "Start", timeout=WAIT)
    return signup


async def play_round(
    env: DiscordEnv, watcher: Watcher, members: dict[int, Member], number: int,
    change: Change | None, rng: random.Random,
) -> None:
    """Every member plays their seat of round ``number`` to its end (noting in ``change``
    when the round's tables were all open and every member had moved at one)."""
    assert env.bot is not None
    path = env.bot.database_path
    rows = await env.wait_for(lambda: round_opened(path, number), timeout=WAIT,
                              what=f"round {number}'s tables")
    tables = {}
    for table_id, _ in rows:
        assert table_id is not None
        tables[table_id] = await env.wait_for(lambda t=table_id: find_table(env, t),
                                              timeout=WAIT, what=f"table {table_id}")
    if change is not None:
        change.opened_at = time.time()
    players = [
        LoadPlayer(env, watcher, members[user], tables[table_id], rng=random.Random(rng.random()))
        for table_id, seats in rows for user in seats if user is not None
    ]
    seated: list[float] = []

    async def play(player: LoadPlayer) -> None:
        player.follow(player.table)
        first = True
        while await player.move(WAIT):
            if first:
                seated.append(time.time())
                first = False
        await player.until(lambda: game_over(player.table), WAIT)
        await player.member.slash("tournament standings", channel="euchre", timeout=WAIT)

    await asyncio.gather(*(play(p) for p in players))
    if change is not None:
        change.seated_at = max(seated, default=change.opened_at)


async def run(players: int, rounds: int, hands: int) -> list[Change]:
    """Start everything, run the tournament, measure every round change."""
    emulator = Emulator((guild(players),))
    await emulator.start()
    watcher = install(emulator)
    workdir = Path(tempfile.mkdtemp(prefix="bower-tournament-"))
    bot = BotProcess(emulator, workdir, log_level="WARNING",
                     extra_env={"COMPUTER_DELAY": "0", "COMPUTER_THINK_TIME": "0.2"})
    await seed_settings(bot.database_path, emulator)
    await bot.start(timeout=60)
    env = DiscordEnv(emulator, bot)
    rng = random.Random(7)
    changes: list[Change] = []
    try:
        people = [env.member(f"p{i:02d}") for i in range(1, players + 1)]
        members = {m.id: m for m in people}
        started = time.time()
        await sign_up(env, people, rounds, hands)
        print(f"{players} registered and started in {time.time() - started:.1f} s")
        change: Change | None = None
        for number in range(1, rounds + 1):
            await play_round(env, watcher, members, number, change, rng)
            if change is not None:
                changes.append(measure(emulator, change))
            if number < rounds:
                finished = round_finished_at(bot.database_path, number)
                change = Change(number + 1, finished_at=finished)
        for change in changes:
            report(change)
        print(f"violations: {[str(v) for v in emulator.violations.unexpected()][:5]}")
        print(f"bot log: {bot.log_path}")
        return changes
    finally:
        await bot.stop()
        await emulator.stop()


def measure(emulator: Emulator, change: Change) -> Change:
    """The interactions and requests of one round change: from the last table's end until
    every member has moved at their new table (requests: until every table is open)."""
    during = [i for i in emulator.interactions.values()
              if i.callback_at is not None
              and change.finished_at <= i.created_at <= change.seated_at]
    change.latencies_ms = sorted((i.callback_at - i.created_at) * 1000 for i in during)
    wall = time.time() - time.monotonic()  # the emulator notes requests on the monotonic clock
    change.requests = Counter(r.route for r in emulator.requests
                              if change.finished_at <= r.at + wall <= change.opened_at)
    return change


def report(change: Change) -> None:
    """Print one round change."""
    ms = change.latencies_ms
    pick = (lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]) if ms else (lambda q: 0.0)
    total = sum(change.requests.values())
    busiest = ", ".join(f"{route} {n}" for route, n in change.requests.most_common(6))
    print(f"round {change.number}: every table open {change.open_s:.2f} s after the last "
          f"table of round {change.number - 1} ended (target 10 s); interactions "
          f"{len(ms)}: p50 {pick(0.5):.0f} ms, p99 {pick(0.99):.0f} ms, max "
          f"{ms[-1] if ms else 0:.0f} ms (target p99 300 ms); {total} requests to Discord "
          f"until then: {busiest}")


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=2)
    args = parser.parse_args()
    asyncio.run(run(args.players, args.rounds, args.hands))


if __name__ == "__main__":
    main()
