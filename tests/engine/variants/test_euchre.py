"""Classic Euchre, from stacked deals."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction, new_game
from tests.engine.helpers import events_of, hand, play, play_hand

# Dealer 3, so seat 0 bids first and leads. Turn-up 9H.
DEAL = {
    "dealer": 3,
    "hands": [
        hand("JH JD AH KH QS"),
        hand("9S TS KS 9C TC"),
        hand("AS AC KC QC JC"),
        hand("9D TD QD KD AD"),
    ],
    "kitty": hand("9H TH QH JS"),
}


def test_round_one_order_dealer_picks_up_and_discards() -> None:
    g = new_game("euchre", 4, seed=1, deal=DEAL)
    assert g.current_player == 0
    assert g.legal_actions() == ["order", "pass"]
    play(g, "order", "partner")
    assert g.trump == "H"
    assert g.phase == "discard" and g.current_player == 3
    assert "9H" in g.view(3)["hand"] and len(g.view(3)["hand"]) == 6
    g.apply("discard:9D")
    assert g.phase == "play" and g.current_player == 0
    assert g.view(3)["hand"].count("9H") == 1 and "9D" not in g.view(3)["hand"]
    assert g.view(0)["turn_up_state"] == "taken"


def test_left_bower_follows_trump_and_beats_ace() -> None:
    g = new_game("euchre", 4, seed=1, deal=DEAL)
    play(g, "order partner discard:9D", "play:AH")
    # Seat 1 holds no hearts (the left bower JD is with seat 0), so anything goes.
    assert len(g.legal_actions()) == 5
    play(g, "play:9S", "play:AS")
    # The dealer must follow hearts with the 9H picked up.
    assert g.legal_actions() == ["play:9H"]
    g.apply("play:9H")
    assert events_of(g, "trick")[-1]["winner"] == 0
    play(g, "play:JD")  # left bower led: it is a heart
    assert g.led_suit() == "H"


def test_must_follow_message_and_game_unchanged() -> None:
    g = new_game("euchre", 4, seed=1, deal=DEAL)
    play(g, "order partner discard:9D", "play:QS")
    before = g.to_json()
    with pytest.raises(IllegalAction, match="You must follow spades: you hold the 9♠"):
        g.apply("play:9C")
    with pytest.raises(IllegalAction, match="You don't hold A♦"):
        g.apply("play:AD")
    assert g.to_json() == before


def test_round_two_cannot_name_turned_down_suit_and_dealer_is_stuck() -> None:
    g = new_game("euchre", 4, seed=1, deal=DEAL)
    play(g, "pass pass pass pass")
    assert g.phase == "round2" and g.view(0)["turn_up_state"] == "down"
    assert "trump:H" not in g.legal_actions() and "pass" in g.legal_actions()
    play(g, "pass pass pass")
    assert g.current_player == 3
    assert g.legal_actions() == ["trump:S", "trump:D", "trump:C"]
    g.apply("trump:D")
    assert g.trump == "D" and g.maker == 3


def test_without_stick_the_dealer_all_passing_is_a_misdeal() -> None:
    g = new_game("euchre", 4, seed=1, options={"stick_dealer": False}, deal=DEAL)
    play(g, "pass " * 8)
    assert events_of(g, "misdeal")
    assert g.hand_number == 2 and g.dealer == 0 and g.current_player == 1


def test_alone_partner_sits_out_and_sweep_scores_four() -> None:
    g = new_game("euchre", 4, seed=1, deal=DEAL)
    play(g, "order alone discard:9D")
    assert g.view(0)["active"] == [True, True, False, True]
    # Seat 0 holds JH JD AH KH QS: the right, left, ace and king of trump win four tricks.
    for lead in ("JH", "JD", "AH", "KH", "QS"):
        g.apply(f"play:{lead}")
        while g.current_player not in (0, None) and g.hand_number == 1:
            g.apply(g.legal_actions()[0])
    scored = events_of(g, "hand_scored")[0]
    assert scored["alone"] is True
    assert scored["tricks"] == [5, 0] and scored["points"] == [4, 0]


@pytest.mark.parametrize(
    ("maker_tricks", "alone", "points"),
    [(3, False, [1, 0]), (4, False, [1, 0]), (5, False, [2, 0]), (5, True, [4, 0]),
     (4, True, [1, 0]), (2, False, [0, 2]), (0, True, [0, 2])],
)
def test_scoring_table(maker_tricks: int, alone: bool, points: list[int]) -> None:
    g = new_game("euchre", 4, seed=1, deal=DEAL)
    g.maker = 0
    g.active = [True, True, not alone, True]
    g.tricks_won = [maker_tricks, 5 - maker_tricks, 0, 0]
    g._score_hand()
    assert events_of(g, "hand_scored")[0]["points"] == points


def test_game_ends_at_target_and_tie_goes_to_the_makers() -> None:
    g = new_game("euchre", 4, seed=1, deal={**DEAL, "scores": [9, 9]})
    g.maker = 1
    g.tricks_won = [2, 3, 0, 0]
    g._score_hand()  # makers (side 1) take 3: 1 point, 10 to 9
    assert g.is_over and g.winner == 1 and g.current_player is None
    assert events_of(g, "game_over")[0]["winner"] == 1


def test_views_hide_other_hands_and_the_kitty() -> None:
    g = new_game("euchre", 4, seed=1, deal=DEAL)
    view = g.view(1)
    text = repr(view)
    for card in DEAL["hands"][0] + DEAL["kitty"][1:]:
        assert f"'{card}'" not in text
    assert view["turn_up"] == "9H"
    assert view["hand"] == hand("9S TS KS 9C TC")


def test_views_keep_the_last_hand_until_the_next_is_played() -> None:
    g = new_game("euchre", 4, seed=1, deal=DEAL)
    assert g.view(0)["previous_hand"] is None
    play(g, "order partner discard:9D")
    played = play_hand(g)
    view = g.public_view()
    record = view["previous_hand"]
    last = [t for t in events_of(g, "trick")][-1]
    assert record["hand_number"] == 1 and view["hand_number"] == 2
    assert record["last_trick"] == {"cards": last["cards"], "winner": last["winner"]}
    assert sum(record["tricks_won"]) == 5
    assert record["points"] == played["points"] and record["scores"] == played["scores"]
    assert view["last_trick"] is None  # the new hand has no trick yet: the record stands in
