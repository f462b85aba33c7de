"""Duplicate matches between two levels of computer player.

``python -m bot.ai.arena --game euchre --a hard --b normal --deals 200 --seed 1``

Each deal (seed ``S + i``) is one hand, played once per seating so that both levels hold
the same cards: in partnership games A holds one partnership and B the other, then they
swap; in six-player Railroad A holds one partnership and B the other two, and the deal is
played three times so A holds each partnership once; in games where each plays for
themselves (Over the Rhine, Over the Top, Flip) A holds the even seats and B the odd ones,
then they swap (a dead hand, in Flip with an odd number of players, counts for neither).
A hand's result is A's points minus B's, each side's points averaged per side when the
two levels hold different numbers of sides. The deal's result is the mean
over its seatings; the report gives its mean with a 95% confidence interval, the share of
hands A won (scored more than B), and the decision times of each level (decisions with a
real choice only, i.e. two or more legal actions), as wall-clock and as CPU time: on a
machine shared with other work the CPU time is what the decision itself costs.

``--log FILE`` keeps one JSON line a deal; a stopped match continues with the same
command and ``--resume``, which counts the logged deals and plays only the rest.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, TextIO

from bot.engine import new_game

from .levels import get_player
from .players import Player


@dataclass
class Tally:
    """Running results of a match."""

    deal_results: list[float] = field(default_factory=list)
    hands: int = 0
    won: int = 0
    tied: int = 0
    times: dict[str, list[float]] = field(default_factory=lambda: {"A": [], "B": []})
    cpu: dict[str, list[float]] = field(default_factory=lambda: {"A": [], "B": []})

    def summary(self) -> dict[str, Any]:
        """Mean per hand with its 95% interval, share won, decision-time percentiles."""
        n = len(self.deal_results)
        mean = statistics.fmean(self.deal_results) if n else 0.0
        half = 1.96 * statistics.stdev(self.deal_results) / math.sqrt(n) if n > 1 else math.inf
        out: dict[str, Any] = {
            "deals": n,
            "hands": self.hands,
            "mean": mean,
            "ci": half,
            "won": self.won / self.hands if self.hands else 0.0,
            "tied": self.tied / self.hands if self.hands else 0.0,
        }
        for who, times in self.times.items():
            out[f"{who}_p50"] = _percentile(times, 50)
            out[f"{who}_p95"] = _percentile(times, 95)
            out[f"{who}_cpu_p50"] = _percentile(self.cpu[who], 50)
            out[f"{who}_cpu_p95"] = _percentile(self.cpu[who], 95)
            out[f"{who}_cpu_p99"] = _percentile(self.cpu[who], 99)
            out[f"{who}_decisions"] = len(times)
        return out


def _percentile(values: Sequence[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(pct / 100 * len(ordered)) - 1))
    return ordered[index]


def seatings(variant: str, players: int, partnerships: bool) -> list[tuple[list[int], list[int]]]:
    """For each play of a deal, the sides (score indices) that A and B hold."""
    if partnerships and players in (4, 6):
        sides = list(range(players // 2))
        return [([s], [o for o in sides if o != s]) for s in sides]
    even, odd = list(range(0, players, 2)), list(range(1, players, 2))
    return [(even, odd), (odd, even)]


def play_hand(
    variant: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    sides: tuple[list[int], list[int]],
    a: Player,
    b: Player,
    tally: Tally,
    actions: list[str] | None = None,
) -> float:
    """Play the first hand of a fresh game; A's points minus B's (per side). The actions
    taken are appended to ``actions`` when given."""
    a_sides, b_sides = sides
    game: Any = new_game(variant, players, seed=seed, options=options)
    while True:
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        who, player = ("A", a) if game.side_of(seat) in a_sides else ("B", b)
        view = game.view(seat)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = player.choose(view, legal)
        if len(legal) > 1:
            tally.times[who].append(time.perf_counter() - start)
            tally.cpu[who].append(time.process_time() - start_cpu)
        if actions is not None:
            actions.append(action)
        scored = [e for e in game.apply(action) if e["type"] == "hand_scored"]
        if scored:
            points = scored[0]["points"]
            break
    mine = [points[s] for s in a_sides]
    theirs = [points[s] for s in b_sides]
    diff = statistics.fmean(mine) - statistics.fmean(theirs)
    tally.hands += 1
    tally.won += diff > 0
    tally.tied += diff == 0
    return diff


@dataclass(frozen=True)
class Match:
    """What a match plays: the game, the two levels and their settings."""

    variant: str
    players: int
    a_level: str
    b_level: str
    seed: int
    options: dict[str, Any] | None = None
    playouts: int | None = None
    time_budget: float | None = None


def play_deals(match: Match, indices: Sequence[int]) -> tuple[Tally, list[dict[str, Any]]]:
    """Play the deals ``seed + i`` for ``i`` in ``indices``: the tally and, per deal, a
    record of each seating's result and actions (the match log)."""
    from bot.engine import game_class

    partnerships = bool(getattr(game_class(match.variant), "partnerships", True))
    a = get_player(match.a_level, seed=match.seed * 7 + 1, playouts=match.playouts,
                   time_budget=match.time_budget)
    b = get_player(match.b_level, seed=match.seed * 7 + 2, playouts=match.playouts,
                   time_budget=match.time_budget)
    tally = Tally()
    records = []
    for index in indices:
        deal = match.seed + index
        results, logs = [], []
        for sides in seatings(match.variant, match.players, partnerships):
            actions: list[str] = []
            results.append(play_hand(match.variant, match.players, deal, match.options,
                                     sides, a, b, tally, actions))
            logs.append(actions)
        tally.deal_results.append(statistics.fmean(results))
        records.append({"deal": deal, "results": results, "actions": logs})
    return tally, records


