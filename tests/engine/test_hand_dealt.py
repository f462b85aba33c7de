"""A hand as dealt can be dealt again: a review shows every card of a finished game, and
the same deal played from `new_game(deal=...)` gives every seat the same view."""

from __future__ import annotations

import random

import pytest

from bot.engine import VARIANTS, new_game


@pytest.mark.parametrize(
    "variant, players",
    [(key, count) for key, info in VARIANTS.items() for count in info.player_counts],
)
def test_every_hand_as_dealt_deals_the_same_hand_again(variant: str, players: int) -> None:
    game = new_game(variant, players, seed=11)
    rng = random.Random(3)
    for _ in range(3):  # the first three hands
        hand = game.hand_number
        dealt = game.hand_dealt()
        again = new_game(variant, players, seed=99, options=game.options, deal=dealt)
        seats = range(players)
        assert [again.view(s)["hand"] for s in seats] == [game.view(s)["hand"] for s in seats]
        assert again.legal_actions() == game.legal_actions()
        while not game.is_over and game.hand_number == hand:
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            break
    assert game.hand_dealt() != dealt or game.is_over  # a new hand, a new deal


def test_what_was_dealt_stays_as_dealt_while_the_hand_is_played() -> None:
    game = new_game("euchre", 4, seed=5)
    dealt = game.hand_dealt()
    rng = random.Random(1)
    hand = game.hand_number
    while game.hand_number == hand and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        if game.hand_number == hand:
            assert game.hand_dealt() == dealt
    assert len({c for h in dealt["hands"] for c in h} | set(dealt["kitty"])) == 24
