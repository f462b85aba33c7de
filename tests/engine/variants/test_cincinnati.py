"""Cincinnati Euchre, from stacked deals."""

from __future__ import annotations

import random

import pytest

from bot.engine import Game, IllegalAction, new_game
from bot.engine.bench import random_action
from bot.engine.variants.cincinnati import Cincinnati
from tests.engine.helpers import check_sample_plays_on, events_of, hand, play, play_hand, strings

# Dealer 3: seat 0 bids first and leads. Seat 0 holds the six highest spades with spades
# trump (both bowers), so whoever names spades, seat 0 takes every trick.
TOP = {
    "dealer": 3,
    "hands": [
        hand("JS JC AS KS QS TS"),
        hand("9S AH KH QH AD KD"),
        hand("JH TH 9H QD TD 9D"),
        hand("AC KC QC TC 9C JD"),
    ],
}

# Spades trump, seat 0 bids 4: the script below gives seat 0's side 4 tricks, seat 1's 2.
SPLIT = {
    "dealer": 3,
    "hands": [
        hand("JS JC AS KS 9H 9D"),
        hand("AH KH QH AD KD QD"),
        hand("QS TS 9S AC KC QC"),
        hand("JH TH JD TD TC 9C"),
    ],
}
SPLIT_PLAY = (
    "play:JS play:QD play:9S play:9C "
    "play:JC play:QH play:TS play:TC "
    "play:AS play:KD play:QS play:TD "
    "play:KS play:KH play:AC play:JD "
    "play:9H play:AH play:KC play:JH "
    "play:AD play:QC play:TH play:9D"
)


# ----- bidding -----------------------------------------------------------------------------
def test_bidding_starts_left_of_dealer_and_must_go_higher() -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    assert g.current_player == 0 and g.phase == "bid"
    assert g.legal_actions() == [
        "bid:3",
        "bid:4",
        "bid:5",
        "bid:moon",
        "bid:double_moon",
        "bid:triple_moon",
        "bid:quadruple_moon",
        "pass",
    ]
    g.apply("bid:4")
    assert g.current_player == 1
    assert g.legal_actions()[0] == "bid:5" and "bid:4" not in g.legal_actions()
    before = g.to_json()
    for low in ("bid:3", "bid:4"):
        with pytest.raises(IllegalAction, match="Bid higher than 4 or pass"):
            g.apply(low)
    with pytest.raises(IllegalAction, match="Bids are 3, 4, 5, Moon"):
        g.apply("bid:7")
    assert g.to_json() == before
    play(g, "bid:moon")
    with pytest.raises(IllegalAction, match="Bid higher than Moon or pass"):
        g.apply("bid:5")
    play(g, "pass pass")
    assert g.phase == "trump" and g.current_player == 1 and g.maker == 1
    assert events_of(g, "bid_won")[-1] == {"type": "bid_won", "seat": 1, "bid": "moon"}
    assert [b["action"] for b in g.view(2)["bidding"]] == ["bid:4", "bid:moon", "pass", "pass"]


def test_dealer_is_stuck_with_at_least_three_when_all_others_pass() -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    play(g, "pass pass pass")
    assert g.current_player == 3
    assert "pass" not in g.legal_actions() and g.legal_actions()[0] == "bid:3"
    before = g.to_json()
    with pytest.raises(IllegalAction, match="the dealer is stuck and must bid 3 or more"):
        g.apply("pass")
    assert g.to_json() == before
    g.apply("bid:3")
    assert g.phase == "trump" and g.maker == 3 and g.view(0)["high_bid"] == "3"


def test_quadruple_moon_ends_the_bidding_at_once() -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    play(g, "pass bid:quadruple_moon")
    assert g.phase == "trump" and g.current_player == 1


def test_trump_choices_and_message() -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    play(g, "bid:3 pass pass pass")
    assert g.legal_actions() == ["trump:S", "trump:H", "trump:D", "trump:C", "trump:N"]
    with pytest.raises(IllegalAction, match="Name a trump suit .* or no trump"):
        g.apply("trump:R")


# ----- trump and no trump ------------------------------------------------------------------
def test_left_bower_is_trump_when_a_suit_is_named() -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    play(g, "bid:3 pass pass pass trump:S", "play:JC")
    assert g.led_suit() == "S"
    assert g.legal_actions() == ["play:9S"]  # seat 1 must follow spades


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("TH JH QH AD", 2),  # no bowers: the jack ranks between 10 and queen
        ("JH 9H TH JD", 0),  # the red jacks stay in their own suits
        ("KD AD JD AH", 1),  # aces high; off-suit cards never win
    ],
)
def test_no_trump_ranks_plain_suits_without_bowers(cards: str, winner: int) -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    play(g, "bid:3 pass pass pass trump:N")
    assert g.trump is None and g.view(0)["trump_call"] == "N"
    assert g.ranking.winner(hand(cards)) == winner
    trump = events_of(g, "trump")[-1]
    assert trump["no_trump"] is True and trump["trump"] is None


def test_without_trump_the_jack_of_clubs_is_just_a_club() -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    play(g, "bid:3 pass pass pass trump:N", "play:JC")
    assert g.led_suit() == "C"
    assert len(g.legal_actions()) == 6  # seat 1's 9S need not follow: no bowers
    play(g, "play:9S play:TH")
    assert g.legal_actions() == ["play:9C", "play:TC", "play:QC", "play:KC", "play:AC"]
    g.apply("play:AC")
    assert events_of(g, "trick")[-1]["winner"] == 3


