"""The Hint button's advice leads with a sentence a person would say; the simulation
figures come separately, as small print."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.ai import Advice, get_player, hint
from bot.ai.knowledge import View
from bot.ai.players import HardPlayer
from bot.engine import VARIANTS, display_card, new_game

from .helpers import decision_point

CASES = [(key, info.player_counts[0]) for key, info in VARIANTS.items()]


def decisions(
    variant: str, players: int, count: int, seed: int = 2, *, every: bool = False
) -> Iterator[tuple[View, list[str]]]:
    """(view, legal) at ``count`` decisions of a seeded random game: every one, or about a
    third of those with a real choice."""
    game = new_game(variant, players, seed)
    rng = random.Random(seed)
    found = 0
    while not game.is_over and found < count:
        _, view, legal = decision_point(game)
        if every or (len(legal) > 1 and rng.random() < 0.3):
            found += 1
            yield view, legal
        game.apply(rng.choice(legal))


def assert_reads_well(advice: Advice, variant: str) -> None:
    """A sentence led by a word, without figures from the search, naming a played card."""
    reason = advice.reason
    assert reason[0].isupper() and reason.endswith((".", "!")), reason
    assert "simulated" not in reason.lower() and "points a hand" not in reason
    if advice.action.startswith("play:"):
        card = display_card(advice.action[5:], variant)
        assert card in reason, (advice.action, reason)


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
        assert_reads_well(advice, variant)
        if advice.detail:
            assert advice.detail.startswith("Simulated: about "), advice.detail
            figures += 1
    assert (figures > 0) == (level == "hard")  # only the search has figures to show


def test_the_process_pool_function_gives_the_same_advice() -> None:
    view, legal = next(decisions("euchre", 4, 1))
    assert hint("normal", view, legal, seed=1) == get_player("normal", seed=1).advice(view, legal)


@pytest.mark.parametrize("variant, players", CASES)
def test_every_rule_based_reason_names_its_card(variant: str, players: int) -> None:
    """Every decision of a long random game, the only-choice ones included."""
    player = get_player("normal", seed=4)
    for view, legal in decisions(variant, players, 150, seed=7, every=True):
        assert_reads_well(player.advice(view, legal), variant)


@pytest.mark.parametrize("variant, players", CASES)
def test_when_the_search_overrules_the_rules_it_says_what_its_choice_does(
    variant: str, players: int
) -> None:
    """The reason is about the search's own choice; the figures compare it with the rule's."""
    player = HardPlayer(seed=5, playouts=16)
    player.z = -1e9  # take the search's best whatever the rules chose, to overrule often
    overruled = 0
    for view, legal in decisions(variant, players, 8, seed=9):
        advice = player.advice(view, legal)
        assert_reads_well(advice, variant)
        overruled += ", against " in advice.detail
    assert overruled > 0
