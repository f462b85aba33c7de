"""Benchmark: CPU seconds to work out the computer's opinion of a whole game, per variant.

``python -m bot.review.bench [--variants euchre flip:5 ...] [--games N] [--level normal]``
plays seeded games between computer players, then analyses one seat of each
(``analyse_game``) and prints, per variant and player count, the CPU time (process time)
per game, with the part spent solving hands with every card known, the decisions looked
at, those marked costly and the hands solved. Target: every game under :data:`TARGET`
seconds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from bot.ai import get_player
from bot.engine import VARIANTS, new_game

from .opinion import analyse_game
from .opinion.perfect import perfect_play

DEFAULT = (
    "euchre:4", "cincinnati:4", "railroad:4", "railroad:6", "over_the_rhine:2",
    "over_the_top:2", "flip:2", "flip:4", "flip:5", "flip:7",
)
TARGET = 20.0  # CPU seconds a game, at most, for every game and player count


def play(variant: str, players: int, seed: int, level: str) -> list[str]:
    """The action log of a game between computer players of ``level``."""
    game = new_game(variant, players, seed=seed)
    bots = [get_player(level, seed=seed * 10 + s) for s in range(players)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return list(game.log)


def measure(config: str, games: int, level: str, playouts: int | None) -> dict[str, float]:
    """Mean figures over ``games`` seeded games of ``config`` (``variant:players``)."""
    variant, _, count = config.partition(":")
    players = int(count) if count else VARIANTS[variant].default_players
    rows: list[dict[str, float]] = []
    for seed in range(1, games + 1):
        actions = play(variant, players, seed, level)
        seat = seed % players
        start = time.process_time()
        opinion = analyse_game(variant, players, seed, {}, actions, seat, playouts=playouts)
        total = time.process_time() - start
        start = time.process_time()
        perfect_play(variant, players, seed, {}, actions, seat)
        solving = time.process_time() - start
        hands = new_game(variant, players, seed=seed)
        for action in actions:
            hands.apply(action)
        rows.append({
            "cpu": total, "solve": solving, "decisions": len(opinion.decisions),
            "costly": len(opinion.costly), "solved": len(opinion.perfect),
            "hands": hands.hand_number, "actions": len(actions),
        })
    return {key: statistics.mean(r[key] for r in rows) for key in rows[0]} | {
        "max": max(r["cpu"] for r in rows)
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures, one line per configuration."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", nargs="*", default=list(DEFAULT),
                        help="variant or variant:players (default: all, several Flip counts)")
    parser.add_argument("--games", type=int, default=3, help="games per configuration")
    parser.add_argument("--level", default="normal", help="computer level that plays them")
    parser.add_argument("--playouts", type=int, default=None, help="deals per decision")
    args = parser.parse_args(argv)
    print(f"{'game':<18}{'cpu s/game':>11}{'max':>7}{'solve':>7}{'decisions':>10}"
          f"{'costly':>8}{'solved':>11}   target")
    for config in args.variants:
        figures = measure(config, args.games, args.level, args.playouts)
        verdict = f"< {TARGET:.0f} s: {'met' if figures['max'] < TARGET else 'MISSED'}"
        print(
            f"{config:<18}{figures['cpu']:>11.1f}{figures['max']:>7.1f}{figures['solve']:>7.1f}"
            f"{figures['decisions']:>10.0f}{figures['costly']:>8.1f}"
            f"{figures['solved']:>5.0f} of {figures['hands']:<3.0f}  {verdict}",
            flush=True,
        )


if __name__ == "__main__":
    main()
