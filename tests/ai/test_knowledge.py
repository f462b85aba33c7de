"""Shared evaluation: card counting, voids, bosses and hand strength, from views only."""

from __future__ import annotations

from bot.ai.heuristics import heuristics_for
from bot.ai.knowledge import rank_rules
from bot.ai.strength import estimate_tricks, sweep_losers
from bot.engine import new_game
from bot.engine.cards import french_deck

EUCHRE_DECK = french_deck("9TJQKA")


def cards(text: str) -> list[str]:
    """Compact card notation: ``"JD 9H AS"``."""
    return text.split()


RULES = rank_rules("euchre")


def stacked_euchre():  # type: ignore[no-untyped-def]
    """Seat 0 orders hearts; the dealer (seat 3) discards; play begins."""
    deal = {
        "dealer": 3,
        "kitty": ["QH", "9H", "TH", "KH"],
        "hands": [
            cards("JH JD AH 9C AS"),
            cards("TS KD QD 9D TD"),
            cards("KS QS 9S AC KC"),
            cards("JS JC QC TC AD"),
        ],
    }
    game = new_game("euchre", deal=deal)
    for action in ("order", "partner", "discard:TC"):
        game.apply(action)
    return game


def test_a_seat_that_cannot_follow_shows_a_void() -> None:
    game = stacked_euchre()
    for action in ("play:9C", "play:TD", "play:AC", "play:QC"):
        game.apply(action)  # seat 1 plays a diamond to a club lead: void in clubs
    k = heuristics_for("euchre").knowledge(game.view(2))
    assert "C" in k.voids[1]
    assert not k.voids[3]


def test_unseen_cards_leave_out_own_and_played_cards() -> None:
    game = stacked_euchre()
    game.apply("play:AS")
    k = heuristics_for("euchre").knowledge(game.view(1))
    assert "AS" not in k.unseen and "TS" not in k.unseen
    assert "KS" in k.unseen and sum(k.unseen.values()) == 24 - 5 - 1


def test_boss_cards_follow_what_has_been_played() -> None:
    game = stacked_euchre()
    k = heuristics_for("euchre").knowledge(game.view(0))
    assert k.is_boss("JH")  # the right bower
    assert k.is_boss("AS")  # nothing outranks the ace of spades
    assert k.is_boss("AH")  # both bowers are in this hand
    assert not k.is_boss("9C")
    other = heuristics_for("euchre").knowledge(game.view(1))
    assert not other.is_boss("KD")  # the ace of diamonds is unseen


def test_more_top_trumps_means_more_tricks() -> None:
    weak = estimate_tricks(cards("9H TH 9S TC 9D"), RULES, "H", EUCHRE_DECK)
    good = estimate_tricks(cards("JH AH KH 9S AC"), RULES, "H", EUCHRE_DECK)
    best = estimate_tricks(cards("JH JD AH KH QH"), RULES, "H", EUCHRE_DECK)
    assert weak < good < best
    assert best > 4.5


def test_a_lay_down_hand_has_no_losers() -> None:
    assert sweep_losers(cards("JH JD AH KH QH"), RULES, "H", EUCHRE_DECK) == 0
    assert sweep_losers(cards("JH AH KH 9S AC"), RULES, "H", EUCHRE_DECK) > 0
