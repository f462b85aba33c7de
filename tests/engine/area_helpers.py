"""Helpers for the two-player area games (Over the Rhine, Over the Top)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence

from bot.engine import Game, new_game
from bot.engine.areas import AreaGame


def stacked(deck: Sequence[str], used: Sequence[str], top: Sequence[str]) -> list[str]:
    """A pile starting with ``top``, then every deck card not in ``used`` or ``top``."""
    taken = set(used) | set(top)
    return list(top) + [c for c in deck if c not in taken]


def as_area(game: Game) -> AreaGame:
    """The game as an :class:`AreaGame` (for reading its state in tests)."""
    assert isinstance(game, AreaGame)
    return game


def random_states(variant: str, games: int, every: int = 3) -> Iterator[AreaGame]:
    """Random games of ``variant``, yielded at every ``every``-th decision."""
    for seed in range(games):
        rng = random.Random(seed)
        game = as_area(new_game(variant, seed=seed))
        step = 0
        while not game.is_over:
            if step % every == 0:
                yield game
            game.apply(rng.choice(game.legal_actions()))
            step += 1


def check_sample(game: AreaGame, seat: int, rng: random.Random) -> AreaGame:
    """Sample from ``seat``'s view; check the view is kept and play goes on to the end."""
    view = json.loads(json.dumps(game.view(seat)))
    sampled = type(game).sample_from_view(view, rng)
    assert sampled.view(seat) == view
    if game.current_player == seat:
        assert sampled.legal_actions() == game.legal_actions()
    other = type(game).sample_from_view(view, random.Random(rng.random()))
    play_rng = random.Random(0)
    while not other.is_over and other.hand_number <= game.hand_number + 1:
        other.apply(play_rng.choice(other.legal_actions()))
    return sampled


def play_first_legal(game: Game) -> None:
    """Play the first legal action until the hand in progress is scored."""
    hand = game.hand_number
    while not game.is_over and game.hand_number == hand:
        game.apply(game.legal_actions()[0])
