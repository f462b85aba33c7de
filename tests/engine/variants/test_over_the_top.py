"""Over the Top, from stacked deals: bidding, the nest, batteries, count scoring, game end."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.engine import IllegalAction, load_game, new_game
from bot.engine.ranking import ranking
from bot.engine.variants.over_the_top import COUNT, DECK, OverTheTop
from tests.engine.area_helpers import check_sample, play_first_legal, random_states, stacked
from tests.engine.helpers import events_of, hand, play, strings

# Dealer 1 opens the bidding. Seat 1's hand holds no green.
DEAL: dict[str, Any] = {
    "dealer": 1,
    "hands": [hand("R14 G14 G13 R4 Y14 Y6 G7 G8 B9 B4"),
              hand("R11 R9 Y13 Y12 Y4 R13 R12 B14 B13 B6")],
    "battery_up": [hand("R10 Y7 G5 B7 Y9"), hand("R5 Y10 G12 B12 Y11")],
    "battery_down": [hand("R8 Y8 G6 B8 G9"), hand("R6 G11 B11 B10 G10")],
    "nest": hand("R7 Y5 G4 B5"),
}
# Seat 0 wins at 70, discards, names red; seat 1 leads.
TO_PLAY = "bid:60 bid:70 pass discard:R4 discard:Y6 discard:G4 discard:B4 trump:R"


def game(**extra: Any) -> OverTheTop:
    g = new_game("over_the_top", seed=3, deal={**DEAL, **extra})
    assert isinstance(g, OverTheTop)
    return g


# ----- bidding -------------------------------------------------------------------------------
def test_dealer_must_open_between_50_and_100() -> None:
    g = game()
    assert g.phase == "bid" and g.current_player == 1
    assert g.legal_actions() == [f"bid:{v}" for v in range(50, 101, 5)]
    with pytest.raises(IllegalAction, match="The dealer must open the bidding"):
        g.apply("pass")
    with pytest.raises(IllegalAction, match="Bids are 50 to 100, in steps of 5"):
        g.apply("bid:45")


def test_raises_by_five_or_more_and_the_first_pass_ends_it() -> None:
    g = game()
    g.apply("bid:60")
    assert g.current_player == 0
    assert g.legal_actions() == [f"bid:{v}" for v in range(65, 101, 5)] + ["pass"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="You must bid at least 65, or pass"):
        g.apply("bid:60")
    with pytest.raises(IllegalAction, match="steps of 5"):
        g.apply("bid:62")
    assert g.to_json() == before
    play(g, "bid:70 pass")
    assert g.maker == 0 and g.bid == 70 and g.phase == "discard" and g.current_player == 0
    assert len(g.hands[0]) == 14 and set(DEAL["nest"]) <= set(g.hands[0])
    assert g.view(1)["bidding"] == [{"seat": 1, "action": "bid:60"},
                                    {"seat": 0, "action": "bid:70"},
                                    {"seat": 1, "action": "pass"}]
    assert events_of(g, "nest") == [{"type": "nest", "seat": 0, "bid": 70}]


def test_the_opening_bid_wins_if_the_other_passes_and_100_ends_raising() -> None:
    g = game()
    play(g, "bid:50 pass")
    assert g.maker == 1 and g.bid == 50 and g.current_player == 1
    g = game()
    play(g, "bid:95 bid:100")
    assert g.legal_actions() == ["pass"]


# ----- the nest and discards ------------------------------------------------------------------
def test_count_cards_may_not_be_discarded_while_a_plain_card_is_held() -> None:
    g = game()
    play(g, "bid:60 bid:70 pass")
    plain = {c for c in g.hands[0] if not COUNT[c]}
    assert {a[8:] for a in g.legal_actions()} == plain
    with pytest.raises(IllegalAction, match="You may not discard a count card while you hold "
                                            "a non-count card such as the 🟥 Red 4"):
        g.apply("discard:R14")
    with pytest.raises(IllegalAction, match="only cards from your hand"):
        g.apply("discard:R11")


def test_all_count_hand_may_discard_count_once_the_plain_cards_are_gone() -> None:
    strong = hand("R14 R10 R5 Y14 Y10 Y5 G14 G10 G5 B14")
    nest = hand("R4 Y4 B5 B10")
    rest = stacked(DECK, strong + nest, [])
    g = game(hands=[strong, rest[:10]], battery_up=[rest[10:15], rest[15:20]],
             battery_down=[rest[20:25], rest[25:30]], nest=nest)
    play(g, "bid:50 bid:55 pass")
    assert sorted(g.legal_actions()) == ["discard:R4", "discard:Y4"]
    play(g, "discard:R4 discard:Y4")
    assert len(g.legal_actions()) == 12
    play(g, "discard:B5 discard:R5")
    assert g.phase == "trump" and g.legal_actions() == ["trump:R", "trump:Y", "trump:G", "trump:B"]


def test_discards_are_seen_only_by_the_bid_winner() -> None:
    g = game()
    play(g, TO_PLAY)
    assert g.view(0)["discards"] == hand("R4 Y6 G4 B4")
    assert g.view(1)["discards"] == [] and g.view(1)["discard_count"] == 4
    assert not set(strings(g.view(1))) & set(hand("R4 Y6 G4 B4"))
    assert all("card" not in e for e in events_of(g, "discard"))
    assert g.trump == "R" and events_of(g, "trump")[-1]["seat"] == 0


# ----- play ---------------------------------------------------------------------------------
def test_non_bidder_leads_from_hand_and_areas_alternate() -> None:
    g = game()
    play(g, TO_PLAY)
    assert g.phase == "play" and g.current_player == 1
    assert g.view(1)["must_play_from"] == "hand"
    assert {a[5:] for a in g.legal_actions()} == set(DEAL["hands"][1])
    with pytest.raises(IllegalAction, match="You must lead from your hand: the first trick is "
                                            "led from hand"):
        g.apply("play:Y10")
    with pytest.raises(IllegalAction, match="face-down cards cannot be played"):
        g.apply("play:G11")
    g.apply("play:Y13")
    assert g.current_player == 0 and set(g.legal_actions()) == {"play:Y14", "play:Y5"}
    with pytest.raises(IllegalAction, match="You must follow yellow: you hold the 🟨 Yellow 5"):
        g.apply("play:G8")
    with pytest.raises(IllegalAction, match="You must play from your hand now"):
        g.apply("play:Y9")
    g.apply("play:Y5")
    assert g.current_player == 1 and g.view(1)["must_play_from"] == "battery"
    assert set(g.legal_actions()) == {"play:Y10", "play:Y11"}
    with pytest.raises(IllegalAction, match="You must follow yellow: your battery has the "
                                            "🟨 Yellow 10"):
        g.apply("play:G12")
    g.apply("play:Y10")
    # The uncovered card stays face down until the trick ends.
    assert g.view(0)["tables"][1]["columns"][1] == {"up": None, "down": 1}
    assert "G11" not in set(strings(g.view(1)))
    assert set(g.legal_actions()) == {"play:Y7", "play:Y9"}
    g.apply("play:Y9")
    trick = events_of(g, "trick")[-1]
    assert trick["winner"] == 1 and trick["area"] == "hand"
    assert g.view(0)["points_taken"] == [0, 15]
    assert g.view(0)["tables"][1]["columns"][1] == {"up": "G11", "down": 0}
    assert g.view(1)["tables"][0]["columns"][4] == {"up": "G9", "down": 0}
    assert [(e["seat"], e["card"]) for e in events_of(g, "reveal")] == [(1, "G11"), (0, "G9")]
    assert g.current_player == 1
    with pytest.raises(IllegalAction, match="won by a card from your hand"):
        g.apply("play:G11")


def test_only_top_cards_play_and_battery_wins_lead_from_battery() -> None:
    g = game()
    play(g, TO_PLAY, "play:Y4 play:Y14 play:Y11 play:Y7")
    trick = events_of(g, "trick")[-1]
    assert trick["winner"] == 0 and trick["area"] == "hand"
    play(g, "play:G7")
    g.apply("play:B6")                           # seat 1's hand has no green
    assert g.legal_actions() == ["play:G5"]      # Y8 turned up where Y7 was; G5 must follow
    g.apply("play:G5")
    assert set(g.legal_actions()) == {"play:G12", "play:G10"}
    g.apply("play:G12")
    trick = events_of(g, "trick")[-1]
    assert trick["winner"] == 1 and trick["area"] == "battery"
    assert g.current_player == 1 and g.view(1)["must_play_from"] == "battery"
    assert {a[5:] for a in g.legal_actions()} == set(hand("R5 Y10 B11 B12 G10"))
    with pytest.raises(IllegalAction, match="won by a card from your battery"):
        g.apply("play:R11")


@pytest.mark.parametrize(("trump", "cards", "winner"), [
    ("R", "Y13 Y14 R4 Y5", 2),
    ("R", "Y13 Y12 G14 B14", 0),
    ("G", "R10 R14 R5 R11", 1),
    ("B", "B4 B14 R14 B13", 1),
])
def test_rook_ranking(trump: str, cards: str, winner: int) -> None:
    assert ranking(OverTheTop.rank_rules, trump).winner(hand(cards)) == winner


# ----- scoring and game end -----------------------------------------------------------------
@pytest.mark.parametrize(("maker", "bid", "taken", "points", "made"), [
    (0, 70, [70, 30], [70, 30], True),
    (0, 70, [85, 15], [85, 15], True),
    (0, 70, [65, 35], [0, 70], False),
    (1, 50, [40, 60], [40, 60], True),
    (1, 80, [50, 35], [100, 0], False),
])
def test_count_scoring(maker: int, bid: int, taken: list[int], points: list[int],
                       made: bool) -> None:
    g = game()
    g.maker, g.bid, g.points_taken = maker, bid, taken
    g._score_hand()
    scored = events_of(g, "hand_scored")[-1]
    assert scored["points"] == points and scored["made"] == made and g.scores == points


@pytest.mark.parametrize(("scores", "maker", "bid", "taken", "winner"), [
    ([150, 190], 0, 50, [60, 20], 0),     # 210 each: the bid winner takes the tie
    ([190, 150], 1, 50, [20, 60], 1),     # 210 each the other way round
    ([150, 190], 0, 50, [55, 25], 1),     # both over: the higher score wins
    ([190, 150], 0, 80, [70, 30], 1),     # a failed bid: 190 against 210
    ([100, 100], 0, 50, [60, 40], None),  # nobody there yet
])
def test_game_end(scores: list[int], maker: int, bid: int, taken: list[int],
                  winner: int | None) -> None:
    g = game(scores=scores)
    g.maker, g.bid, g.points_taken = maker, bid, taken
    g._score_hand()
    assert g.winner == winner and g.is_over == (winner is not None)
    if winner is None:
        assert g.hand_number == 2 and g.dealer == 0 and g.current_player == 0


def test_a_whole_hand_counts_every_point_not_discarded() -> None:
    g = game()
    play(g, TO_PLAY)
    play_first_legal(g)
    scored = events_of(g, "hand_scored")[-1]
    discarded = sum(COUNT[c] for c in hand("R4 Y6 G4 B4"))
    assert sum(scored["points_taken"]) == 100 - discarded
    assert sum(scored["tricks"]) == 10
    made = scored["points_taken"][0] >= 70
    assert scored["made"] == made
    expected = scored["points_taken"] if made else [0, 2 * scored["points_taken"][1]]
    assert scored["points"] == expected


# ----- privacy and sampling -----------------------------------------------------------------
def hidden_from(g: OverTheTop, seat: int) -> set[str]:
    hidden = {c for s in (0, 1) for c in g.under[s] if c is not None}
    hidden |= set(g.hands[1 - seat]) | set(g.nest)
    if seat != g.maker:
        hidden |= set(g.discards)
    return hidden


def test_views_never_show_face_down_cards_the_nest_or_the_other_hand() -> None:
    for state in random_states("over_the_top", 15, every=1):
        assert isinstance(state, OverTheTop)
        for seat in (0, 1):
            view = state.view(seat)
            view.pop("previous_hand")  # cards of the hand before, now dealt anew
            assert not set(strings(view)) & hidden_from(state, seat)


def test_sample_from_view_keeps_the_view_and_plays_on() -> None:
    rng = random.Random(2)
    for state in random_states("over_the_top", 12, every=7):
        check_sample(state, rng.randrange(2), rng)


def test_sampled_hidden_cards_vary_and_respect_hand_voids() -> None:
    g = game()
    play(g, "bid:50 pass discard:G4 discard:Y4 discard:B6 discard:R7 trump:R", "play:G7")
    g.apply("play:R9")                           # seat 1 shows it has no green in hand
    view = g.view(0)
    hands, unders = set(), set()
    for seed in range(30):
        s = OverTheTop.sample_from_view(view, random.Random(seed))
        assert not [c for c in s.hands[1] if c[0] == "G"]
        assert len(s.discards) == 4 and not set(s.discards) & set(s.hands[1])
        hands.add(tuple(s.hands[1]))
        unders.add(tuple(s.under[0]))
    assert len(hands) > 5 and len(unders) > 5


def test_a_shuffled_deal_has_the_ruled_shape_and_round_trips() -> None:
    assert len(DECK) == 44 and sum(COUNT.values()) == 100
    g = new_game("over_the_top", seed=8)
    assert isinstance(g, OverTheTop)
    assert [len(h) for h in g.hands] == [10, 10] and len(g.nest) == 4
    assert [len(c) for c in g.cover + g.under] == [5, 5, 5, 5]
    cards = sum(g.hands, []) + g.nest + [c for col in g.cover + g.under for c in col if c]
    assert sorted(cards) == sorted(DECK)
    rng = random.Random(4)
    for _ in range(20):
        g.apply(rng.choice(g.legal_actions()))
    again = load_game(json.loads(json.dumps(g.to_json())))
    assert again.to_json() == g.to_json() and again.view(1) == g.view(1)
