"""The exact endgame: alpha-beta with merged cards gives what plain minimax gives."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import get_player
from bot.ai.search import clone, hand_value
from bot.ai.search.endgame import exact_value
from bot.engine import Game, game_class, new_game


def _minimax(game: Any, seat: int, hand: int, before: list[int]) -> float:
    """Every line of play, no pruning: the side of ``seat`` maximises, the others minimise."""
    if game.is_over or game.hand_number != hand:
        return hand_value(game, seat, before)
    values = []
    for action in game.legal_actions():
        child = clone(game)
        child.apply(action)
        values.append(_minimax(child, seat, hand, before))
    mine = game.side_of(game.current_player) == game.side_of(seat)
    return max(values) if mine else min(values)


def _endings(variant: str, players: int, cards: int, count: int) -> list[tuple[Game, int]]:
    """Sampled deals (every hand known) with ``cards`` cards left in the mover's hand."""
    normal = get_player("normal", seed=1)
    found: list[tuple[Game, int]] = []
    for seed in range(60):
        game = new_game(variant, players, seed=seed)
        hand = game.hand_number
        while not game.is_over and game.hand_number == hand:
            seat = game.current_player
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            if view["phase"] == "play" and len(view["hand"]) == cards and len(legal) > 1:
                world = game_class(variant).sample_from_view(view, random.Random(seed))
                found.append((world, seat))
                break
            game.apply(normal.choose(view, legal))
        if len(found) >= count:
            break
    return found


@pytest.mark.parametrize(("variant", "players"), [("euchre", 4), ("over_the_top", 2)])
def test_exact_value_is_the_minimax_value(variant: str, players: int) -> None:
    """Pruning and merging equivalent cards never change the value of the last tricks."""
    endings = _endings(variant, players, 3 if variant == "euchre" else 2, 8)
    assert len(endings) >= 5
    for world, seat in endings:
        before = list(world.scores)
        expected = _minimax(clone(world), seat, world.hand_number, before)
        assert exact_value(clone(world), seat, before, node_limit=10**6) == expected


def test_too_big_an_endgame_is_refused() -> None:
    """Past the node limit the solver says so (None) instead of guessing."""
    world, seat = _endings("euchre", 4, 5, 1)[0]
    assert exact_value(world, seat, list(world.scores), node_limit=10) is None
