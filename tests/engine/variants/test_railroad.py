"""Railroad Euchre, from stacked deals."""

from __future__ import annotations

import random

import pytest

from bot.engine import Game, IllegalAction, new_game
from bot.engine.variants.railroad import Railroad
from tests.engine.helpers import check_sample_plays_on, events_of, hand, play, play_hand, strings

# Four players, dealer 3: seat 0 speaks first and leads. With spades trump seat 0 holds the
# Joker and the six next trumps but the king (seat 1's only spade): seat 0 wins every trick
# when it leads from the top. The turned card is the 7S.
RAIL = {
    "dealer": 3,
    "hands": [
        hand("BJ AS JS QS TS 9S JC"),
        hand("KS AH KH QH JH TH 9H"),
        hand("AD KD QD JD TD 9D 8D"),
        hand("AC KC QC TC 9C 8C 7C"),
    ],
    "kitty": hand("7S 8S 8H 7H 7D"),
}
# The same with seat 0 holding the king and seat 1 the nine: a Jamboree for seat 0.
JAMBOREE = {
    **RAIL,
    "hands": [hand("BJ AS KS JS QS TS JC"), hand("9S AH KH QH JH TH 9H"), *RAIL["hands"][2:]],
}
# The Joker turned up. The dealer (seat 3) holds only clubs and the 8S.
JOKER_UP = {
    "dealer": 3,
    "hands": [
        hand("AS KS QS JS TS 9S 9C"),
        hand("AH KH QH JH TH 9H 8H"),
        hand("AD KD QD JD TD 9D 8D"),
        hand("AC KC QC JC TC 8C 8S"),
    ],
    "kitty": hand("BJ 7S 7H 7D 7C"),
}
# Six players, dealer 5: partnerships 0+3, 1+4, 2+5. The turned card is the TS.
SIX = {
    "dealer": 5,
    "hands": [
        hand("BJ JS JC AS QS"),
        hand("AH KH QH JH TH"),
        hand("AD KD QD JD TD"),
        hand("AC KC QC TC 9C"),
        hand("9H 8H 7H 9D 8D"),
        hand("KS 7D 8C 7C 9S"),
    ],
    "kitty": hand("TS 8S 7S"),
}


# ----- deal and trump ----------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size", "kitty"), [(4, 7, 5), (6, 5, 3)])
def test_shuffled_deal_shapes(players: int, size: int, kitty: int) -> None:
    g = new_game("railroad", players, seed=3)
    assert isinstance(g, Railroad)
    assert [len(h) for h in g.hands] == [size] * players and len(g.kitty) == kitty
    assert len({c for h in g.hands for c in h} | set(g.kitty)) == 33
    assert g.current_player == (g.dealer + 1) % players
    assert g.view(0)["turn_up"] == g.kitty[0] and g.num_sides == players // 2


def test_order_dealer_picks_up_and_discards_then_maker_declares() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    assert g.legal_actions() == ["order", "pass"]
    with pytest.raises(IllegalAction, match="Order up the turned card or pass"):
        g.apply("trump:H")
    g.apply("order")
    assert g.trump == "S" and g.maker == 0 and events_of(g, "trump")[-1]["how"] == "ordered"
    assert g.phase == "discard" and g.current_player == 3 and len(g.view(3)["hand"]) == 8
    assert g.view(0)["turn_up_state"] == "taken"
    with pytest.raises(IllegalAction, match="You don't hold A♥: discard one of your own cards"):
        g.apply("discard:AH")
    g.apply("discard:7C")
    assert events_of(g, "discard")[-1] == {"type": "discard", "seat": 3}
    assert g.view(3)["discarded"] == "7C" and g.view(0)["discarded"] is None
    assert g.phase == "declare" and g.current_player == 0
    assert g.legal_actions() == ["partner", "alone", "jambone"]


def test_trump_ranking_joker_right_left_ace() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "order discard:7C partner")
    assert g.phase == "play" and g.current_player == 0
    rank = g.ranking
    for low, high in [("AS", "JC"), ("JC", "JS"), ("JS", "BJ"), ("KS", "AS"), ("7S", "8S")]:
        assert rank.winner([low, high]) == 1, (low, high)
    assert rank.winner(["AH", "7S"]) == 1 and rank.winner(["AH", "KH", "JC"]) == 2
    g.apply("play:JC")  # the left bower leads trump: seat 1 must play its king
    assert g.led_suit() == "S" and g.legal_actions() == ["play:KS"]


