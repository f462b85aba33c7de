"""Hands in the order trump makes them, and what trump makes of a card."""

from __future__ import annotations

import pytest

from bot.engine import card_role, hand_order, new_game, standing_bid

from .helpers import hand


@pytest.mark.parametrize(
    "variant, trump, cards, shown",
    [
        ("euchre", "H", "JD 9H AS JH AD 9C KH", "AS AD 9C 9H KH JD JH"),
        ("euchre", None, "JD 9H AS JH", "9H JH AS JD"),
        ("over_the_rhine", "H", "BJ 9H LJ AS JD", "AS 9H JD LJ BJ"),
        ("over_the_rhine", None, "BJ 9H AS", "AS 9H BJ"),
        ("flip", "S", "BJ JC JC 9S AD LJ", "AD 9S JC JC LJ BJ"),
        ("railroad", "D", "BJ 7D JH AS", "AS 7D JH BJ"),
        ("over_the_top", "Y", "R14 Y5 G10 R5", "R5 R14 G10 Y5"),
    ],
)
def test_hands_group_trump_last_with_bowers_and_trump_jokers(
    variant: str, trump: str | None, cards: str, shown: str
) -> None:
    assert hand_order(hand(cards), variant, trump) == hand(shown)


@pytest.mark.parametrize(
    "variant, trump, card, role",
    [
        ("euchre", "H", "JD", "left bower"),
        ("euchre", "H", "JH", "right bower"),
        ("euchre", "H", "JC", None),
        ("euchre", None, "JD", None),
        ("over_the_rhine", "C", "BJ", "trump"),
        ("over_the_rhine", None, "LJ", "suitless"),
        ("flip", "S", "BJ", "suitless"),
        ("railroad", "S", "BJ", "trump"),
    ],
)
def test_card_roles_under_trump(variant: str, trump: str | None, card: str, role: str) -> None:
    assert card_role(card, variant, trump) == role


def test_the_standing_bid_is_the_high_bid_then_the_contract() -> None:
    game = new_game("cincinnati", 4, seed=2)
    assert standing_bid(game.public_view()) is None
    bidder = game.current_player
    game.apply("bid:moon")
    assert standing_bid(game.public_view()) == ("Moon", bidder)
    top = new_game("over_the_top", 2, seed=4)
    opener = top.current_player
    top.apply("bid:85")
    assert standing_bid(top.public_view()) == ("85", opener)
