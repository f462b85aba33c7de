"""The search's cost: sampled deals copied and played to the end of the hand, per second.

``python -m bot.ai.speed [--seconds S] [--game VARIANT ...]``

For each variant, 50 sampled deals (taken from seeded games at their first card) are
copied (:func:`bot.ai.search.playouts.clone`) and played out with the game's fast policy, over and
over for ``S`` seconds of CPU time, twice: as the search plays them now (the copy stops
when its hand is scored) and as it did before (the copy deals the next hand). The figures
are playouts per second on one core; ``python -m bot.engine.bench`` times the engine
alone (random play of whole games).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

from bot.engine import VARIANTS, game_class, new_game

from .heuristics import heuristics_for
from .search import clone, playout


def sampled_deals(variant: str, players: int, count: int) -> list[tuple[Any, int]]:
    """``count`` deals sampled from a seat's view at the first card of seeded games."""
    rng = random.Random(0)
    deals = []
    for seed in range(count):
        game: Any = new_game(variant, players, seed=seed)
        while not game.legal_actions()[0].startswith("play:"):
            legal = game.legal_actions()
            game.apply(rng.choice(legal))
        seat = game.current_player
        kind: Any = game_class(variant)
        deals.append((kind.sample_from_view(game.view(seat), rng), seat))
    return deals


def playouts_per_second(variant: str, players: int, seconds: float, stop: bool) -> float:
    """Copy-and-play-out rate over the sampled deals for ``seconds`` of CPU time."""
    deals = sampled_deals(variant, players, 50)
    for deal, _ in deals:
        deal.stop_after_hand = stop
    heur = heuristics_for(variant)
    rng = random.Random(1)
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for deal, seat in deals:
            playout(clone(deal), seat, heur, rng, 0.0)
            count += 1
    return count / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> int:
    """Print playouts per second per variant, dealing the next hand and not."""
    parser = argparse.ArgumentParser(description="Copy-and-play-out speed of the search.")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append", help="only these variants")
    args = parser.parse_args(argv)
    print(f"{'variant':<16}{'players':>8}{'before/s':>10}{'now/s':>10}{'gain':>8}")
    for key, info in VARIANTS.items():
        if args.game and key not in args.game:
            continue
        players = info.default_players
        before = playouts_per_second(key, players, args.seconds, stop=False)
        now = playouts_per_second(key, players, args.seconds, stop=True)
        print(f"{key:<16}{players:>8}{before:>10.0f}{now:>10.0f}{now / before - 1:>+8.0%}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
