"""Train classic Euchre's call policy: ``python -m bot.ai.bidding_train``.

``python -m bot.ai.bidding_train --seed 1 --deals 9600 --out bot/ai/data/euchre_bidding.json``

The method is Monte Carlo policy improvement with common random numbers. Deals are
played by ``normal`` players. At every call a seat meets (order up or pass, name a suit
or pass, alone or with partner), both choices are tried in the same deal: each is applied
to a copy of the game and the hand is played to its end by the same seeded players, and
the difference in the seat's side's points (calling minus passing) is one trial of that
call's bucket (:func:`bot.ai.bidding.call_bucket`). The mean over a bucket's trials is
then an unbiased estimate of what calling gains over passing in that bucket against
these players, and choosing the better action in every bucket is a policy improvement
step: in expectation it can only gain points against the players it was measured with
(the policy improvement theorem), up to the noise of the estimate, which the file keeps
(``se``) and which ``MIN_TRIALS`` keeps small.

Deal ``i`` is dealt from seed ``seed * 1000003 + i``; deals are grouped in chunks of
``--chunk`` deals, and the file keeps a digest of each chunk's statistics, so a short run
(one chunk, a few seconds) reproduces the start of the shipped file exactly. Chunks are
independent, so ``--jobs N`` trains them in N processes with the same table.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections.abc import Sequence
from typing import Any

from bot.engine import Game, new_game

from .arena import chunk_map
from .bidding import bucket_key, call_bucket
from .players import NormalPlayer
from .search import clone, hand_value

CHUNK = 40
Stats = dict[str, list[float]]  # bucket key -> [trials, sum of gains, sum of squares]


def _finish(game: Game, seat: int, players: Sequence[NormalPlayer]) -> float:
    """Play the hand to its end with ``players``; the seat's side's points minus the others'."""
    hand, before = game.hand_number, list(game.scores)
    game.stop_after_hand = True
    while not game.is_over and game.hand_number == hand:
        turn = game.current_player
        assert turn is not None
        game.apply(players[turn].choose(game.view(turn), game.legal_actions()))
    return hand_value(game, seat, before)


def play_deal(deal_seed: int, stats: Stats) -> None:
    """Play one deal, trying both sides of every call met; add the trials to ``stats``."""
    game = new_game("euchre", 4, seed=deal_seed)
    players = [NormalPlayer(seed=deal_seed * 4 + s) for s in range(4)]
    hand = game.hand_number
    while not game.is_over and game.hand_number == hand:
        seat = game.current_player
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        found = call_bucket(view, legal)
        if found is not None:
            bucket, action, _ = found
            other = "partner" if bucket[0] == "alone" else "pass"
            tried = []
            for choice in (action, other):
                copy = clone(game)
                copy.apply(choice)
                tried.append(_finish(copy, seat, players))
            gain = tried[0] - tried[1]
            row = stats.setdefault(bucket_key(bucket), [0.0, 0.0, 0.0])
            row[0] += 1
            row[1] += gain
            row[2] += gain * gain
        game.apply(players[seat].choose(view, legal))


def digest(stats: Stats) -> str:
    """A short digest of a chunk's statistics (bucket order and float noise removed)."""
    text = json.dumps({k: [round(v, 9) for v in stats[k]] for k in sorted(stats)})
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def train_chunk(job: tuple[int, range]) -> Stats:
    """The trials of one chunk: deals ``indices`` of the run with ``seed``."""
    seed, indices = job
    stats: Stats = {}
    for index in indices:
        play_deal(seed * 1000003 + index, stats)
    return stats


def train(
    seed: int, deals: int, chunk: int = CHUNK, out: Any = None, jobs: int = 1
) -> dict[str, Any]:
    """The policy table from ``deals`` deals (whole chunks), with each chunk's digest;
    ``jobs`` processes share the chunks without changing the table."""
    totals: Stats = {}
    digests: list[str] = []
    chunks = [(seed, range(lo, min(deals, lo + chunk))) for lo in range(0, deals, chunk)]
    with chunk_map(jobs) as pool:
        for (_, indices), stats in zip(chunks, pool(train_chunk, chunks), strict=True):
            digests.append(digest(stats))
            for key, row in stats.items():
                total = totals.setdefault(key, [0.0, 0.0, 0.0])
                for i in range(3):
                    total[i] += row[i]
            if out is not None:
                print(f"{indices.stop}/{deals} deals", file=out, flush=True)
    return {
        "command": f"python -m bot.ai.bidding_train --seed {seed} --deals {deals} "
                   f"--chunk {chunk}",
        "seed": seed,
        "deals": deals,
        "chunk": chunk,
        "chunk_digests": digests,
        "buckets": {key: _row(totals[key]) for key in sorted(totals)},
    }


def _row(row: list[float]) -> dict[str, float]:
    trials, total, squares = row
    mean = total / trials
    var = max(0.0, squares / trials - mean * mean)
    se = math.sqrt(var / (trials - 1)) if trials > 1 else math.inf
    return {"trials": int(trials), "gain": round(mean, 4), "se": round(min(se, 99.0), 4)}


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: train and write the table."""
    parser = argparse.ArgumentParser(description="Train classic Euchre's call policy.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=CHUNK)
    parser.add_argument("--chunk", type=int, default=CHUNK)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (same table)")
    parser.add_argument("--out", default="-", help="file to write (default: standard output)")
    args = parser.parse_args(argv)
    table = train(args.seed, args.deals, args.chunk, out=sys.stderr, jobs=args.jobs)
    text = json.dumps(table, indent=1, sort_keys=True) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
