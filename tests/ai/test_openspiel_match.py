"""The OpenSpiel match's translation: cards, calls and the deal in OpenSpiel's terms."""

from __future__ import annotations

from bot.ai.openspiel_match import (
    Mirror,
    card_to_bower,
    card_to_openspiel,
    deal_order,
    to_bower,
    to_openspiel,
)
from bot.engine.cards import french_deck


def test_every_card_round_trips_to_openspiel_ids() -> None:
    """The 24 cards map one to one onto OpenSpiel's ids 0-23 (9♣ is 0, A♠ is 23)."""
    deck = french_deck("9TJQKA")
    ids = sorted(card_to_openspiel(c) for c in deck)
    assert ids == list(range(24))
    assert all(card_to_bower(card_to_openspiel(c)) == c for c in deck)
    assert card_to_openspiel("9C") == 0 and card_to_openspiel("AS") == 23


def test_the_deal_is_dealt_to_the_same_seats() -> None:
    """OpenSpiel deals card k to seat (dealer + k) % 4: each seat gets its Bower hand."""
    mirror = Mirror(5)
    dealt = mirror.game.hand_dealt()
    order = deal_order(dealt["dealer"], dealt["hands"], dealt["kitty"][0])
    assert order[0] == dealt["dealer"] and len(order) == 22
    for seat in range(4):
        got = [card_to_bower(a) for k, a in enumerate(order[1:21]) if (dealt["dealer"] + k) % 4
               == seat]
        assert sorted(got) == sorted(dealt["hands"][seat])
    assert card_to_bower(order[21]) == dealt["kitty"][0]


def test_calls_translate_both_ways() -> None:
    """Order up names the turned card's suit; pass, alone and partner keep their ids."""
    game = Mirror(3).game
    for action in game.legal_actions():
        assert to_bower(to_openspiel(action, game), game) == action
    game.apply("order")
    assert sorted(to_openspiel(a, game) for a in game.legal_actions()) == [29, 30]


def test_a_discard_asked_before_the_alone_call_waits_for_it() -> None:
    """OpenSpiel asks the dealer's discard first; the mirror applies it after the call."""
    mirror = Mirror(3)
    game = mirror.game
    while game.current_player != game.dealer:
        mirror.apply("pass")
    mirror.apply("order")  # the dealer orders: alone is asked next, then the discard
    card = game.hands[game.dealer][0]
    mirror.apply(to_bower(card_to_openspiel(card), game))
    assert game.phase == "alone"
    mirror.apply("partner")
    assert game.phase == "play" and card not in game.hands[game.dealer]
