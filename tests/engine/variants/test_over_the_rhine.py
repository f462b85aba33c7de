"""Over the Rhine, from stacked deals: ordering, areas, following, tables, shooting, scoring."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.engine import IllegalAction, load_game, new_game
from bot.engine.variants.over_the_rhine import DECK, OverTheRhine
from tests.engine.area_helpers import (
    as_area,
    check_sample,
    play_first_legal,
    random_states,
    stacked,
)
from tests.engine.helpers import events_of, hand, play, strings

HANDS = [hand("JH AH 9S TC 7D"), hand("AS KH 7S 9C JD")]
UP = [hand("KS QD"), hand("TS QH")]
DOWN = [hand("7C 8C QC"), hand("9D TD KD")]


def deal(chaff_top: str = "9H", hands: list[list[str]] = HANDS, up: list[list[str]] = UP,
         down: list[list[str]] = DOWN, **extra: Any) -> dict[str, Any]:
    """A stacked deal, dealer 1 (seat 0 orders first and leads); chaff from ``chaff_top``."""
    used = [c for group in (hands, up, down) for cards in group for c in cards]
    chaff = stacked(DECK, used, hand(chaff_top))
    assert len(chaff) == 14
    return {"dealer": 1, "hands": hands, "table_up": up, "table_down": down, "chaff": chaff,
            **extra}


def game(chaff_top: str = "9H", **kw: Any) -> OverTheRhine:
    g = new_game("over_the_rhine", seed=5, deal=deal(chaff_top, **kw))
    assert isinstance(g, OverTheRhine)
    return g


# Seat 0 holds every heart (trump when ordered); seat 1 none.
STRONG = dict(hands=[hand("BJ LJ JH JD AH"), hand("AS KS QS JS TS")],
              up=[hand("KH QH"), hand("AC KC")], down=[hand("TH 9H 8H"), hand("QC JC TC")])


# ----- ordering ------------------------------------------------------------------------------
def test_non_dealer_orders_first_then_shoot_choice_then_non_dealer_leads() -> None:
    g = game()
    assert g.phase == "order" and g.current_player == 0
    assert g.legal_actions() == ["order", "pass"]
    g.apply("order")
    assert g.maker == 0 and g.trump == "H" and g.phase == "shoot"
    assert g.legal_actions() == ["shoot", "no_shoot"]
    g.apply("no_shoot")
    assert g.phase == "play" and g.current_player == 0
    assert set(g.legal_actions()) == {"play:" + c for c in HANDS[0] + UP[0]}
    view = g.view(1)
    assert view["chaff"] == ["9H"] and view["chaff_hidden"] == 13
    assert view["bidding"] == [{"seat": 0, "action": "order"}, {"seat": 0, "action": "no_shoot"}]


def test_dealer_may_order_after_a_pass_and_non_dealer_still_leads() -> None:
    g = game()
    play(g, "pass order")
    assert g.maker == 1 and g.trump == "H" and g.current_player == 1
    g.apply("no_shoot")
    assert g.current_player == 0


@pytest.mark.parametrize(("chaff_top", "trump", "turned"), [
    ("8S JS 8H", "H", ["8S", "JS", "8H"]),         # spades turned down, then hearts
    ("9H TH 7H QS", "S", ["9H", "TH", "7H", "QS"]),
    ("9H JD", "D", ["9H", "JD"]),                  # a natural diamond, not a bower
    ("9H TH LJ", None, ["9H", "TH", "LJ"]),        # a joker: no trump
])
def test_both_pass_turns_chaff_until_a_new_suit_or_joker(
        chaff_top: str, trump: str | None, turned: list[str]) -> None:
    hands = [hand("JH AH 8D TC 7D"), hand("AS KH 7S 9C 8S")] if "JD" in chaff_top else HANDS
    g = game(chaff_top, hands=hands)
    play(g, "pass pass")
    assert g.trump == trump and g.free_for_all and g.maker is None
    assert g.phase == "play" and g.current_player == 0
    assert g.view(0)["chaff"] == turned and g.view(1)["chaff_hidden"] == 14 - len(turned)
    assert [e["card"] for e in events_of(g, "turn_up")] == turned


def test_turned_up_joker_is_at_once_a_no_trump_free_for_all() -> None:
    g = game("BJ")
    assert g.phase == "play" and g.trump is None and g.free_for_all
    assert g.current_player == 0 and g.bidding == []
    with pytest.raises(IllegalAction):
        g.apply("order")


# ----- ranking -------------------------------------------------------------------------------
@pytest.mark.parametrize(("trump", "cards", "winner"), [
    ("H", "LJ BJ JH JD", 1),
    ("H", "JD LJ JH AH", 1),
    ("H", "AH JD KH QH", 1),
    ("H", "AS 7H KS QS", 1),          # any trump beats the led suit
    ("S", "JS JC BJ AS", 2),
    (None, "LJ 7S AS JS", 2),         # no trump: the joker never wins, jacks rank as jacks
    (None, "7S LJ 8S AH", 2),
    ("D", "QH JH KH AH", 1),          # jack of hearts is the left bower of diamonds
])
def test_trump_ranking(trump: str | None, cards: str, winner: int) -> None:
    from bot.engine.ranking import ranking

    assert ranking(OverTheRhine.rank_rules, trump).winner(hand(cards)) == winner


# ----- areas and following --------------------------------------------------------------------
def test_trick_order_areas_following_and_messages() -> None:
    g = game()
    play(g, "order no_shoot", "play:KS")         # seat 0 leads from the table
    view = g.view(1)
    assert view["trick"] == [{"seat": 0, "card": "KS", "area": "table"}]
    assert view["must_play_from"] == "table" and g.current_player == 1
    assert g.legal_actions() == ["play:TS"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="You must play from your table now"):
        g.apply("play:AS")
    with pytest.raises(IllegalAction, match="You must follow spades: your table has the 10♠"):
        g.apply("play:QH")
    with pytest.raises(IllegalAction, match="on your opponent's table"):
        g.apply("play:QD")
    with pytest.raises(IllegalAction, match="face-down cards cannot be played"):
        g.apply("play:KD")                       # face down on seat 1's own table
    with pytest.raises(IllegalAction, match="face-down cards cannot be played"):
        g.apply("play:7C")                       # face down on the opponent's table
    assert g.to_json() == before
    g.apply("play:TS")
    assert g.current_player == 0 and g.view(0)["must_play_from"] == "hand"
    assert g.legal_actions() == ["play:9S"]      # the leader follows from the other area
    with pytest.raises(IllegalAction, match="You must follow spades: you hold the 9♠"):
        g.apply("play:AH")
    g.apply("play:9S")
    assert g.current_player == 1 and set(g.legal_actions()) == {"play:AS", "play:7S"}
    g.apply("play:AS")
    trick = events_of(g, "trick")[-1]
    assert trick["winner"] == 1 and trick["area"] == "hand"
    assert [(c["seat"], c["card"], c["area"]) for c in trick["cards"]] == [
        (0, "KS", "table"), (1, "TS", "table"), (0, "9S", "hand"), (1, "AS", "hand")]
    with pytest.raises(IllegalAction, match="already been played"):
        g.apply("play:KS")


def test_winner_leads_from_the_winning_area_and_left_bower_is_trump() -> None:
    g = game()
    play(g, "order no_shoot", "play:KS play:TS play:9S play:AS")
    assert g.current_player == 1 and g.view(1)["must_play_from"] == "hand"
    assert set(g.legal_actions()) == {"play:" + c for c in hand("KH 7S 9C JD")}
    with pytest.raises(IllegalAction, match="You must lead from your hand: the last trick was "
                                            "won by a card from your hand"):
        g.apply("play:QH")
    g.apply("play:JD")                           # left bower: a heart
    assert set(g.legal_actions()) == {"play:JH", "play:AH"}  # 7D is no longer a diamond lead
    play(g, "play:JH", "play:QH")
    assert g.legal_actions() and all(a[5:] in g.table_up(0) for a in g.legal_actions())
    g.apply(g.legal_actions()[0])
    trick = events_of(g, "trick")[-1]
    assert trick["winner"] == 0 and trick["area"] == "hand"
    assert g.current_player == 0 and g.view(0)["must_play_from"] == "hand"


def test_each_table_turns_one_face_down_card_up_after_a_trick() -> None:
    g = game()
    play(g, "order no_shoot")
    next_up = [g.down[0][0], g.down[1][0]]
    assert g.view(0)["tables"] == [{"up": ["KS", "QD"], "down": 3}, {"up": ["TS", "QH"], "down": 3}]
    play(g, "play:KS play:TS play:9S play:AS")
    tables = g.view(0)["tables"]
    assert tables == [{"up": ["QD", next_up[0]], "down": 2}, {"up": ["QH", next_up[1]], "down": 2}]
    reveals = events_of(g, "reveal")
    assert [(e["seat"], e["card"]) for e in reveals] == [(0, next_up[0]), (1, next_up[1])]


def test_the_flip_order_comes_from_the_seed() -> None:
    orders = {tuple(map(tuple, game().down)) for _ in range(3)}
    assert len(orders) == 1
    games = [as_area(new_game("over_the_rhine", seed=s, deal=deal())) for s in range(12)]
    assert len({tuple(map(tuple, g.down)) for g in games if isinstance(g, OverTheRhine)}) > 1


def test_no_trump_joker_may_be_played_any_time_and_never_wins() -> None:
    hands = [hand("BJ AH 9S TC 7D"), HANDS[1]]
    g = game("9H TH LJ", hands=hands)
    play(g, "pass pass")
    assert g.trump is None
    g.apply("play:9S")
    assert set(g.legal_actions()) == {"play:AS", "play:7S"}
    play(g, "play:7S")
    assert g.legal_actions() == ["play:KS"]      # seat 0 follows spades from the table
    play(g, "play:KS", "play:TS")
    assert events_of(g, "trick")[-1]["winner"] == 0
    g = game("9H TH LJ", hands=hands)
    play(g, "pass pass", "play:BJ")              # the joker led: the next card sets the suit
    assert set(g.legal_actions()) == {"play:" + c for c in HANDS[1]}
    play(g, "play:KH")
    assert set(g.legal_actions()) == {"play:KS", "play:QD"}  # no hearts on seat 0's table
    play(g, "play:QD", "play:QH")                # seat 1 must follow hearts from the table
    trick = events_of(g, "trick")[-1]
    assert trick["winner"] == 1 and trick["area"] == "hand"


def test_joker_in_hand_may_be_played_while_holding_the_led_suit() -> None:
    hands = [hand("BJ 8S 9S TC 7D"), HANDS[1]]
    g = game("9H TH LJ", hands=hands)
    play(g, "pass pass")
    g.apply("play:KS")                          # table lead; seat 1 follows from table
    play(g, "play:TS")
    assert set(g.legal_actions()) == {"play:BJ", "play:8S", "play:9S"}


# ----- shooting the moon --------------------------------------------------------------------
def test_shooting_maker_plays_hand_only_and_tricks_have_three_cards() -> None:
    g = game()
    play(g, "order shoot")
    assert events_of(g, "shoot") == [{"type": "shoot", "seat": 0}]
    assert g.view(1)["table_in_play"] == [False, True]
    assert set(g.legal_actions()) == {"play:" + c for c in HANDS[0]}
    with pytest.raises(IllegalAction, match="takes no part"):
        g.apply("play:KS")
    play(g, "play:9S")
    assert g.current_player == 1 and g.view(1)["must_play_from"] == "hand"
    play(g, "play:7S")
    assert g.current_player == 1 and g.view(1)["must_play_from"] == "table"
    assert g.legal_actions() == ["play:TS"]
    g.apply("play:TS")
    trick = events_of(g, "trick")[-1]
    assert len(trick["cards"]) == 3 and trick["winner"] == 1 and trick["area"] == "table"
    tables = g.view(0)["tables"]
    assert tables[0] == {"up": ["KS", "QD"], "down": 3} and tables[1]["down"] == 2
    # Seat 1 leads from the table; the maker's table turn is skipped, so seat 1 plays again.
    assert g.view(1)["must_play_from"] == "table"
    g.apply("play:QH")
    assert g.current_player == 1 and g.view(1)["must_play_from"] == "hand"
    g.apply("play:KH")
    assert g.current_player == 0 and g.view(0)["must_play_from"] == "hand"
    assert set(g.legal_actions()) == {"play:JH", "play:AH"}


# ----- scoring and game end --------------------------------------------------------------------
@pytest.mark.parametrize(("tricks", "maker", "shoot", "ffa", "points", "set_"), [
    ([3, 2], 0, False, False, [1, 0], False),
    ([4, 1], 0, False, False, [1, 0], False),
    ([5, 0], 0, False, False, [2, 0], False),
    ([3, 2], 0, True, False, [1, 0], False),
    ([5, 0], 0, True, False, [4, 0], False),
    ([2, 3], 0, False, False, [0, 2], True),
    ([0, 5], 0, True, False, [0, 2], True),
    ([1, 4], 1, False, False, [0, 1], False),
    ([3, 2], None, False, True, [1, 0], False),
    ([0, 5], None, False, True, [0, 2], False),
    ([1, 4], None, False, True, [0, 1], False),
])
def test_scoring(tricks: list[int], maker: int | None, shoot: bool, ffa: bool,
                 points: list[int], set_: bool) -> None:
    g = game()
    g.tricks_won, g.maker, g.shoot, g.free_for_all = tricks, maker, shoot, ffa
    g._score_hand()
    scored = events_of(g, "hand_scored")[-1]
    assert scored["points"] == points and scored["set"] == set_ and g.scores == points


@pytest.mark.parametrize(("bids", "points", "set_"), [
    ("order no_shoot", [2, 0], False),
    ("order shoot", [4, 0], False),
    ("pass order no_shoot", [2, 0], True),     # the dealer makes hearts holding none
])
def test_whole_hands(bids: str, points: list[int], set_: bool) -> None:
    g = game("7H", **STRONG)
    play(g, bids)
    play_first_legal(g)
    scored = events_of(g, "hand_scored")[-1]
    assert scored["points"] == points and scored["set"] == set_
    assert scored["tricks"] == [5, 0]
    assert g.hand_number == 2 and g.dealer == 0 and g.current_player == 1


def test_free_for_all_sweep_scores_two() -> None:
    g = game("7S 7H", **STRONG)
    play(g, "pass pass")
    assert g.trump == "H" and g.free_for_all
    play_first_legal(g)
    scored = events_of(g, "hand_scored")[-1]
    assert scored["points"] == [2, 0] and scored["maker"] is None and scored["free_for_all"]


def test_first_to_seven_wins() -> None:
    g = game("7H", **STRONG, scores=[6, 5])
    play(g, "order no_shoot")
    play_first_legal(g)
    assert g.is_over and g.winner == 0 and g.scores == [8, 5]
    assert g.current_player is None and g.legal_actions() == []
    assert events_of(g, "game_over") == [{"type": "game_over", "winner": 0, "scores": [8, 5]}]


# ----- privacy and sampling -------------------------------------------------------------------
def hidden_from(g: OverTheRhine, seat: int) -> set[str]:
    return set(g.down[0] + g.down[1] + g.hands[1 - seat] + g.chaff[g.chaff_turned:])


def test_views_never_show_face_down_cards_the_other_hand_or_the_hidden_chaff() -> None:
    for state in random_states("over_the_rhine", 25, every=1):
        assert isinstance(state, OverTheRhine)
        for seat in (0, 1):
            view = state.view(seat)
            view.pop("previous_hand")  # cards of the hand before, now dealt anew
            assert not set(strings(view)) & hidden_from(state, seat)


def test_sample_from_view_keeps_the_view_and_plays_on() -> None:
    rng = random.Random(1)
    for state in random_states("over_the_rhine", 20, every=5):
        check_sample(state, rng.randrange(2), rng)


def test_sampled_hidden_cards_vary_and_respect_hand_voids() -> None:
    g = game()
    play(g, "order no_shoot", "play:7D")         # seat 1's hand has no diamond: JD is a heart
    g.apply(g.legal_actions()[0])
    view = g.view(0)
    hands, downs = set(), set()
    for seed in range(30):
        s = as_area(OverTheRhine.sample_from_view(view, random.Random(seed)))
        assert isinstance(s, OverTheRhine)
        assert not [c for c in s.hands[1] if s.ranking.suit[c] == "D"]
        hands.add(tuple(s.hands[1]))
        downs.add(tuple(s.down[0]))
    assert len(hands) > 5 and len(downs) > 5


def test_a_shuffled_deal_has_the_ruled_shape_and_round_trips() -> None:
    g = new_game("over_the_rhine", seed=8)
    assert isinstance(g, OverTheRhine)
    assert [len(h) for h in g.hands] == [5, 5] and [len(u) for u in g.up] == [2, 2]
    assert [len(d) for d in g.down] == [3, 3] and len(g.chaff) == 14
    assert sorted(sum(g.hands + g.up + g.down, []) + g.chaff) == sorted(DECK)
    rng = random.Random(4)
    for _ in range(9):
        g.apply(rng.choice(g.legal_actions()))
    again = load_game(json.loads(json.dumps(g.to_json())))
    assert again.to_json() == g.to_json() and again.view(0) == g.view(0)
