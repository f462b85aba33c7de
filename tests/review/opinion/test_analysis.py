"""The computer's opinion of a member's decisions, on stacked Euchre deals.

Clearly worse choices (ordering up with no trump, leading into a known void) are marked
costly with a sentence naming them, whatever the seed; good ones are not. The opinion reads
only the member's view, is deterministic, and survives JSON and pickling unchanged.
"""

from __future__ import annotations

import json
import pickle
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from bot.engine import new_game
from bot.review.opinion import (
    COSTLY,
    Choice,
    Decision,
    Opinion,
    PerfectPlay,
    analyse_game,
    costly_from,
)

PLAYOUTS = 40


def euchre_deal(hand0: str, turn_up: str = "QH") -> dict[str, Any]:
    """A Euchre deal, dealer seat 3, with seat 0 (first to speak) holding ``hand0``."""
    used = set(hand0.split()) | {turn_up}
    rest = [r + s for s in "SHDC" for r in "9TJQKA" if r + s not in used]
    hands = [hand0.split(), rest[0:5], rest[5:10], rest[10:15]]
    return {"dealer": 3, "hands": hands, "kitty": [turn_up] + rest[15:18]}


# Clubs are trump, ordered by the dealer (seat 1). Seat 0 showed out of hearts in the first
# trick; seat 1 now leads with the A♥ and the right bower (J♣) left, needing two tricks.
VOID_DEAL = {
    "dealer": 1,
    "hands": [
        ["TS", "AS", "QC", "KC", "9D"],
        ["9S", "QH", "KH", "AH", "JC"],
        ["KS", "9H", "TC", "QD", "KD"],
        ["TH", "JH", "TD", "JD", "AD"],
    ],
    "kitty": ["AC", "QS", "9C", "JS"],
}
VOID_LOG = [
    "pass", "pass", "pass", "order", "partner", "discard:QH",
    "play:9H", "play:JH", "play:QC", "play:KH",
    "play:AS", "play:9S", "play:KS", "play:TH",
    "play:9D", "play:AC", "play:QD", "play:TD",
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ordering_up_with_no_trump_is_costly(seed: int) -> None:
    opinion = analyse_game(
        "euchre", 4, seed, {}, ["order"], 0, playouts=PLAYOUTS, deal=euchre_deal("9S TS 9C TC QD")
    )
    (decision,) = opinion.decisions
    assert decision.index == 0 and decision.hand == 1 and decision.action == "order"
    assert decision.costly and decision.choices[0].action == "pass"
    assert decision.why.startswith("Ordering up with no trump in your hand: the makers were set")
    assert "passing was better" in decision.why
    assert opinion.largest == decision and opinion.given_away == decision.cost


def test_passing_with_no_trump_is_not_costly() -> None:
    opinion = analyse_game(
        "euchre", 4, 1, {}, ["pass"], 0, playouts=PLAYOUTS, deal=euchre_deal("9S TS 9C TC QD")
    )
    (decision,) = opinion.decisions
    assert not decision.costly and decision.why == "" and decision.cost == 0
    assert opinion.costly == () and opinion.largest is None and opinion.given_away == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_leading_into_a_known_void_is_costly(seed: int) -> None:
    opinion = analyse_game(
        "euchre", 4, seed, {}, VOID_LOG + ["play:AH"], 1, playouts=PLAYOUTS, deal=VOID_DEAL
    )
    decision = opinion.decisions[-1]
    assert decision.index == len(VOID_LOG) and decision.action == "play:AH"
    assert decision.costly and decision.choices[0].action == "play:JC"
    assert decision.why.startswith("Leading ♥ into a known void: the A♥ was trumped")
    assert "leading the J♣ was better" in decision.why


def test_leading_the_best_trump_is_not_costly() -> None:
    opinion = analyse_game(
        "euchre", 4, 1, {}, VOID_LOG + ["play:JC"], 1, playouts=PLAYOUTS, deal=VOID_DEAL
    )
    decision = opinion.decisions[-1]
    assert decision.action == "play:JC" and decision.cost == 0 and not decision.costly
    assert {c.action for c in decision.choices} == {"play:JC", "play:AH"}
    assert all(d.index in range(len(VOID_LOG) + 1) for d in opinion.decisions)
    assert all(len(d.choices) > 1 and d.choices[0].value >= d.choices[-1].value
               for d in opinion.decisions)


def test_only_the_seats_view_counts() -> None:
    """Swapping cards the member cannot see (same suits, never played) changes nothing."""
    swapped = json.loads(json.dumps(VOID_DEAL))
    hands = swapped["hands"]
    hands[0][3], hands[2][2] = hands[2][2], hands[0][3]  # K♣ and 10♣ change hands
    hands[3][3], swapped["kitty"][2] = swapped["kitty"][2], hands[3][3]  # J♦ and 9♣
    log = VOID_LOG + ["play:AH"]
    one = analyse_game("euchre", 4, 5, {}, log, 1, playouts=12, deal=VOID_DEAL)
    two = analyse_game("euchre", 4, 5, {}, log, 1, playouts=12, deal=swapped)
    assert one.decisions == two.decisions and len(one.decisions) >= 5


def test_deterministic_json_exact_and_picklable() -> None:
    log = VOID_LOG + ["play:AH"]
    opinion = analyse_game("euchre", 4, 9, {}, log, 1, playouts=12, deal=VOID_DEAL)
    assert analyse_game("euchre", 4, 9, {}, log, 1, playouts=12, deal=VOID_DEAL) == opinion
    stored = json.loads(json.dumps(opinion.to_json()))
    assert Opinion.from_json(stored) == opinion
    assert pickle.loads(pickle.dumps(opinion)) == opinion
    assert pickle.loads(pickle.dumps(analyse_game)) is analyse_game
    args = ("euchre", 4, 9, {}, ["pass"], 0)
    deal = euchre_deal("9S TS 9C TC QD")
    with ProcessPoolExecutor(max_workers=1) as pool:
        remote = pool.submit(analyse_game, *args, playouts=8, deal=deal)
        assert remote.result() == analyse_game(*args, playouts=8, deal=deal)
    handmade = Opinion(
        2,
        (Decision(7, 3, "bid:4", (Choice("pass", 0.1), Choice("bid:4", -3.25)), 3.35, "Why.",
                  threshold=costly_from(32)),),
        (PerfectPlay(3, 2, 4, 2),),
    )
    assert Opinion.from_json(json.loads(json.dumps(handmade.to_json()))) == handmade
    assert handmade.decisions[0].costly and costly_from(32) == 0.8 and costly_from(10) == COSTLY


def test_perfect_play_of_a_stacked_hand() -> None:
    """Seat 0 holds the five best hearts: best play takes all five tricks for its side."""
    deal = euchre_deal("JH JD AH KH TH", turn_up="9H")
    game = new_game("euchre", deal=deal)
    for action in ["order", "partner", "discard:9H"]:
        game.apply(action)
    while game.hand_number == 1:
        game.apply(game.legal_actions()[-1])
    log = list(game.log)
    mine = analyse_game("euchre", 4, 1, {}, log, 0, playouts=4, deal=deal)
    theirs = analyse_game("euchre", 4, 1, {}, log, 1, playouts=4, deal=deal)
    assert mine.perfect == (PerfectPlay(1, 5, 5, 1),)
    assert theirs.perfect == (PerfectPlay(1, 0, 0, 1),)
    assert all(d.hand == 1 for d in mine.decisions)


def test_choices_open_but_not_weighed_are_counted() -> None:
    """Cincinnati's first bid offers moons the computer does not all weigh: the decision
    counts the choices left out, so the review can say more were open than it lists,
    and the count survives being stored."""
    game = new_game("cincinnati", 4, seed=5)
    seat, legal = game.current_player, game.legal_actions()
    assert seat is not None
    log = [legal[0]]
    opinion = analyse_game("cincinnati", 4, 5, {}, log, seat, playouts=8)
    (decision,) = opinion.decisions
    assert decision.unweighed > 0
    assert decision.unweighed == len(legal) - len(decision.choices)
    assert {c.action for c in decision.choices} < set(legal)
    assert Opinion.from_json(json.loads(json.dumps(opinion.to_json()))) == opinion
