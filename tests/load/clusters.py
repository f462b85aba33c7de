"""Cluster benchmark: the same load on SQLite (one process) and on PostgreSQL with 1, 2 and
3 processes (shard clusters, SHARD_COUNT = processes).

    python -m tests.load.clusters --tables 500 --duration 60
    python -m tests.load.clusters --tables 200 --duration 30 --processes 1 2

Each run is :func:`tests.load.run.run` (one person and three computers a table, as
deployed, pictures on), its servers spread evenly over the shards. PostgreSQL is the server
at ``--database-url`` (a fresh schema each run), or one this benchmark starts in a
temporary folder (PostgreSQL's programs must be installed, as ``.ci/run`` does). Printed
for each run: tables held, interaction answer p50 / p99, moves by people a second, the
requests a second the whole bot sent to Discord's budgeted routes (all processes together:
the budget is Discord's for the whole bot, about 50), and the freshness p50 / p99; then
PostgreSQL's one-process p99 against SQLite's (target: within 20%).

Everything shares this machine's cores: the emulator and the load's players (this
process), the bot's processes and their workers, and PostgreSQL. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
from pathlib import Path

from tests import postgres_server
from tests.load.figures import Figures
from tests.load.run import run

BUDGET = 50.0  # Discord's global requests a second for the whole bot


def row(label: str, figures: Figures) -> str:
    """One run's figures as a line of the table."""
    return (
        f"{label:<22} {figures.tables:>6} {figures.latency(50):>7.0f} {figures.latency(99):>7.0f}"
        f" {figures.moves_per_s:>8.1f} {figures.requests_per_s:>8.1f}"
        f" {figures.fresh(50):>7.2f} {figures.fresh(99):>7.2f}"
        f" {figures.unanswered + figures.late:>7}"
    )


HEADER = (
    f"{'run':<22} {'tables':>6} {'p50 ms':>7} {'p99 ms':>7} {'moves/s':>8} {'req/s':>8}"
    f" {'fresh50':>7} {'fresh99':>7} {'missed':>7}"
)


async def measure(args: argparse.Namespace, server_url: str) -> list[tuple[str, Figures]]:
    """SQLite first, then PostgreSQL with each number of processes."""
    results = []
    common = (args.tables, args.duration, "euchre", 10, args.computer_delay, True)
    print("----- SQLite, 1 process -----", flush=True)
    results.append(("SQLite, 1 process", await run(*common)))
    for count in args.processes:
        label = f"PostgreSQL, {count} process{'es' if count > 1 else ''}"
        print(f"----- {label} -----", flush=True)
        url = await postgres_server.new_schema(server_url)
        try:
            results.append((label, await run(*common, database_url=url, processes=count)))
        finally:
            await postgres_server.drop_schema(server_url, url)
    return results


def report(results: list[tuple[str, Figures]]) -> None:
    """The side-by-side table and the targets."""
    print("----- clusters -----")
    print(f"this machine has {os.cpu_count()} cores; Discord's budget is {BUDGET:.0f} requests/s")
    print(HEADER)
    for label, figures in results:
        print(row(label, figures))
    baseline = results[0][1].latency(99)
    for label, figures in results[1:]:
        over = figures.requests_per_s > BUDGET
        print(
            f"{label}: p99 {figures.latency(99) / baseline:.2f}x SQLite's; requests "
            f"{figures.requests_per_s:.1f}/s {'OVER' if over else 'within'} the budget"
        )


def main() -> None:
    """Parse the arguments, find or start PostgreSQL, run and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--computer-delay", type=float, default=None)
    parser.add_argument("--database-url", help="a PostgreSQL server (default: start one)")
    args = parser.parse_args()
    folder = None
    server_url = args.database_url or os.environ.get(postgres_server.URL_VARIABLE)
    if not server_url:
        folder = Path(tempfile.mkdtemp(prefix="bower-pg-bench-"))
        server_url = postgres_server.start(folder)
    try:
        report(asyncio.run(measure(args, server_url)))
    finally:
        if folder is not None:
            postgres_server.stop(folder)


if __name__ == "__main__":
    main()
