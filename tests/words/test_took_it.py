"""Who took a trick, and with which card when they played two of its cards."""

from __future__ import annotations

from bot.words.cards import took_it

NAMES = ["Alice", "Bob"]
TWO_CARDS = [{"seat": 0, "card": "7C", "area": "hand"}, {"seat": 1, "card": "JH", "area": "hand"},
             {"seat": 0, "card": "9C", "area": "table"}, {"seat": 1, "card": "7D", "area": "table"}]


def test_a_seat_with_one_card_in_the_trick_is_named_alone() -> None:
    plays = [{"seat": 0, "card": "QC"}, {"seat": 1, "card": "JD"}]
    assert took_it(plays, 1, NAMES, "euchre", "H") == "**Bob** took it"


def test_a_seat_with_two_cards_is_named_with_the_card_that_took_it() -> None:
    assert took_it(TWO_CARDS, 1, NAMES, "over_the_rhine", "D") == (
        "**Bob** took it with J♥ (left)")
    assert took_it(TWO_CARDS, 3, NAMES, "over_the_rhine", "D") == "**Bob** took it with 7♦"


def test_an_unknown_card_names_nobody_wrongly() -> None:
    assert took_it(TWO_CARDS, None, NAMES, "over_the_rhine", "D") == "**?** took it"
