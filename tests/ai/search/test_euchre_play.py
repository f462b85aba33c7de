"""Classic Euchre's play in bit masks plays exactly as the engine: legal cards, trick
winners and the hand's points (loners, marches and euchres included)."""

from __future__ import annotations

import random
from typing import Any

from bot.ai.search.euchre_play import CARDS, INDEX, Deal, cards_of, points_for
from bot.engine import new_game


def to_first_card(seed: int, rng: random.Random, alone: float = 0.3) -> Any:
    """A fresh Euchre game bid at random (going alone with probability ``alone``) up to
    its first card."""
    game: Any = new_game("euchre", 4, seed=seed)
    while game.phase != "play":
        legal = game.legal_actions()
        if game.phase == "alone":
            game.apply("alone" if rng.random() < alone else "partner")
        else:
            game.apply(rng.choice(legal))
    return game


def test_random_play_matches_the_engine_on_a_thousand_deals() -> None:
    """Played card for card alongside the engine, the bit-mask deal offers the same cards,
    gives each trick to the same seat and scores the hand the same."""
    rng = random.Random(11)
    kinds: set[tuple[int, bool]] = set()
    for seed in range(1000):
        game = to_first_card(seed, rng)
        deal = Deal.from_game(game)
        while True:
            legal = sorted(a[5:] for a in game.legal_actions())
            assert sorted(CARDS[i] for i in cards_of(deal.legal())) == legal
            card = rng.choice(legal)
            events = game.apply("play:" + card)
            winner = deal.play(INDEX[card])
            tricks = [e for e in events if e["type"] == "trick"]
            assert (winner is None) == (not tricks)
            if tricks:
                assert tricks[0]["winner"] == winner
            scored = [e for e in events if e["type"] == "hand_scored"]
            if scored:
                assert deal.over()
                assert scored[0]["points"] == deal.points()
                kinds.add((max(scored[0]["points"]), bool(scored[0]["alone"])))
                break
            assert game.current_player == deal.turn
    # Every kind of result came up: 1 point, a march (2), a euchre (2) and a loner's 4.
    assert {1, 2, 4} <= {points for points, _ in kinds}
    assert any(alone for _, alone in kinds)


def test_points_follow_the_rules() -> None:
    """Makers: 3-4 tricks 1 point, all five 2 (4 alone); fewer than 3 give defenders 2."""
    assert points_for(3, False) == (1, 0)
    assert points_for(4, True) == (1, 0)
    assert points_for(5, False) == (2, 0)
    assert points_for(5, True) == (4, 0)
    assert points_for(2, True) == (0, 2)
    assert points_for(0, False) == (0, 2)
