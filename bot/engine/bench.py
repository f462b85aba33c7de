"""Engine speed: complete random hands and games per second, per variant, on one core.

Run ``python -m bot.engine.bench [--seconds S] [--rounds N] [--game VARIANT]``. Each
figure is the best of N rounds (the median beside it).
"""

from __future__ import annotations

import argparse
import random
import time

from .game import Game
from .registry import VARIANTS, new_game


def random_action(game: Game, rng: random.Random) -> str:
    """A random legal action, bidding like a beginner so that every game ends.

    Card play is uniform. In an auction the policy passes three times in four (or, where
    nobody may pass, as in Flip, bids the minimum nine times in ten) and rarely bids a moon:
    uniform random bidding sinks every side without end.
    """
    legal = game._legal()
    if legal[0].startswith("play:"):  # the common case, kept cheap: this times the engine
        return legal[int(rng.random() * len(legal))]
    if legal[0].startswith("bid:") or "pass" in legal:
        can_pass = "pass" in legal
        if can_pass and rng.random() < 0.75 and any(a.startswith("bid:") for a in legal):
            return "pass"
        if not can_pass and rng.random() < 0.9:
            return legal[0]
    choice = rng.choice(legal)
    if "moon" in choice and rng.random() < 0.98:
        modest = [a for a in legal if "moon" not in a]
        if modest:
            return rng.choice(modest)
    return choice


def measure(variant: str, players: int, seconds: float) -> tuple[float, float]:
    """Random play for ``seconds`` of CPU time: (hands per second, games per second).

    CPU time of this process, so the figures hold for one core even on a busy machine.
    """
    rng = random.Random(0)
    hands = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = new_game(variant, players, seed=games)
        while game.winner is None:
            game.apply(random_action(game, rng))
        hands += game.hand_number
        games += 1
    elapsed = time.process_time() - start
    return hands / elapsed, games / elapsed


def best_of(variant: str, players: int, seconds: float, rounds: int) -> tuple[float, float, float]:
    """The best and the median hands per second over ``rounds`` equal rounds, and games/s.

    Every round replays the same games. On a shared machine other work can only slow a
    round down, so the best round is the truest figure; the median shows the spread.
    """
    results = sorted(measure(variant, players, seconds / rounds) for _ in range(rounds))
    best = results[-1]
    return best[0], results[len(results) // 2][0], best[1]


def main() -> None:
    """Print the figures for every variant and player count."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per variant")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per variant")
    parser.add_argument("--game", action="append", help="only these variants")
    args = parser.parse_args()
    print(f"{'variant':<16}{'players':>8}{'hands/s':>10}{'median':>10}{'games/s':>10}")
    for key, info in VARIANTS.items():
        if args.game and key not in args.game:
            continue
        for players in info.player_counts:
            best, median, games = best_of(key, players, args.seconds, args.rounds)
            print(f"{key:<16}{players:>8}{best:>10.0f}{median:>10.0f}{games:>10.1f}", flush=True)


if __name__ == "__main__":
    main()