def test_round_two_names_another_suit_or_misdeals() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "pass pass pass pass")
    assert g.phase == "round2" and g.view(1)["turn_up_state"] == "down"
    assert g.legal_actions() == ["trump:H", "trump:D", "trump:C", "pass"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="Spades was turned down: name another suit"):
        g.apply("trump:S")
    with pytest.raises(IllegalAction, match="No trump comes only from ordering up a turned Joker"):
        g.apply("trump:N")
    assert g.to_json() == before
    play(g, "pass pass pass pass")
    assert events_of(g, "misdeal") and g.hand_number == 2 and g.dealer == 0
    assert g.current_player == 1 and g.phase == "round1"


def test_round_two_naming_a_suit() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "pass pass pass pass pass trump:H")
    assert g.trump == "H" and g.maker == 1 and g.phase == "declare" and g.current_player == 1
    assert "7S" in g.kitty  # nobody picks up in round two


def test_turned_up_joker_ordered_makes_no_trump() -> None:
    g = new_game("railroad", seed=1, deal=JOKER_UP)
    play(g, "order")
    assert g.trump is None and g.view(2)["trump_call"] == "N"
    assert events_of(g, "trump")[-1]["no_trump"] is True
    play(g, "discard:TC partner", "play:9C play:AH play:AD")
    # The Joker is suitless: the dealer may play it although holding clubs, not the 8S.
    assert g.legal_actions() == ["play:8C", "play:JC", "play:QC", "play:KC", "play:AC", "play:BJ"]
    g.apply("play:BJ")
    assert events_of(g, "trick")[-1]["winner"] == 3
    assert g.ranking.winner(hand("JS QS 9S")) == 1  # no bowers: jacks below queens


def test_turned_down_joker_any_suit_and_it_stays_in_the_kitty() -> None:
    g = new_game("railroad", seed=1, deal=JOKER_UP)
    play(g, "pass pass pass pass")
    assert g.legal_actions() == ["trump:S", "trump:H", "trump:D", "trump:C", "pass"]
    play(g, "trump:S partner")
    assert isinstance(g, Railroad) and "BJ" in g.kitty
    assert g.ranking.winner(hand("9S AS JS")) == 2


# ----- alone, defending alone, exchanges ---------------------------------------------------
def test_alone_exchange_then_opponents_may_defend_alone_in_turn() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "pass order discard:7C alone")
    assert g.phase == "give" and g.current_player == 1
    with pytest.raises(IllegalAction, match="You don't hold A♦: give your partner one of"):
        g.apply("give:AD")
    g.apply("give:9H")
    assert g.current_player == 3 and "9H" in g.view(3)["hand"]
    g.apply("give:AC")
    assert "AC" in g.view(1)["hand"] and g.view(1)["active"] == [True, True, True, False]
    assert g.view(1)["known_cards"] == [[], [], [], ["9H"]]  # the maker knows where 9H is
    assert g.view(0)["known_cards"] == [[], [], [], []]
    assert g.view(0)["exchanges"] == [{"giver": 1, "receiver": 3}, {"giver": 3, "receiver": 1}]
    assert [e["seat"] for e in events_of(g, "give")] == [1, 3]
    # Opponents from the maker's left: seat 2, then seat 0.
    assert g.phase == "defend" and g.current_player == 2
    assert g.legal_actions() == ["defend_alone", "pass"]
    play(g, "pass")
    assert g.current_player == 0
    play(g, "defend_alone give:9S give:8D")
    assert g.view(0)["active"] == [True, True, False, False] and g.defender == 0
    assert g.phase == "play" and g.current_player == 0 and g.trick_size == 2


def test_six_players_nobody_defends_alone() -> None:
    g = new_game("railroad", 6, seed=1, deal=SIX)
    assert g.seats_of(0) == [0, 3] and g.seats_of(2) == [2, 5]
    play(g, "order discard:7D alone give:QS give:9C")
    assert g.phase == "play" and g.view(0)["active"] == [True, True, True, False, True, True]
    assert g.current_player == 0 and "QS" in g.view(3)["hand"]