# ----- moons -------------------------------------------------------------------------------
def test_moon_partner_sits_out_and_next_player_leads() -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    play(g, "pass pass bid:moon pass trump:H")
    assert g.view(1)["active"] == [False, True, True, True]
    assert events_of(g, "alone") == [{"type": "alone", "seat": 2}]
    assert g.current_player == 1  # seat 0, left of the dealer, sits out
    assert g.trick_size == 3
    for seat in (1, 2, 3):
        assert not set(hand("JS JC AS KS QS TS")) & set(strings(g.view(seat)))


# ----- scoring -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("bids", "points", "made"),
    [
        ("bid:3 pass pass pass", [6, 0], True),
        ("bid:5 pass pass pass", [6, 0], True),
        ("bid:moon pass pass pass", [12, 0], True),
        ("bid:double_moon pass pass pass", [24, 0], True),
        ("bid:triple_moon pass pass pass", [32, 0], True),
        ("bid:quadruple_moon", [48, 0], True),
        ("pass bid:3 pass pass", [6, -3], False),
        ("pass bid:4 pass pass", [6, -4], False),
        ("pass bid:5 pass pass", [6, -5], False),
        ("pass bid:moon pass pass", [6, -12], False),
        ("pass bid:double_moon pass pass", [6, -24], False),
        ("pass bid:triple_moon pass pass", [6, -32], False),
        ("pass bid:quadruple_moon", [6, -48], False),
    ],
)
def test_score_table(bids: str, points: list[int], made: bool) -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    play(g, bids, "trump:S")
    scored = play_hand(g)
    assert scored["points"] == points and g.scores == points
    assert scored["made"] is made
    assert scored["euchred"] == (None if made else 1)


def test_made_bid_scores_tricks_taken_and_defenders_score_theirs() -> None:
    g = new_game("cincinnati", seed=1, deal=SPLIT)
    play(g, "bid:4 pass pass pass trump:S", SPLIT_PLAY)
    scored = events_of(g, "hand_scored")[-1]
    assert scored["tricks"] == [4, 2] and scored["points"] == [4, 2]
    assert [t["winner"] for t in g.events if t["type"] == "trick"] == [0, 0, 0, 0, 1, 1]


def test_failed_bid_goes_negative() -> None:
    g = new_game("cincinnati", seed=1, deal=SPLIT)
    play(g, "bid:5 pass pass pass trump:S", SPLIT_PLAY)
    assert g.scores == [-5, 2]


# ----- game end ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("start", "final", "winner"),
    [
        ([28, 20], [32, 22], 0),
        ([20, 30], [24, 32], 1),  # the defenders can win on their tricks
        ([29, 31], [33, 33], 0),  # tied over the target: the bidders win
        ([29, 32], [33, 34], 1),  # both over: the higher score wins
    ],
)
def test_game_end_and_ties(start: list[int], final: list[int], winner: int) -> None:
    g = new_game("cincinnati", seed=1, deal={**SPLIT, "scores": start})
    play(g, "bid:4 pass pass pass trump:S", SPLIT_PLAY)
    assert g.scores == final and g.is_over and g.winner == winner
    assert g.current_player is None and g.legal_actions() == []
    assert events_of(g, "game_over")[-1]["winner"] == winner


def test_target_option() -> None:
    g = new_game("cincinnati", seed=1, options={"target": 4}, deal=SPLIT)
    play(g, "bid:4 pass pass pass trump:S", SPLIT_PLAY)
    assert g.is_over and g.winner == 0


def test_next_hand_deals_six_each_from_the_next_dealer() -> None:
    g = new_game("cincinnati", seed=1, deal=SPLIT)
    play(g, "bid:4 pass pass pass trump:S", SPLIT_PLAY)
    assert g.hand_number == 2 and g.dealer == 0 and g.current_player == 1
    assert [len(g.view(s)["hand"]) for s in range(4)] == [6, 6, 6, 6]
    assert len({c for s in range(4) for c in g.view(s)["hand"]}) == 24


# ----- views and sampling ------------------------------------------------------------------
def test_views_hide_other_hands() -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    play(g, "bid:3 pass pass pass trump:S play:JS")
    for seat in range(4):
        shown = set(strings(g.view(seat)))
        for other in range(4):
            if other != seat:
                assert not set(g.hands[other]) & shown


def random_states(count: int) -> list[tuple[Game, int]]:
    """(game, seat) at random points of random games."""
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        g = new_game("cincinnati", seed=seed)
        for _ in range(rng.randrange(1, 60)):
            if g.is_over:
                break
            g.apply(random_action(g, rng))
        states.append((g, rng.randrange(4)))
    return states


def test_sample_from_view_matches_the_view_and_plays_on() -> None:
    for g, seat in random_states(60):
        check_sample_plays_on(g, seat)


def test_sample_from_view_varies_hidden_cards_and_keeps_voids() -> None:
    g = new_game("cincinnati", seed=1, deal=TOP)
    # Seat 2 shows it has no spades on the first trick.
    play(g, "bid:3 pass pass pass trump:S play:JS play:9S play:JH")
    view = g.view(1)
    hands = set()
    for n in range(40):
        sampled = Cincinnati.sample_from_view(view, random.Random(n))
        assert sampled.view(1) == view
        assert not [c for c in sampled.hands[2] if sampled.ranking.suit[c] == "S"]
        hands.add(tuple(sampled.hands[0]))
    assert len(hands) > 5
