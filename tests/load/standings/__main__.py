"""``python -m tests.load.standings``: seed a busy server (or reuse one seeded before) and print
how long ``/leaderboard``, ``/stats``, ``/history`` and ``/modlog`` take to answer.

Figures are wall-clock milliseconds over ``--repeat`` answers of each case, the first one
included (the max is usually that cold first answer); the verdict is on p95.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from bot.store.opening import open_database

from .seed import SeedPlan, seed, seeded_games
from .timing import all_cases, discover, measure, table


def file_mib(path: Path) -> float:
    """The database's size on disk in MiB (with its write-ahead log, if any)."""
    files = [path, path.with_name(path.name + "-wal")]
    return sum(f.stat().st_size for f in files if f.exists()) / 2**20


async def run(path: Path, games: int, members: int, repeat: int) -> None:
    """Seed the file if it holds no games yet, then time every case and print the table."""
    db = await open_database(path, synchronous="NORMAL")
    try:
        found = await seeded_games(db)
        if found:
            print(f"Reusing {path}: {found} games already seeded (--games/--members ignored).")
        else:
            print(f"Seeding {games} games, {members} members into {path} …", flush=True)
            summary = await seed(db, SeedPlan(games=games, members=members))
            print(
                f"Seeded in {summary.seconds:.1f} s: {summary.games} games, "
                f"{summary.members} members, {summary.ratings} ratings, "
                f"{summary.mod_actions} moderation log entries."
            )
    finally:
        await db.close()
    db = await open_database(path, synchronous="NORMAL")  # a fresh connection, cold cache
    try:
        server = await discover(db)
        timings = [await measure(case, repeat) for case in await all_cases(db, server)]
    finally:
        await db.close()
    print(table(timings))
    print(
        "/leaderboard, /stats and /history first check for results not counted yet (the"
        " '(counting) pending check' row): add it to their figures."
    )
    slow = sum(not t.fast_enough for t in timings)
    print(f"Database file: {file_mib(path):.1f} MiB · {repeat} answers per case · ", end="")
    print("every case within its target (p95)" if not slow
          else f"{slow} case(s) over their target (p95)")


def main() -> None:
    """Parse the options and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--db", type=Path, help="keep the database here (reused if seeded)")
    parser.add_argument("--repeat", type=int, default=20, help="answers per case")
    args = parser.parse_args()
    if args.db is not None:
        asyncio.run(run(args.db, args.games, args.members, args.repeat))
        return
    with tempfile.TemporaryDirectory(prefix="bower-bench-") as folder:
        asyncio.run(run(Path(folder) / "bench.sqlite3", args.games, args.members, args.repeat))


if __name__ == "__main__":
    main()
