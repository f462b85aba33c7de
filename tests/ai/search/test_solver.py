"""The perfect-information solver: it agrees with plain minimax, knows a lay-down hand,
leaves the game it is given untouched and stops at its node limit."""

from __future__ import annotations

import random

import pytest

from bot.ai.search import clone
from bot.ai.search.solver import Solver, best_tricks
from bot.engine import Game, new_game

# (variant, players, at most this many cards left in the hands)
CONFIGS = [
    ("euchre", 4, 12), ("cincinnati", 4, 12), ("railroad", 4, 12), ("railroad", 6, 12),
    ("flip", 3, 12), ("flip", 2, 8), ("over_the_rhine", 2, 8), ("over_the_top", 2, 6),
]


def minimax(game: Game, side: int, hand: int) -> int:
    """Tricks ``side`` takes from here with best play by all: every line searched."""
    if game.is_over or game.hand_number != hand:
        return 0
    seat = game.current_player
    assert seat is not None
    values = []
    for action in game.legal_actions():
        child = clone(game)
        gained = sum(
            e["type"] == "trick" and game.side_of(e["winner"]) == side for e in child.apply(action)
        )
        values.append(gained + minimax(child, side, hand))
    return max(values) if game.side_of(seat) == side else min(values)


def late_positions(variant: str, players: int, games: int, cards: int) -> list[Game]:
    """Positions at the start of a trick with at most ``cards`` left in the hands."""
    found = []
    rng = random.Random(variant)
    for seed in range(games):
        game = new_game(variant, players, seed=seed)
        while not game.is_over and game.hand_number == 1:
            left = sum(len(h) for h in game.hands)
            if game.phase == "play" and not game.trick and left <= cards:
                found.append(clone(game))
                break
            game.apply(rng.choice(game.legal_actions()))
    return found


@pytest.mark.parametrize(("variant", "players", "cards"), CONFIGS)
def test_agrees_with_minimax(variant: str, players: int, cards: int) -> None:
    positions = late_positions(variant, players, 6, cards)
    assert positions
    for game in positions:
        for seat in range(players):
            side = game.side_of(seat)
            assert best_tricks(game, side) == minimax(clone(game), side, game.hand_number)


def test_five_top_trumps_take_every_trick() -> None:
    deal = {
        "dealer": 3,
        "hands": [
            ["JH", "JD", "AH", "KH", "QH"],
            ["9S", "TS", "JS", "QS", "KS"],
            ["AS", "9C", "TC", "JC", "QC"],
            ["KC", "AC", "9D", "TD", "QD"],
        ],
        "kitty": ["TH", "KD", "AD", "9H"],
    }
    game = new_game("euchre", deal=deal)
    for action in ["order", "partner", "discard:KC"]:
        game.apply(action)
    before = game.to_json()
    assert best_tricks(game, 0) == 5 and best_tricks(game, 1) == 0
    assert game.to_json() == before


def test_node_limit_gives_up() -> None:
    game = new_game("cincinnati", seed=3)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    assert best_tricks(game, 0, node_limit=10) is None
    solver = Solver(0)
    assert 0 <= solver.solve(game) <= 6 and solver.nodes > 10
