"""A search's copy of a game stops after its hand: same points, no next deal."""

from __future__ import annotations

import random

import pytest

from bot.engine import VARIANTS, new_game


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_copy_stops_after_the_hand_with_the_same_points(variant: str) -> None:
    """Played the same way, a game marked ``stop_after_hand`` scores the hand exactly as
    the real game does, then has nobody to act and deals nothing more."""
    players = VARIANTS[variant].default_players
    real = new_game(variant, players, seed=4)
    copy = new_game(variant, players, seed=4)
    copy.stop_after_hand = True
    rng = random.Random(variant)
    hand = real.hand_number
    while real.hand_number == hand and not real.is_over:
        action = rng.choice(real.legal_actions())
        real.apply(action)
        copy.apply(action)
    assert copy.scores == real.scores
    assert copy.hand_number == real.hand_number
    if not real.is_over:
        assert copy.legal_actions() == []
        assert copy.current_player is None
        assert not any(e["type"] == "deal" for e in copy.events[-3:])
        assert real.legal_actions()  # the real game dealt the next hand
