"""A forged action is refused without being shown back: whatever a tampered client sends,
the reason names only real moves and cards of the game."""

from __future__ import annotations

import random

import pytest

from bot.engine import VARIANTS, new_game

FORGED = (
    "play:" + "X" * 70,
    "play:JHJH",
    "play:R99",
    "give:QQQQQQQQ",
    "discard:ZZZZZZ",
    "switch:WWWWWW",
    "bid:" + "9" * 40,
    "bid:moonshot",
    "trump:QQQ",
    "zzzzzzzz",
)
ECHOES = ("XXXX", "JHJH", "R99", "Red 99", "QQQ", "ZZZ", "WWW", "9999", "moonshot", "zzz")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_forged_actions_are_never_echoed_at_any_point_of_a_game(variant: str) -> None:
    game, rng = new_game(variant, seed=7), random.Random(7)
    for _ in range(400):
        if game.is_over:
            break
        for action in FORGED:
            reason = game.explain_illegal(action)
            assert reason and not any(echo in reason for echo in ECHOES), (action, reason)
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_legal_action_is_a_move_of_its_game(variant: str) -> None:
    game, rng = new_game(variant, seed=3), random.Random(3)
    for _ in range(400):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert all(game.is_move(a) for a in legal), legal
        game.apply(rng.choice(legal))


def test_a_real_card_not_held_is_still_named() -> None:
    game = new_game("euchre", seed=1, deal={
        "dealer": 3,
        "hands": [["9S", "TS", "JS", "QS", "KS"], ["9H", "TH", "JH", "QH", "KH"],
                  ["9D", "TD", "JD", "QD", "KD"], ["9C", "TC", "JC", "QC", "KC"]],
        "kitty": ["AS", "AH", "AD", "AC"],
    })
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    assert game.explain_illegal("play:AD") == "You don't hold A♦."
    assert "not a move of Euchre" in game.explain_illegal("play:AX")
