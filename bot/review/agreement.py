"""How far two versions of the computer's opinion agree on the same seeded games.

``python -m bot.review.agreement save FILE [--variants ...] [--games N]`` works out the
opinion of the benchmark's games (:mod:`bot.review.bench`) and stores it as JSON;
``python -m bot.review.agreement compare FILE`` works it out again with the code at hand
and prints, per game, how many decisions both mark costly, how many only one of them
marks, and whether the best choice agrees where either version saw a clear gap (the best
ahead of the second by :data:`CLEAR` times the cost from which a decision is costly).
Run ``save`` before changing how the opinion is worked out, ``compare`` after.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.engine import VARIANTS

from .bench import DEFAULT, play
from .opinion import Decision, Opinion, analyse_game

CLEAR = 2.0  # the best choice is clear: ahead of the second by this many costly thresholds


@dataclass(frozen=True)
class Agreement:
    """Decisions of one game as two opinions judge them."""

    decisions: int
    both_costly: int
    only_first: int
    only_second: int
    clear: int  # decisions where either opinion's best leads by CLEAR points or more
    same_best: int  # of those, the decisions where both opinions name the same best

    @property
    def agree(self) -> int:
        """Decisions both opinions mark the same way (costly or not)."""
        return self.decisions - self.only_first - self.only_second


def _clear(decision: Decision) -> bool:
    """The best choice leads the second by :data:`CLEAR` times the decision's costly
    threshold or more (half a point in a game to 10)."""
    values = [c.value for c in decision.choices]
    return len(values) < 2 or values[0] - values[1] >= CLEAR * decision.threshold


def agreement(first: Opinion, second: Opinion) -> Agreement:
    """Compare two opinions of the same seat in the same game, decision by decision."""
    pairs = list(zip(first.decisions, second.decisions, strict=False))
    if len(first.decisions) != len(second.decisions) or any(
        a.index != b.index for a, b in pairs
    ):
        raise ValueError("the two opinions are not of the same seat's decisions")
    clear = [(a, b) for a, b in pairs if _clear(a) or _clear(b)]
    return Agreement(
        decisions=len(pairs),
        both_costly=sum(a.costly and b.costly for a, b in pairs),
        only_first=sum(a.costly and not b.costly for a, b in pairs),
        only_second=sum(b.costly and not a.costly for a, b in pairs),
        clear=len(clear),
        same_best=sum(a.choices[0].action == b.choices[0].action for a, b in clear),
    )


def opinions(
    keys: Sequence[str], level: str, save: Path | None = None
) -> dict[str, Any]:
    """The opinion (JSON) and its CPU seconds of each benchmark game named by
    ``variant:players:seed`` in ``keys``; each written to ``save`` as soon as it is known
    (a long run stopped early keeps the games done)."""
    found: dict[str, Any] = {}
    for key in keys:
        variant, players, seed = key.split(":")
        count, number = int(players), int(seed)
        actions = play(variant, count, number, level)
        start = time.process_time()
        opinion = analyse_game(variant, count, number, {}, actions, number % count)
        found[key] = {
            "cpu": round(time.process_time() - start, 2), "opinion": opinion.to_json(),
        }
        if save is not None:
            save.write_text(json.dumps(found))
    return found


def games_of(configs: Sequence[str], games: int) -> list[str]:
    """``variant:players:seed`` of the benchmark's first ``games`` games of each config,
    the first game of every config before the second of any."""
    keys = []
    for config in configs:
        variant, _, count = config.partition(":")
        players = int(count) if count else VARIANTS[variant].default_players
        keys.append([f"{variant}:{players}:{seed}" for seed in range(1, games + 1)])
    return [game[seed] for seed in range(games) for game in keys]


def report(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """One line per game both hold, and a total line."""
    lines = [f"{'game':<20}{'decisions':>10}{'agree':>7}{'costly both':>12}"
             f"{'old only':>9}{'new only':>9}{'clear':>7}{'same best':>10}{'cpu old':>8}"
             f"{'new':>6}"]
    totals = [0] * 7
    for key in (k for k in old if k in new):
        one = agreement(Opinion.from_json(old[key]["opinion"]),
                        Opinion.from_json(new[key]["opinion"]))
        row = [one.decisions, one.agree, one.both_costly, one.only_first, one.only_second,
               one.clear, one.same_best]
        totals = [t + r for t, r in zip(totals, row, strict=True)]
        lines.append(f"{key:<20}" + _cells(row) + f"{old[key]['cpu']:>8.1f}{new[key]['cpu']:>6.1f}")
    lines.append(f"{'all':<20}" + _cells(totals))
    return lines


def _cells(row: Sequence[int]) -> str:
    widths = (10, 7, 12, 9, 9, 7, 10)
    return "".join(f"{value:>{width}}" for value, width in zip(row, widths, strict=True))


def main(argv: Sequence[str] | None = None) -> None:
    """``save`` the opinions of the benchmark's games, or ``compare`` them with a file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("save", "compare"))
    parser.add_argument("file", type=Path)
    parser.add_argument("--variants", nargs="*", default=list(DEFAULT))
    parser.add_argument("--games", type=int, default=3, help="games per configuration")
    parser.add_argument("--level", default="normal", help="computer level that plays them")
    parser.add_argument("--keep", type=Path, help="compare: also store the new opinions here")
    args = parser.parse_args(argv)
    if args.command == "save":
        opinions(games_of(args.variants, args.games), args.level, save=args.file)
        return
    old = json.loads(args.file.read_text())
    keys = [k for k in games_of(args.variants, args.games) if k in old]
    print("\n".join(report(old, opinions(keys, args.level, save=args.keep))))


if __name__ == "__main__":
    main()
