"""The shared ranking machinery: bowers, jokers, suitless cards, following, trick winners."""

from __future__ import annotations

import pytest

from bot.engine.ranking import RankRules, ranking

from .helpers import hand

EUCHRE = RankRules(plain_order=tuple("9TJQKA"))
RHINE = RankRules(plain_order=tuple("789TJQKA"), trump_jokers=("LJ", "BJ"),
                  no_trump_losers=("LJ", "BJ"))
RAILROAD = RankRules(plain_order=tuple("789TJQKA"), trump_jokers=("BJ",),
                     no_trump_winners=("BJ",))
FLIP = RankRules(plain_order=tuple("9TJQKA"), suitless_winners=("BJ",), suitless_losers=("LJ",))


@pytest.mark.parametrize(
    ("rules", "trump", "cards", "winner"),
    [
        (EUCHRE, "H", "AH JD 9C KH", 1),  # left bower beats the ace of trump
        (EUCHRE, "H", "JD JH AH KH", 1),  # right beats left
        (EUCHRE, "S", "AH 9S KH QH", 1),  # any trump beats the led suit
        (EUCHRE, "S", "AH KD QC JH", 0),  # off-suit cards never win
        (EUCHRE, None, "JH QH 9D AC", 1),  # no trump: no bowers, Q beats J
        (RHINE, "S", "JS LJ BJ AS", 2),  # big joker tops the little joker and the right bower
        (RHINE, None, "BJ 7C 8C AH", 2),  # no trump: the joker leads nothing and never wins
        (RAILROAD, None, "AS BJ KS QS", 1),  # no trump: the Joker wins any trick
        (RAILROAD, "D", "JD BJ JH AD", 1),  # the Joker is the highest trump
        (FLIP, "H", "JH BJ AH BJ", 1),  # Benny wins; the first Benny of two
        (FLIP, "H", "LJ 9C TC AS", 2),  # Charlie led: the 9C sets the led suit
        (FLIP, "H", "LJ LJ", 0),  # only suitless losers: the first card wins
        (EUCHRE, "C", "AD AD", 0),  # identical cards: the first played wins
    ],
)
def test_trick_winner(rules: RankRules, trump: str | None, cards: str, winner: int) -> None:
    assert ranking(rules, trump).winner(hand(cards)) == winner


def test_left_bower_belongs_to_trump_for_following() -> None:
    r = ranking(EUCHRE, "H")
    assert r.suit["JD"] == "H" and r.is_trump("JD")
    # Diamonds led: the left bower is not a diamond.
    assert r.follow_options(hand("JD 9C"), "D") == hand("JD 9C")
    # Hearts led: the left bower must follow.
    assert r.follow_options(hand("JD 9C AD"), "H") == ["JD"]


def test_suitless_cards_may_always_be_played() -> None:
    r = ranking(FLIP, "S")
    assert r.follow_options(hand("BJ 9H LJ"), "H") == hand("BJ 9H LJ")
    assert r.follow_options(hand("BJ 9D"), "H") == hand("BJ 9D")
    assert r.led_suit(hand("LJ BJ 9C")) == "C"


def test_trump_jokers_must_follow_trump() -> None:
    r = ranking(RHINE, "D")
    assert r.suit["BJ"] == "D" and r.suit["LJ"] == "D"
    assert r.follow_options(hand("BJ 7S"), "D") == ["BJ"]
