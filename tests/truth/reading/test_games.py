"""Reading the game a member waits for or a tournament plays out of Bower's words."""

from tests.truth.reading.games import Game, differences, queued_game, tournament_game


def test_the_queues_words_are_read_into_variant_seats_and_options() -> None:
    said = queued_game("Flip Euchre · 6 players · game to 23 · Zilch: no bids, fewest "
                       "tricks wins · 50-card deck (one of each joker)")
    assert said == Game("flip", 6, {"target": 23, "zilch": True, "deck": 50})
    assert queued_game("Euchre · 4 players · game to 10 · No stick-the-dealer: if all "
                       "pass, the cards are dealt again") == Game(
        "euchre", 4, {"target": 10, "stick_dealer": False})
    assert queued_game("Euchre · 4 players · Points needed: 15") is None
    assert queued_game("Skat · 3 players") is None


def test_a_tournaments_game_words_are_read() -> None:
    assert tournament_game("Flip Euchre, 4 players a table (deck=50, zilch=yes)") == Game(
        "flip", 4, {"deck": 50, "zilch": True})
    assert tournament_game("Railroad Euchre, 4 players a table") == Game("railroad", 4, {})


def test_an_option_left_unsaid_must_be_at_its_default() -> None:
    said = Game("flip", 4, {"target": 22})
    assert differences(said, "flip", 4, {"target": 22, "deck": 52}) == []
    assert differences(said, "flip", 4, {"target": 22, "deck": 50}) == ["deck is 50"]
    assert differences(said, "euchre", 5, {}) == [
        "the game is Euchre", "5 players", "target is 10"]