def _play_chunk(job: tuple[Match, list[int]]) -> tuple[Tally, list[dict[str, Any]]]:
    return play_deals(*job)


def _merge(into: Tally, part: Tally) -> None:
    into.deal_results += part.deal_results
    into.hands += part.hands
    into.won += part.won
    into.tied += part.tied
    for who in into.times:
        into.times[who] += part.times[who]
        into.cpu[who] += part.cpu[who]


def run(
    variant: str,
    a_level: str,
    b_level: str,
    deals: int,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    playouts: int | None = None,
    time_budget: float | None = None,
    out: TextIO | None = None,
    every: int = 25,
    jobs: int = 1,
    log: TextIO | None = None,
    done: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals and return the summary (printing progress to ``out``).

    With ``jobs`` above 1 the deals are shared among that many processes; every deal's
    result is the same as when played alone, so the summary does not depend on ``jobs``
    (decision times aside). ``log`` gets one JSON line a deal: its seed, each seating's
    result and actions. ``done`` holds the log records of the match's first deals when a
    stopped match is resumed: those deals count without being played again."""
    from bot.engine import VARIANTS

    match = Match(variant, players or VARIANTS[variant].default_players, a_level, b_level,
                  seed, options, playouts, time_budget)
    tally = _tally_of(done, seed)
    size = every if every else max(1, math.ceil((deals - len(done)) / max(1, jobs)))
    chunks = [(match, list(range(lo, min(deals, lo + size))))
              for lo in range(len(done), deals, size)]
    with chunk_map(jobs) as pool:
        for part, records in pool(_play_chunk, chunks):
            _merge(tally, part)
            if log is not None:
                for record in records:
                    log.write(json.dumps(record) + "\n")
                log.flush()
            if out is not None and every and len(tally.deal_results) < deals:
                print(format_summary(variant, match.players, a_level, b_level, tally.summary()),
                      file=out, flush=True)
    summary = tally.summary()
    if out is not None:
        print(format_summary(variant, match.players, a_level, b_level, summary), file=out,
              flush=True)
    return summary


def _tally_of(done: Sequence[dict[str, Any]], seed: int) -> Tally:
    """The results of deals already played, from their log records (no decision times)."""
    tally = Tally()
    for index, record in enumerate(done):
        if record["deal"] != seed + index:
            raise ValueError(f"the log's deal {index + 1} is not this match's (seed {seed})")
        results = record["results"]
        tally.deal_results.append(statistics.fmean(results))
        tally.hands += len(results)
        tally.won += sum(r > 0 for r in results)
        tally.tied += sum(r == 0 for r in results)
    return tally


@contextmanager
def chunk_map(jobs: int) -> Iterator[Any]:
    """A lazy map over chunks, in order: in this process, or in ``jobs`` worker processes
    (the function and chunks must then be picklable)."""
    if jobs <= 1:
        yield map
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield pool.imap


def format_summary(variant: str, players: int, a: str, b: str, s: dict[str, Any]) -> str:
    """One line: game, levels, mean ± CI, hands won, decision times (wall and CPU)."""

    def ms(key: str) -> str:
        return f"{s[key] * 1000:.1f}"

    return (
        f"{variant} ({players}p) {a} vs {b}: {s['deals']} deals, {s['hands']} hands; "
        f"A - B = {s['mean']:+.3f} ± {s['ci']:.3f} points/hand; A won {s['won']:.1%} of hands "
        f"(tied {s['tied']:.1%}); decision time p50/p95 wall (cpu p50/p95/p99) ms: "
        f"{a} {ms('A_p50')}/{ms('A_p95')} "
        f"({ms('A_cpu_p50')}/{ms('A_cpu_p95')}/{ms('A_cpu_p99')}), "
        f"{b} {ms('B_p50')}/{ms('B_p95')} "
        f"({ms('B_cpu_p50')}/{ms('B_cpu_p95')}/{ms('B_cpu_p99')})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description="Duplicate match between two AI levels.")
    parser.add_argument("--game", required=True)
    parser.add_argument("--a", required=True, help="level of player A")
    parser.add_argument("--b", required=True, help="level of player B")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--playouts", type=int, default=None, help="hard: playouts per decision")
    parser.add_argument("--time-budget", type=float, default=None, help="hard: seconds per move")
    parser.add_argument("--every", type=int, default=25, help="print progress every N deals")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (same results)")
    parser.add_argument("--log", default=None, help="file for one JSON line a deal")
    parser.add_argument("--resume", action="store_true",
                        help="continue the stopped match whose deals --log holds")
    args = parser.parse_args(argv)
    if args.resume and not args.log:
        parser.error("--resume needs the stopped match's --log")
    done: list[dict[str, Any]] = []
    if args.resume:
        with open(args.log, encoding="utf-8") as handle:
            done = [json.loads(line) for line in handle if line.strip()]
    with ExitStack() as stack:
        mode: Literal["a", "w"] = "a" if args.resume else "w"
        log = stack.enter_context(open(args.log, mode, encoding="utf-8")) if args.log else None
        try:
            run(
                args.game, args.a, args.b, args.deals, args.seed, args.players,
                playouts=args.playouts, time_budget=args.time_budget, out=sys.stdout,
                every=args.every, jobs=args.jobs, log=log, done=done,
            )
        except ValueError as error:
            parser.error(str(error))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
