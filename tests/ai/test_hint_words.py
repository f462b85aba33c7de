"""Hints use the words of the game being played: no partner where nobody has one, one
opponent called "your opponent", and a card lying on the player's table or battery said to
be there."""

from __future__ import annotations

import random

import pytest

from bot.ai import get_player
from bot.ai.heuristics import heuristics_for
from bot.ai.reasons import card_reason
from bot.engine import new_game


def hints(variant: str, players: int, level: str, seeds: range) -> list[tuple[dict, str, str]]:
    """(view, action, reason) of the hint at every real choice of seeded random games."""
    found = []
    player = get_player(level, seed=1, playouts=12)
    for seed in seeds:
        game, rng = new_game(variant, players, seed), random.Random(seed)
        while not game.is_over and game.hand_number <= 2:
            view, legal = game.view(game.current_player), game.legal_actions()
            if len(legal) > 1:
                advice = player.advice(view, legal)
                found.append((view, advice.action, advice.reason))
            game.apply(rng.choice(legal))
    return found


@pytest.mark.parametrize("variant", ["over_the_rhine", "over_the_top"])
def test_two_player_hints_never_mention_a_partner(variant: str) -> None:
    said = hints(variant, 2, "normal", range(3))
    reasons = [reason for _, _, reason in said]
    assert reasons and not [r for r in reasons if "partner" in r or "other players" in r]
    assert any("Your own card already wins" in r or "Let your own" in r for r in reasons)
    for view, action, reason in said:
        if action.startswith("play:") and action[5:] not in view["hand"]:
            assert f"from your {view['areas'][1]}" in reason, (action, reason)


def test_a_lead_to_draw_trump_names_the_one_opponent() -> None:
    said = [r for _, _, r in hints("over_the_rhine", 2, "normal", range(8))]
    draws = [r for r in said if "to draw" in r and "trumps" in r]
    assert draws and all("your opponent's trumps for your call" in r for r in draws)


def test_partnership_hints_keep_the_partner() -> None:
    said = [r for _, _, r in hints("euchre", 4, "normal", range(3))]
    assert any("Your partner already wins this trick" in r for r in said)


def test_the_search_player_explains_own_cards_in_the_same_words() -> None:
    game = new_game("over_the_top", 2, 3)
    rng = random.Random(3)
    while not (game.phase == "play" and len(game.trick) == 2):  # type: ignore[attr-defined]
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.current_player)
    k = heuristics_for("over_the_top").knowledge(view)
    for action in game.legal_actions():
        reason = card_reason(k, action[5:])
        assert "partner" not in reason and "other players" not in reason, reason


@pytest.mark.parametrize("variant,players", [("euchre", 4), ("over_the_rhine", 2), ("flip", 4)])
def test_bower_roles_a_hint_names_a_bower_as_its_button_does(variant: str, players: int) -> None:
    """Issue point 7: the button reads ``J♠ (left)``, so the hint names the ``J♠ (left)``."""
    from bot.ui.hand.message import card_label
    from tests.ui.helpers import hand_of

    seen = 0
    player = get_player("normal", seed=1, playouts=12)
    for seed in range(12):
        game, rng = new_game(variant, players, seed), random.Random(seed)
        while not game.is_over and game.hand_number <= 2:
            seat, legal = game.current_player, game.legal_actions()
            view = game.view(seat)
            if len(legal) > 1 and view.get("phase") == "play":
                advice = player.advice(view, legal)
                card = advice.action.partition(":")[2]
                if advice.action.startswith("play:") and card.startswith("J"):
                    label = card_label(card, hand_of(game, seat), "play")
                    if "(left)" in label or "(right)" in label:
                        seen += 1
                        bower = label.removesuffix(f" ({view['areas'][1]})") if (
                            "areas" in view) else label
                        assert bower in advice.reason, (label, advice.reason)
            game.apply(rng.choice(legal))
    assert seen >= 3