def test_jambone_hand_shown_and_left_opponent_chooses_maker_cards() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "order discard:7C jambone")
    assert g.view(2)["exposed_hand"] is None  # not before the exchange
    play(g, "give:9S give:8D")
    assert g.phase == "play"  # nobody may defend alone against a Jambone
    shown = ["8D", "TS", "JS", "QS", "AS", "JC", "BJ"]
    assert sorted(g.hands[0]) == sorted(shown)
    for seat in range(4):
        assert sorted(g.view(seat)["exposed_hand"]) == sorted(shown)
    assert events_of(g, "jambone")[-1]["chooser"] == 1
    # Seat 0 leads, but seat 1 picks which of seat 0's cards is played.
    assert g.current_player == 1 and g.view(3)["current_player"] == 1
    assert sorted(g.legal_actions()) == sorted("play:" + c for c in shown)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="Only the Jambone chooser picks the maker's card"):
        g.apply("play:AH")
    assert g.to_json() == before
    g.apply("play:8D")
    assert g.current_player == 1 and g.legal_actions()[0].startswith("play:")
    play(g, "play:KS play:AC")  # seat 1 trumps, the dealer (seat 3) plays on
    assert events_of(g, "trick")[-1]["winner"] == 1
    g.apply("play:AH")  # seat 1 leads a heart; seat 2 sits out; the dealer has none
    g.apply("play:7S")
    assert g.current_player == 1 and g.turn == 0
    scored = play_hand(g)
    assert scored["points"] == [0, 28] and scored["declaration"] == "jambone"


def test_jambone_chooser_must_follow_for_the_maker() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "pass order discard:7C jambone give:9H give:AC")
    # Seat 1 is the maker (holding the AC back from its partner); seat 2 chooses.
    assert g.chooser == 2 and g.current_player == 0
    g.apply("play:9S")
    assert g.current_player == 2 and g.turn == 1
    with pytest.raises(IllegalAction, match="The maker must follow spades: they hold the"):
        g.apply("play:AH")


# ----- jamboree ----------------------------------------------------------------------------
def test_jamboree_scores_sixteen_at_once_and_play_goes_on() -> None:
    g = new_game("railroad", seed=1, deal=JAMBOREE)
    play(g, "order discard:7C partner")
    jam = events_of(g, "jamboree")[-1]
    assert jam["seat"] == 0 and jam["points"] == [16, 0] and g.scores == [16, 0]
    assert sorted(jam["cards"]) == sorted(hand("BJ JS JC AS KS"))
    assert g.view(1)["jamboree"] == 0
    assert sorted(g.view(1)["known_cards"][0]) == sorted(hand("BJ JS JC AS KS"))
    assert g.phase == "play"
    scored = play_hand(g)
    assert scored["points"] == [7, 0] and g.scores == [23, 0]


def test_jamboree_with_jambone_is_worth_44() -> None:
    g = new_game("railroad", seed=1, deal=JAMBOREE)
    play(g, "order discard:7C jambone give:TS give:8D")
    play_hand(g)
    assert g.scores == [44, 0]


def test_jamboree_reaching_the_target_ends_the_game_at_once() -> None:
    g = new_game("railroad", seed=1, deal={**JAMBOREE, "scores": [50, 60]})
    play(g, "order discard:7C partner")
    assert g.is_over and g.winner == 0 and g.scores == [66, 60]
    assert g.current_player is None and g.legal_actions() == []
    assert not events_of(g, "hand_scored")
    assert events_of(g, "game_over")[-1]["winner"] == 0


def test_no_jamboree_without_the_king() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "order discard:7C partner")
    assert not events_of(g, "jamboree") and g.scores == [0, 0]


