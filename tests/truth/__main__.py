"""``python -m tests.truth --games 300 --seed 1``: play seeded games through the emulator
and print what Bower said that the stored games do not bear out (exit status 1 if any)."""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

from bot.engine import VARIANTS
from tests.truth.judging.audit import audit
from tests.truth.judging.report import Report
from tests.truth.playing.plans import plans
from tests.truth.playing.run import run_sync
from tests.truth.playing.saved import load, timer_scale
from tests.truth.stored.store import read_tables


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run the audit, print its report."""
    parser = argparse.ArgumentParser(prog="python -m tests.truth", description=__doc__)
    parser.add_argument("--games", type=int, default=30, help="games to play (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the plans (default 1)")
    parser.add_argument("--variants", nargs="*", choices=sorted(VARIANTS),
                        help="only these variants (default: all)")
    parser.add_argument("--examples", type=int, default=3,
                        help="false statements shown in full per kind (default 3)")
    parser.add_argument("--verbose", action="store_true", help="log each game")
    parser.add_argument("--again", type=Path, metavar="FOLDER",
                        help="audit a kept run again (no games played)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(message)s")
    started = time.monotonic()
    if args.again is not None:
        shown, users, database, env = load(args.again)
        report = Report(played=False)
        report.games.update((t.variant, t.players) for t in read_tables(database))
        audit(shown, database, users, report, timer_scale(env))
    else:
        report = run_sync(plans(args.games, args.seed, args.variants))
    print(report.text(args.examples))
    print(f"Run time: {time.monotonic() - started:.0f} s")
    return 1 if report.false else 0


if __name__ == "__main__":
    sys.exit(main())
