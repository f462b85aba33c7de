"""The Hint button's advice leads with a sentence a person would say; the simulation
figures come separately, as small print."""

from __future__ import annotations

import random

import pytest

from bot.ai import get_player, hint
from bot.engine import VARIANTS, display_card, new_game

CASES = [(key, info.player_counts[0]) for key, info in VARIANTS.items()]


def decisions(variant: str, players: int, count: int, seed: int = 2):  # type: ignore[no-untyped-def]
    """(view, legal) at decisions with a real choice in a seeded random game."""
    game = new_game(variant, players, seed)
    rng = random.Random(seed)
    found = 0
    while not game.is_over and found < count:
        legal = game.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found += 1
            yield game.view(game.current_player), legal
        game.apply(rng.choice(legal))


@pytest.mark.parametrize("variant, players", CASES)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_hint_reads_as_a_sentence_and_names_the_card(
    variant: str, players: int, level: str
) -> None:
    player = get_player(level, seed=3, playouts=24)
    figures = 0
    for view, legal in decisions(variant, players, 5):
        advice = player.advice(view, legal)
        assert advice.action in legal
        reason = advice.reason
        assert reason[0].isupper() and reason.endswith((".", "!")), reason
        assert "simulated" not in reason.lower() and "points a hand" not in reason
        if advice.action.startswith("play:"):
            card = display_card(advice.action[5:], variant)
            assert card in reason, (advice.action, reason)
        if advice.detail:
            assert advice.detail.startswith("Simulated: about "), advice.detail
            figures += 1
    assert (figures > 0) == (level == "hard")  # only the search has figures to show


def test_the_process_pool_function_gives_the_same_advice() -> None:
    view, legal = next(decisions("euchre", 4, 1))
    assert hint("normal", view, legal, seed=1) == get_player("normal", seed=1).advice(view, legal)
