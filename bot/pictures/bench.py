"""``python -m bot.pictures.bench``: how long the table, hand and review pictures take to
draw and how large they are, per game and seat count.

Views come from seeded random games (public views for the table, the acting seat's view
for the hand, the steps of the game's hand record for the review). Each view is drawn
once to warm the sprite cache, as a running bot's is, then timed; the figures are
wall-clock milliseconds on one thread.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bot.engine import VARIANTS, Game, new_game
from bot.pictures import SeatTag, render_hand, render_record, render_table
from bot.review.record import build_record, step_view, steps


def sample_games(variant: str, players: int, games: int, every: int) -> list[Game]:
    """Snapshots (copies) of seeded random games every ``every`` decisions."""
    snapshots: list[Game] = []
    for seed in range(games):
        game = new_game(variant, players, seed)
        rng = random.Random(seed)
        step = 0
        while not game.is_over and step < 300:
            if step % every == 0:
                snapshots.append(type(game).from_json(game.to_json()))
            game.apply(rng.choice(game.legal_actions()))
            step += 1
    return snapshots


def sample_steps(variant: str, players: int, games: int, every: int) -> list[dict[str, Any]]:
    """Every ``every``-th step view of the hand records of seeded random games."""
    views = []
    for seed in range(games):
        game = new_game(variant, players, seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.log) < 300:
            game.apply(rng.choice(game.legal_actions()))
        record = build_record(variant, players, seed, game.options, game.log)
        views += [step_view(record, hand, trick) for hand, trick in steps(record)[::every]]
    return views


def timed(draw: Callable[[], bytes], rounds: int) -> tuple[list[float], int]:
    """Milliseconds of each of ``rounds`` draws (after one warm-up), and the bytes."""
    png = draw()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        draw()
        times.append((time.perf_counter() - start) * 1000)
    return times, len(png)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per case")
    parser.add_argument("--rounds", type=int, default=3, help="timed draws per view")
    args = parser.parse_args()
    print(f"{'game':<16}{'seats':>5}  {'table p50/p99 ms':>17}  {'KB p50/max':>11}"
          f"  {'hand p50/p99 ms':>16}  {'KB p50/max':>11}  views"
          f"  {'review p50/p99 ms':>18}  {'KB p50/max':>11}  steps")
    for key, info in VARIANTS.items():
        for players in info.player_counts:
            tables, hands, table_sizes, hand_sizes = [], [], [], []
            games = sample_games(key, players, args.games, every=5)
            for game in games:
                view = game.public_view()
                hands_at_table = sum(len(side) for side in view["sides"])
                tags = [SeatTag(f"Player {s + 1}") for s in range(hands_at_table)]
                times, size = timed(partial(render_table, view, tags), args.rounds)
                tables += times
                table_sizes.append(size / 1000)
                seat = game.current_player if game.current_player is not None else 0
                mine, legal = game.view(seat), game.legal_actions()
                times, size = timed(partial(render_hand, mine, legal), args.rounds)
                hands += times
                hand_sizes.append(size / 1000)
            reviews, review_sizes = [], []
            steps_drawn = sample_steps(key, players, args.games, every=3)
            for view in steps_drawn:
                tags = [SeatTag(f"Player {s + 1}") for s in range(int(view["seats"]))]
                times, size = timed(partial(render_record, view, tags), args.rounds)
                reviews += times
                review_sizes.append(size / 1000)
            print(
                f"{key:<16}{players:>5}  "
                f"{percentile(tables, 0.5):>8.1f}/{percentile(tables, 0.99):<8.1f}  "
                f"{statistics.median(table_sizes):>5.0f}/{max(table_sizes):<5.0f}  "
                f"{percentile(hands, 0.5):>7.1f}/{percentile(hands, 0.99):<8.1f}  "
                f"{statistics.median(hand_sizes):>5.0f}/{max(hand_sizes):<5.0f}  {len(games):>5}  "
                f"{percentile(reviews, 0.5):>9.1f}/{percentile(reviews, 0.99):<8.1f}  "
                f"{statistics.median(review_sizes):>5.0f}/{max(review_sizes):<5.0f}  "
                f"{len(steps_drawn)}"
            )


if __name__ == "__main__":
    main()
