"""Card helpers: shuffling and hand order. A game's seed must always deal the same cards,
since a saved game is rebuilt by replaying its moves on a fresh deal from that seed."""

from __future__ import annotations

import random

import pytest

from bot.engine import new_game
from bot.engine.cards import shuffle, sort_hand


@pytest.mark.parametrize("size", [2, 24, 33, 44, 54])
def test_shuffle_matches_the_standard_library(size: int) -> None:
    for seed in range(200):
        expected, cards = [str(n) for n in range(size)], [str(n) for n in range(size)]
        random.Random(seed).shuffle(expected)
        shuffle(cards, random.Random(seed))
        assert cards == expected


# The first two hands dealt from seed 1: if these change, saved games no longer resume.
FIRST_DEALS = [
    ("over_the_rhine", 2, "TS QH TC TD QD", "8H KH AH AC KD"),
    ("cincinnati", 4, "TS KS 9H TH AH JC", "9S JS KH QC AC AD"),
    ("over_the_top", 2, "Y9 Y10 Y12 Y13 G7 G12 B4 B8 B9 B14",
     "R5 R8 R10 Y4 Y8 G5 G6 G8 G13 B12"),
    ("flip", 4, "9H JH 9C KC KD AD AD JS AS LJ", "KH AH AH JC AC 9D QD QD JS LJ"),
    ("flip", 5, "JS KC KD AD 9H JH LJ", "AS 9C JC QD AD AH AH"),
    ("railroad", 6, "QH 7C AC TD AD", "TS AS 7H AH TC"),
    ("euchre", 4, "TH JH 9C JC 9D", "KH AH QC AC KD"),
]


@pytest.mark.parametrize(("variant", "players", "seat0", "seat1"), FIRST_DEALS)
def test_a_seed_always_deals_the_same_hands(
    variant: str, players: int, seat0: str, seat1: str
) -> None:
    game = new_game(variant, players, seed=1)
    assert " ".join(game.view(0)["hand"]) == seat0
    assert " ".join(game.view(1)["hand"]) == seat1


def test_hands_are_shown_by_suit_with_trump_last_and_jokers_at_the_end() -> None:
    hand = ["AD", "LJ", "9S", "JH", "BJ", "TS", "9D"]
    assert sort_hand(hand) == ["9S", "TS", "JH", "9D", "AD", "LJ", "BJ"]
    assert sort_hand(hand, "S") == ["JH", "9D", "AD", "9S", "TS", "LJ", "BJ"]