# ----- scoring -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("actions", "points", "made"),
    [
        ("order discard:7C partner", [7, 0], True),
        ("order discard:7C alone give:9S give:8D pass pass", [14, 0], True),
        ("pass order discard:7C partner", [7, 0], False),
        ("pass order discard:7C alone give:9H give:AC pass pass", [14, 0], False),
        (
            "pass order discard:7C alone give:9H give:AC pass defend_alone give:9S give:8D",
            [21, 0],
            False,
        ),
        ("pass order discard:7C jambone give:9H give:AC", [28, 0], False),
        ("order discard:7C jambone give:9S give:8D", [28, 0], True),
    ],
)
def test_score_table(actions: str, points: list[int], made: bool) -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, actions)
    scored = play_hand(g)
    assert scored["points"] == points and scored["made"] is made
    assert scored["euchred"] == (None if made else g.side_of(scored["maker"]))


def test_makers_score_one_per_trick_taken() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "order discard:7C partner", "play:9S play:KS play:8D play:7S")  # seat 1's king wins
    scored = play_hand(g)
    assert scored["tricks"] == [6, 1] and scored["points"] == [6, 0] and scored["made"]


def test_six_players_failed_makers_each_other_side_scores_its_tricks() -> None:
    g = new_game("railroad", 6, seed=1, deal=SIX)
    play(g, "pass order discard:7D partner")
    scored = play_hand(g)
    tricks = scored["tricks"]
    assert scored["maker"] == 1 and tricks[1] < 3 and not scored["made"]
    assert scored["points"] == [tricks[0], 0, tricks[2]]
    assert len(scored["points"]) == 3


def test_six_players_alone_maker_needs_three_of_five() -> None:
    g = new_game("railroad", 6, seed=1, deal=SIX)
    play(g, "order discard:7D alone give:QS give:9C")
    scored = play_hand(g)
    assert scored["tricks"][0] >= 3 and scored["points"] == [2 * scored["tricks"][0], 0, 0]


def test_game_to_64_and_ties_go_to_the_makers() -> None:
    g = new_game("railroad", seed=1, deal={**RAIL, "scores": [57, 60]})
    play(g, "order discard:7C partner")
    play_hand(g)
    assert g.is_over and g.winner == 0 and g.scores == [64, 60]
    g = new_game("railroad", seed=1, deal={**RAIL, "scores": [50, 64]})
    play(g, "order discard:7C alone give:9S give:8D pass pass")
    play_hand(g)
    assert g.scores == [64, 64] and g.winner == 0


# ----- views and sampling ------------------------------------------------------------------
def test_views_hide_hands_kitty_and_discard() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "order discard:7C alone give:9S give:8D")
    for seat in range(4):
        view = g.view(seat)
        shown = set(strings({k: v for k, v in view.items() if k not in ("known_cards", "turn_up")}))
        for other in range(4):
            if other != seat:
                assert not set(g.hands[other]) & shown
        assert shown & set(g.kitty) == ({"7C"} if seat == 3 else set())


def random_states(players: int, count: int) -> list[tuple[Game, int]]:
    """(game, seat) at random points of random games."""
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        g = new_game("railroad", players, seed=seed)
        for _ in range(rng.randrange(1, 80)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        states.append((g, rng.randrange(players)))
    return states


@pytest.mark.parametrize("players", [4, 6])
def test_sample_from_view_matches_the_view_and_plays_on(players: int) -> None:
    for g, seat in random_states(players, 80):
        check_sample_plays_on(g, seat)


def test_sample_keeps_known_cards_shown_hand_and_voids() -> None:
    g = new_game("railroad", seed=1, deal=RAIL)
    play(g, "pass order discard:7C jambone give:9H give:AC play:9S play:KS")
    # Seat 2 chose the maker's KS; seat 2 now plays its own card: it has no spades.
    play(g, "play:8D")
    assert g.current_player == 2 and g.turn == 1
    view = g.view(3)  # the maker's partner, sitting out
    seen_hands = set()
    for n in range(30):
        sampled = Railroad.sample_from_view(view, random.Random(n))
        assert sampled.view(3) == view
        assert sorted(sampled.hands[1]) == sorted(view["exposed_hand"])
        assert not [c for c in sampled.hands[2] if sampled.ranking.suit[c] == "S"]
        seen_hands.add(tuple(sampled.hands[0]))
    assert len(seen_hands) > 5
    # The maker knows its partner holds the 9H it gave.
    view = g.view(1)
    assert view["known_cards"][3] == ["9H"]
    assert "9H" in Railroad.sample_from_view(view, random.Random(2)).hands[3]
