"""Reading cards and suits out of Bower's words."""

from tests.truth.reading.cards import card_ids, suit_named


def test_french_cards_jokers_and_rook_cards_are_read_as_engine_ids() -> None:
    text = "alice 10♠, Bolt J♦ (left bower), Cog Little Joker, Dex Joker (trump), 🟩 Green 11"
    assert card_ids(text) == ["TS", "JD", "LJ", "BJ", "G11"]
    assert card_ids("Benny and Charlie") == ["BJ", "LJ"]


def test_suits_are_read_from_their_names() -> None:
    assert suit_named("trump ♦ diamonds") == "D"
    assert suit_named("trump no trump") is None
    assert suit_named("trump 🟥 red") == "R"
    assert suit_named("dealer alice") is False
