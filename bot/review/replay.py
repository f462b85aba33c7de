"""``python -m bot.review.replay game.json``: replay a downloaded Bower game record with
the engine, print each hand's points and the final score, and check them against the
record.

Exit status: 0 when the replay ends with the recorded final scores and winner; 1 when it
does not; 2 when the file cannot be replayed at all (not JSON, not a Bower game record,
an action that is not legal).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.engine import VARIANTS

from .record import GameRecord, build_record
from .record.export import checked, hand_limit, replay


def side_names(sides: Sequence[Sequence[int]], seats: Sequence[Any]) -> list[str]:
    """``Alice & Carol`` per side, from the record's seat names (``seat N`` if missing)."""
    def name(seat: int) -> str:
        return str(seats[seat]) if seat < len(seats) else f"seat {seat + 1}"
    return [" & ".join(name(s) for s in side) for side in sides]


def winner_text(record: GameRecord, names: Sequence[str]) -> str:
    """``winner: Alice & Carol``; a tournament round's table is won by the side ahead at
    its end (``round winner: nobody, level``)."""
    winner = record.round_winner
    if record.hand_limit is None:
        return f"winner: {names[winner] if winner is not None else 'nobody yet'}"
    return f"round winner: {names[winner] if winner is not None else 'nobody, level'}"


def report(data: dict[str, Any]) -> list[str]:
    """The lines printed for a record that replays: each hand, then the final score."""
    variant, players, seed, options, actions = checked(data)
    record = build_record(variant, players, seed, options, actions, hand_limit(data))
    names = side_names(record.sides, data.get("seats") or [])
    lines = [f"{VARIANTS[variant].name}, {players} players, seed {seed}: "
             f"{len(record.hands)} hands, {len(actions)} actions"]
    for hand in record.hands:
        points = " ".join(f"{p:+d}" for p in hand.points)
        scores = " ".join(str(s) for s in hand.scores)
        note = f"  (thrown in: {hand.misdeal})" if hand.misdeal else ""
        lines.append(f"hand {hand.number:>3}: points {points:<16} score {scores}{note}")
    final = " · ".join(f"{n} {s}" for n, s in zip(names, record.scores, strict=True))
    lines.append(f"Final score: {final}; {winner_text(record, names)}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Replay the file; return the exit status (see the module docstring)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.review.replay",
        description="Replay a downloaded Bower game record with the engine and check its "
        "final score (exit 0: it matches; 1: it does not; 2: it cannot be replayed).",
    )
    parser.add_argument("file", type=Path, help="a game record downloaded from /review")
    args = parser.parse_args(argv)
    try:
        data = json.loads(args.file.read_text(encoding="utf-8"))
        scores, winner = replay(data)
    except (OSError, ValueError) as error:
        print(f"Cannot replay {args.file}: {error}", file=sys.stderr)
        return 2
    print("\n".join(report(data)))
    recorded = (data.get("final_scores"), data.get("winner"))
    if recorded != (scores, winner):
        print(f"MISMATCH: the record says final scores {recorded[0]} and winner "
              f"{recorded[1]}, the replay gives {scores} and {winner}.", file=sys.stderr)
        return 1
    print("The replay matches the recorded final score.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
