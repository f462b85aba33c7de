"""Flip/Switch Double Deck Euchre, from stacked deals (RULINGS.md, Flip section)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.engine import IllegalAction, new_game
from bot.engine.variants.flip import Flip, _contract_points
from tests.engine.helpers import events_of, hand, play, strings

from .flip_helpers import assert_private, flip, zilch


# ----- the deal ---------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "hands", "size", "dead"), [
    (2, 2, 12, None), (3, 4, 10, 3), (4, 4, 10, None), (5, 6, 7, 5), (6, 6, 7, None),
    (7, 8, 5, 7), (8, 8, 5, None), (9, 10, 4, 9), (10, 10, 4, None),
])
def test_shuffled_deal_shape(players: int, hands: int, size: int, dead: int | None) -> None:
    for deck in (52, 50):
        g = new_game("flip", players, seed=3, options={"deck": deck})
        assert isinstance(g, Flip)
        assert len(g.hands) == hands and all(len(h) == size for h in g.hands)
        assert g.dead == dead and len(g.scores) == hands
        assert 0 <= g.dealer < players and g.current_player != dead
        assert g.trump == (g.calling[1] if g.calling not in ("BJ", "LJ") else None)
        assert g.view(0)["calling_card"] == g.calling
        assert g.zilch == (size == 4)
        held = Counter(c for h in g.hands for c in h) + Counter([g.burn, g.calling])
        assert not held - Counter(g.deck())
        assert g.view(0)["sides"] == [[s] for s in range(hands)]
        assert_private(g)


def test_deck_option_and_jokers() -> None:
    assert Counter(Flip(4, options={"deck": 52}).deck())["BJ"] == 2
    fifty = Flip(4, options={"deck": 50}).deck()
    assert len(fifty) == 50 and Counter(fifty)["BJ"] == Counter(fifty)["LJ"] == 1
    assert Counter(fifty)["AS"] == 2
    with pytest.raises(IllegalAction, match="deck"):
        new_game("flip", 4, options={"deck": 48})
    with pytest.raises(IllegalAction, match="2, 3, 4, 5, 6, 7, 8, 9, 10"):
        new_game("flip", 11)


def test_dead_hand_is_never_asked_and_view_is_for_people_only() -> None:
    g = new_game("flip", 5, seed=1)
    with pytest.raises(IllegalAction):
        g.view(5)
    rng = random.Random(1)
    while g.hand_number < 3:
        assert g.current_player in range(5)
        g.apply(rng.choice(g.legal_actions()))


# ----- bidding ----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "low", "high"), [(2, 6, 12), (4, 3, 10), (6, 2, 7),
                                                      (8, 1, 5), (3, 3, 10), (7, 1, 5)])
def test_bid_range_by_hand_size(players: int, low: int, high: int) -> None:
    g = new_game("flip", players, seed=2)
    assert g.phase == "bid"
    assert g.legal_actions() == [f"bid:{n}" for n in range(low, high + 1)]


def test_everyone_bids_once_from_the_dealers_left_no_passing() -> None:
    g = flip(4, ["AS KS", "AH KH", "AD KD", "AC KC"], calling="9S", dealer=1)
    assert g.current_player == 2 and g.legal_actions() == ["bid:2"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="from 2 to 2; there is no passing"):
        g.apply("pass")
    assert g.to_json() == before
    play(g, "bid:2 bid:2 bid:2")
    assert g.current_player == 1
    g.apply("bid:2")
    assert g.phase == "play" and g.current_player == 2 and g.leader == 2
    assert [b["seat"] for b in g.bidding] == [2, 3, 0, 1]
    assert g.view(0)["bids"] == [2, 2, 2, 2]


def test_dead_hand_bids_the_minimum_at_the_deal() -> None:
    # 3 players: 4 hands of (nominally) 10, minimum 3; dealer 2, so the dead hand (seat 3)
    # sits at the dealer's left: seat 0 bids and leads first.
    g = flip(3, ["AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC"], calling="9S", dealer=2)
    assert g.bidding == [{"seat": 3, "action": "bid:3"}]
    assert events_of(g, "bid") == [{"type": "bid", "seat": 3, "action": "bid:3"}]
    assert g.current_player == 0
    play(g, "bid:3 bid:3 bid:3")
    assert g.phase == "play" and g.current_player == 0


@pytest.mark.parametrize("players", [9, 10])
def test_four_card_hands_are_always_zilch(players: int) -> None:
    g = new_game("flip", players, seed=4)
    assert g.phase == "play" and all(a.startswith("play:") for a in g.legal_actions())
    assert g.view(0)["zilch"] is True and g.view(0)["bids"] == [None] * (players + players % 2)


def test_zilch_option_skips_bidding() -> None:
    g = new_game("flip", 4, seed=4, options={"zilch": True})
    assert g.phase == "play" and g.current_player == (g.dealer + 1) % 4


# ----- tricks: Benny, Charlie, following ---------------------------------------------------
def test_benny_wins_and_the_first_of_two_bennies_wins() -> None:
    g = zilch(4, ["9H AS", "BJ KS", "BJ QS", "AH JS"], calling="TS")
    play(g, "play:9H play:BJ no_switch play:BJ no_switch play:AH")
    assert g.tricks[-1]["winner"] == 1
    assert g.current_player == 1


def test_benny_led_frees_everyone_to_throw_off() -> None:
    g = zilch(4, ["BJ 9S", "9H AS", "TH QD", "LJ KH"], calling="TS")
    play(g, "play:BJ no_switch")
    assert g.legal_actions() == ["play:AS", "play:9H"]
    play(g, "play:AS play:QD play:KH")
    assert g.tricks[-1]["winner"] == 0


def test_charlie_led_then_benny_still_frees_everyone() -> None:
    g = zilch(4, ["LJ 9S", "BJ AS", "TH QD", "9D KH"], calling="TS", burn="KC")
    play(g, "play:LJ play:BJ no_switch")
    assert g.legal_actions() == ["play:TH", "play:QD"]


def test_charlie_led_the_next_card_sets_the_suit() -> None:
    g = zilch(4, ["LJ 9S", "9H AS", "TH QD", "9D KH"], calling="TS", burn="KC")
    play(g, "play:LJ", "play:9H")
    assert g.legal_actions() == ["play:TH"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="You must follow hearts: you hold the 10♥"):
        g.apply("play:QD")
    with pytest.raises(IllegalAction, match="You don't hold Benny"):
        g.apply("play:BJ")
    assert g.to_json() == before


def test_left_bower_is_trump_for_following() -> None:
    # Diamonds trump: the JH is a diamond. Hearts led: a player whose only "heart" is the JH
    # may throw anything; spades led and JH... not a spade either.
    g = zilch(4, ["9H AS", "JH KC", "TH JD", "QH KD"], calling="TD")
    g.apply("play:9H")
    assert g.legal_actions() == ["play:JH", "play:KC"]
    g.apply("play:JH")
    assert g.legal_actions() == ["play:TH"]
    play(g, "play:TH play:QH")
    assert g.tricks[-1]["winner"] == 1  # the left bower trumps


def test_charlie_loses_and_flips_calling_and_burn() -> None:
    g = zilch(4, ["9H AS", "AH KS", "9S QS", "LJ JS"], calling="TS", burn="KD")
    play(g, "play:9H play:AH play:9S")
    assert g.trump == "S"
    events = g.apply("play:LJ")
    # The burn card KD is now the calling card: diamonds are trump, the 9S a mere discard.
    assert g.calling == "KD" and g.burn == "TS" and g.trump == "D"
    flipped = [e for e in events if e["type"] == "trump"]
    assert flipped == [{"type": "trump", "seat": 3, "trump": "D", "card": "KD",
                        "how": "flipped"}]
    assert g.tricks[-1]["winner"] == 1 and g.tricks[-1]["trump"] == "D"
    view = g.view(0)
    assert view["calling_card"] == "KD" and view["trump"] == "D"
    assert [p["trump"] for p in view["last_trick"]["cards"]] == ["S", "S", "S", "S"]
    assert "TS" not in strings({k: v for k, v in view.items() if k != "hand"})
    assert_private(g)


def test_only_charlies_in_a_trick_the_first_wins() -> None:
    g = zilch(2, ["LJ 9S", "LJ 9H"], calling="TS", burn="KD")
    play(g, "play:LJ play:LJ")
    assert g.tricks[-1]["winner"] == 0 and g.trump == "S"  # flipped twice: back to spades


def test_trump_change_mid_trick_turns_followers_into_discards() -> None:
    # The rule text's example: diamonds trump, the JH (left bower) led; the next two follow
    # with diamonds; Charlie flips trump to clubs; the JH is a heart again and later players
    # must follow hearts. The diamonds played stay played, as discards.
    g = zilch(6, ["JH 9S", "TD 9H", "QD AH", "LJ TS", "KH AD", "9H QS"], calling="9D",
              burn="9C")
    g.apply("play:JH")
    assert g.legal_actions() == ["play:TD"]
    g.apply("play:TD")
    assert g.legal_actions() == ["play:QD"]
    play(g, "play:QD play:LJ")
    assert g.trump == "C"
    assert g.legal_actions() == ["play:KH"]
    g.apply("play:KH")
    assert g.legal_actions() == ["play:9H"]
    g.apply("play:9H")
    assert g.tricks[-1]["winner"] == 4
    view = g.view(0)
    assert [p["trump"] for p in view["last_trick"]["cards"]] == ["D", "D", "D", "D", "C", "C"]


# ----- match cards and switching -----------------------------------------------------------
def test_match_card_lets_its_player_switch() -> None:
    g = zilch(4, ["AS KH 9D 9D", "9H QS TC TC", "TH JS TD TD", "QH KS QC QC"], calling="AS")
    g.apply("play:AS")
    assert g.phase == "switch" and g.current_player == 0
    assert g.legal_actions() == ["switch:KH", "switch:9D", "no_switch"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="Switch in a card from your hand or don't switch"):
        g.apply("play:KH")
    with pytest.raises(IllegalAction, match="Switch in a card from your hand or don't switch"):
        g.apply("switch:QC")
    assert g.to_json() == before
    events = g.apply("switch:KH")
    assert g.calling == "KH" and g.trump == "H"
    assert Counter(g.hands[0]) == Counter(hand("AS 9D 9D"))
    assert events[0] == {"type": "trump", "seat": 0, "trump": "H", "card": "KH",
                         "how": "switched", "took": "AS"}
    assert g.phase == "play" and g.current_player == 1
    view = g.view(2)
    assert view["calling_card"] == "KH" and view["known_cards"][0] == ["AS"]
    # Following is judged under the new trump: spades led, seat 1 follows with the QS.
    assert g.legal_actions() == ["play:QS"]
    play(g, "play:QS play:JS play:KS")
    assert g.tricks[-1]["winner"] == 0
    assert g.view(1)["known_cards"][0] == ["AS"]


def test_switch_on_the_last_card_of_a_trick_decides_it() -> None:
    # Diamonds trump: the QD would take the trick, but the 9D's switch makes clubs trump.
    g = zilch(4, ["AH 9S", "KH TS", "QD JS", "9D KC"], calling="9D")
    play(g, "play:AH play:KH play:QD play:9D")
    assert g.phase == "switch" and g.current_player == 3 and not g.tricks
    g.apply("switch:KC")
    assert g.tricks[-1]["winner"] == 0 and g.tricks[-1]["trump"] == "C"
    assert g.hands[3] == ["9D"] and g.current_player == 0


def test_no_switch_keeps_trump() -> None:
    g = zilch(4, ["AS KH", "9H QS", "TH JS", "QH KS"], calling="AS")
    events = play_events(g, "play:AS no_switch")
    assert g.calling == "AS" and g.trump == "S" and g.current_player == 1
    assert {"type": "no_switch", "seat": 0} in events


def play_events(game: Flip, actions: str) -> list[dict[str, Any]]:
    """Apply space-separated actions; return all their events."""
    events: list[dict[str, Any]] = []
    for action in actions.split():
        events += game.apply(action)
    return events


def test_benny_switches_but_not_with_the_calling_cards_twin() -> None:
    g = zilch(4, ["BJ 9S KH", "9H QS TC", "TH JS TD", "QH KS QC"], calling="9S")
    g.apply("play:BJ")
    assert g.legal_actions() == ["switch:KH", "no_switch"]
    with pytest.raises(IllegalAction, match="already the calling card"):
        g.apply("switch:9S")
    g.apply("switch:KH")
    assert g.trump == "H" and Counter(g.hands[0]) == Counter(["9S", "9S"])


def test_joker_switched_in_means_no_trump() -> None:
    g = zilch(4, ["AS LJ", "9H QS", "TH JS", "QH KS"], calling="AS")
    play(g, "play:AS switch:LJ")
    assert g.calling == "LJ" and g.trump is None


def test_no_switch_after_the_last_card() -> None:
    g = zilch(4, ["AS", "9H", "TH", "QH"], calling="AS")
    g.apply("play:AS")
    assert g.phase == "play" and g.current_player == 1


def test_charlie_as_match_card_only_flips() -> None:
    g = zilch(4, ["LJ 9S", "9H QS", "TH JS", "QH KS"], calling="LJ", burn="KD")
    g.apply("play:LJ")
    assert g.phase == "play" and g.current_player == 1 and g.trump == "D"


def test_calling_joker_means_no_trump() -> None:
    g = zilch(4, ["AS 9S", "9H QS", "TH JS", "QH KS"], calling="BJ")
    assert g.trump is None
    play(g, "play:AS play:QS play:JS play:KS")
    assert g.tricks[-1]["winner"] == 0  # no bowers without trump; the ace is highest


# ----- the dead hand -----------------------------------------------------------------------
def test_dead_hand_plays_its_top_card_without_following() -> None:
    # 3 players; dealer 0, so seat 1 leads; the dead hand (seat 3) plays between 2 and 0.
    g = zilch(3, ["KH 9S TS", "9H TH KC", "AH JC QC", "9C QH LJ"], calling="QS", burn="9D",
              dealer=0)
    assert g.dead_cards == ["9C", "QH", "LJ"]
    events = play_events(g, "play:9H play:AH")
    # It holds the QH but plays its top card, the 9C.
    assert [(e["seat"], e["card"]) for e in events if e["type"] == "play"] == [
        (1, "9H"), (2, "AH"), (3, "9C")]
    assert g.current_player == 0
    play(g, "play:KH")
    assert g.tricks[-1]["winner"] == 2
    play(g, "play:JC")  # the left bower: a spade; the dead hand throws the QH
    assert g.trick == ["JC", "QH"] and g.current_player == 0
    assert g.legal_actions() == ["play:9S", "play:TS"]
    play(g, "play:9S play:KC")
    assert g.tricks[-1]["winner"] == 2
    events = play_events(g, "play:QC")  # its Charlie flips trump
    assert g.trump == "D" and g.calling == "9D"
    assert events[-1] == {"type": "trump", "seat": 3, "trump": "D", "card": "9D",
                          "how": "flipped"}
    play(g, "play:TS play:TH")
    scored = events_of(g, "hand_scored")[-1]
    assert scored["tricks"] == [0, 0, 3, 0] and scored["points"] == [5, 5, -10, 5]
    assert scored["euchred"] == [2] and scored["dead_hand"] == 3
    assert g.scores == [5, 5, -10, 5]


def test_dead_hand_match_card_never_switches() -> None:
    g = zilch(3, ["KS AH", "9S 9H", "TS TH", "QS KH"], calling="QS", burn="9D", dealer=0)
    play(g, "play:9S play:TS")
    assert g.trick == ["9S", "TS", "QS"]
    assert g.phase == "play" and g.current_player == 0 and g.calling == "QS"


def test_dead_hand_benny_wins_and_leads_on_its_own() -> None:
    g = zilch(3, ["9S AH", "9H TH", "KH QH", "BJ 9D"], calling="TS", dealer=0)
    events = play_events(g, "play:9H play:KH play:AH")
    plays = [(e["seat"], e["card"]) for e in events if e["type"] == "play"]
    # Benny wins without a switch; the dead hand leads its next card at once.
    assert plays == [(1, "9H"), (2, "KH"), (3, "BJ"), (0, "AH"), (3, "9D")]
    assert g.current_player == 0 and g.leader == 3 and g.calling == "TS"


def test_dead_hand_scores_but_never_wins() -> None:
    g = flip(3, ["9H", "TH", "KH", "BJ"], calling="TS", dealer=0, scores=[0, 0, 0, 95])
    play(g, "bid:1 bid:1 bid:1", "play:TH play:KH play:9H")  # seat 1 bids and leads first
    hand_scored = events_of(g, "hand_scored")[-1]
    assert hand_scored["points"] == [-5, -5, -5, 30]
    assert g.scores == [-5, -5, -5, 125]
    assert not g.is_over and g.hand_number == 2


# ----- scoring and the end of the game -----------------------------------------------------
@pytest.mark.parametrize(("tricks", "points"), [(0, -15), (1, -10), (2, -5), (3, 30), (4, 25),
                                                (5, 20), (10, -5)])
def test_contract_points_for_a_bid_of_three(tricks: int, points: int) -> None:
    assert _contract_points(3, tricks) == points


def test_bid_scoring_and_euchred() -> None:
    # 8 players (nominally 5 cards, minimum 1); stacked 2-card hands: bids 1..2.
    hands = ["AS KS", "9H 9D", "TH TD", "QH QD", "KH KD", "AH AD", "9C TC", "TC QC"]
    g = flip(8, hands, calling="9S")
    play(g, "bid:2 bid:1 bid:1 bid:2 bid:1 bid:1 bid:1 bid:1")
    play(g, "play:AS play:9H play:TH play:QH play:KH play:AH play:9C play:TC")
    play(g, "play:KS play:9D play:TD play:QD play:KD play:AD play:TC play:QC")
    scored = events_of(g, "hand_scored")[-1]
    assert scored["tricks"] == [2, 0, 0, 0, 0, 0, 0, 0]
    assert scored["bids"] == [2, 1, 1, 2, 1, 1, 1, 1]
    assert scored["points"] == [30, -5, -5, -10, -5, -5, -5, -5]
    assert scored["euchred"] == [3] and scored["zilch"] is False


def test_random_hands_score_by_the_formula() -> None:
    rng = random.Random(7)
    for players in (2, 4, 5, 8):
        g = new_game("flip", players, seed=players)
        while g.hand_number < 4:
            g.apply(rng.choice(g.legal_actions()))
        for scored in (e for e in g.events if e["type"] == "hand_scored"):
            expected = [_contract_points(b, t)
                        for b, t in zip(scored["bids"], scored["tricks"], strict=True)]
            assert scored["points"] == expected
            assert sum(scored["tricks"]) == {2: 12, 4: 10, 5: 7, 8: 5}[players]


def test_first_to_the_target_wins() -> None:
    g = flip(2, ["AS", "9H"], calling="9S", dealer=1, scores=[80, 95])
    play(g, "bid:1 bid:1 play:AS play:9H")
    assert g.is_over and g.winner == 0 and g.scores == [110, 90]
    assert events_of(g, "game_over")[-1]["winner"] == 0
    assert g.current_player is None and g.legal_actions() == []


@pytest.mark.parametrize(("start", "winner"), [((70, 70), None), ((70, 75), 1)])
def test_tie_at_the_target_plays_another_hand(start: tuple[int, int], winner: int | None) -> None:
    # 8 players (minimum bid 1), stacked 2-card hands; seats 0 and 1 each make their bid of 1.
    hands = ["AS 9H", "AH 9S", "9D TD", "QD KD", "AD 9D", "TC QC", "KC AC", "TD QD"]
    g = flip(8, hands, calling="9S", scores=[*start, 0, 0, 0, 0, 0, 0])
    play(g, " ".join(["bid:1"] * 8))
    play(g, "play:AS play:9S no_switch play:9D play:QD play:AD play:TC play:KC play:TD")
    play(g, "play:9H play:AH play:TD play:KD play:9D play:QC play:AC play:QD")
    assert g.scores[:2] == [start[0] + 30, start[1] + 30]
    assert g.winner == winner
    if winner is None:
        assert g.hand_number == 2 and g.dealer == 0 and g.current_player == 1


def test_zilch_ends_at_minus_target_and_the_highest_wins() -> None:
    g = zilch(2, ["AS KS", "9H TH"], calling="9S", dealer=1, scores=[-95, 0])
    play(g, "play:AS play:9H play:KS play:TH")
    assert g.scores == [-100, 5] and g.winner == 1


def test_zilch_minus_target_with_a_tie_on_top_plays_on() -> None:
    g = zilch(4, ["AS KS", "9H TH", "9D TD", "QH QD"], calling="9S", scores=[-95, 10, 10, 0])
    play(g, "play:AS play:9H play:9D play:QH play:KS play:TH play:TD play:QD")
    assert g.scores == [-100, 15, 15, 5] and not g.is_over and g.hand_number == 2


def test_the_deal_passes_left_among_the_people() -> None:
    g = new_game("flip", 3, seed=9)
    rng = random.Random(0)
    dealers = [g.dealer]
    while g.hand_number < 5:
        g.apply(rng.choice(g.legal_actions()))
        if g.dealer != dealers[-1]:
            dealers.append(g.dealer)
    assert all(b == (a + 1) % 3 for a, b in zip(dealers, dealers[1:], strict=False))
