"""Sampled playouts: copies are independent, budgets are honoured, results deterministic."""

from __future__ import annotations

import random

from bot.ai.heuristics import heuristics_for
from bot.ai.search import clone, playout, search
from bot.engine import game_class, new_game
from tests.ai.helpers import CONFIGS, decision_point, positions


def test_clone_is_independent_of_the_original() -> None:
    """Playing a copy to the end leaves the original untouched, for every game."""
    for variant, players in CONFIGS:
        for game in positions(variant, players, 3, seed=7):
            seat, view, _ = decision_point(game)
            world = game_class(variant).sample_from_view(view, random.Random(0))  # type: ignore[attr-defined]
            before = world.view(seat)
            copy = clone(world)
            playout(copy, seat, heuristics_for(variant), random.Random(0), 0.0)
            assert world.view(seat) == before == view


def test_search_counts_playouts_and_is_deterministic() -> None:
    """The same budget and seed give the same result; the budget is not exceeded."""
    game = new_game("euchre", seed=21)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    _, view, legal = decision_point(game)
    heur = heuristics_for("euchre")
    one = search(view, legal, heur, random.Random(3), playouts=40)
    two = search(view, legal, heur, random.Random(3), playouts=40)
    assert one == two
    assert one.playouts <= 40 and one.action in legal
