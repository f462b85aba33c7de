"""Shared helpers for the computer-player tests: configurations and random positions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.engine import VARIANTS, Game, new_game

CONFIGS: list[tuple[str, int]] = [
    (key, n)
    for key in VARIANTS
    for n in sorted(set(VARIANTS[key].player_counts) & {2, 4, 5, 6, 10})
]


def positions(variant: str, players: int, games: int, seed: int = 0) -> Iterator[Game]:
    """Random positions of a hand: each game advanced by random actions to a random point."""
    rng = random.Random(f"{variant}:{players}:{seed}")
    for index in range(games):
        game = new_game(variant, players, seed=seed * 1000 + index)
        steps = rng.randrange(40)
        for _ in range(steps):
            if game.is_over or game.hand_number > 1:
                break
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            yield game


def decision_point(game: Game) -> tuple[int, dict[str, Any], list[str]]:
    """The seat to act, its view and the legal actions."""
    seat = game.current_player
    assert seat is not None
    return seat, game.view(seat), game.legal_actions()
