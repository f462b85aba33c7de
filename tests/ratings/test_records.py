"""Records of a game from its events: moons, loners, Jambones, Jamborees, euchres."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import new_game
from bot.ratings.records import seat_records
from bot.store.standings.values import SeatRecords


def scored(**details: Any) -> dict[str, Any]:
    return {"type": "hand_scored", "points": [0, 0], "scores": [0, 0], **details}


MADE = {"calls": 1, "calls_made": 1}  # the maker's call, made
SET = {"calls": 1, "euchred": 1}  # the maker's call, set

CASES: list[tuple[str, dict[str, Any], int, dict[str, int]]] = [
    # (what, hand_scored details, seat, expected non-zero records of that seat)
    ("euchre: plain hand made", {"maker": 1, "euchred": None, "alone": False}, 1, MADE),
    ("euchre: maker euchred", {"maker": 1, "euchred": 1, "alone": False}, 1, SET),
    (
        "euchre: loner made",
        {"maker": 2, "euchred": None, "alone": True},
        2,
        {"loners": 1, "loners_made": 1, **MADE},
    ),
    (
        "euchre: loner euchred",
        {"maker": 2, "euchred": 0, "alone": True},
        2,
        {"loners": 1, **SET},
    ),
    (
        "cincinnati: moon made",
        {"maker": 3, "bid": "double_moon", "made": True, "euchred": None, "alone": True},
        3,
        {"moons": 1, **MADE},
    ),
    (
        "cincinnati: moon lost",
        {"maker": 3, "bid": "moon", "made": False, "euchred": 1, "alone": True},
        3,
        SET,
    ),
    (
        "cincinnati: bid of 4 set",
        {"maker": 0, "bid": "4", "made": False, "euchred": 0, "alone": False},
        0,
        SET,
    ),
    (
        "over the rhine: shoot with all five",
        {"maker": 1, "tricks": [0, 5], "set": False, "shoot": True},
        1,
        {"moons": 1, **MADE},
    ),
    (
        "over the rhine: shoot with four",
        {"maker": 1, "tricks": [1, 4], "set": False, "shoot": True},
        1,
        MADE,
    ),
    (
        "over the rhine: maker set",
        {"maker": 0, "tricks": [2, 3], "set": True, "shoot": False},
        0,
        SET,
    ),
    (
        "over the rhine: free-for-all",
        {"maker": None, "tricks": [2, 3], "set": False, "shoot": False, "free_for_all": True},
        0,
        {},
    ),
    (
        "railroad: alone made",
        {"maker": 1, "made": True, "euchred": None, "declaration": "alone"},
        1,
        {"loners": 1, "loners_made": 1, **MADE},
    ),
    (
        "railroad: jambone made",
        {"maker": 1, "made": True, "euchred": None, "declaration": "jambone"},
        1,
        {"jambones": 1, "jambones_made": 1, **MADE},
    ),
    (
        "railroad: jambone lost",
        {"maker": 1, "made": False, "euchred": 1, "declaration": "jambone"},
        1,
        {"jambones": 1, **SET},
    ),
    ("over the top: bid lost", {"maker": 0, "bid": 120, "made": False}, 0, SET),
    ("flip: lowest bidders euchred", {"bids": [3, 2, 1, 4], "euchred": [0, 3]}, 3, {"euchred": 1}),
]


@pytest.mark.parametrize(("what", "details", "seat", "expected"), CASES, ids=[c[0] for c in CASES])
def test_one_hand(what: str, details: dict[str, Any], seat: int, expected: dict[str, int]) -> None:
    records = seat_records([scored(**details)], 4)
    assert records[seat] == SeatRecords(**expected)
    others = [r for s, r in enumerate(records) if s != seat]
    if "euchred" not in details or not isinstance(details["euchred"], list):
        assert all(r.empty for r in others)


def test_jamboree_is_credited_to_the_holder_once() -> None:
    events = [
        {"type": "jamboree", "seat": 2, "side": 0, "bonus": 16},
        scored(maker=1, made=True, euchred=None, declaration="partner", jamboree=2),
    ]
    records = seat_records(events, 4)
    assert records[2] == SeatRecords(jamborees=1)
    assert records[1] == SeatRecords(**MADE)


def test_the_defenders_of_a_set_maker_are_credited_with_euchring() -> None:
    events = [scored(maker=1, euchred=1, alone=False), scored(maker=0, euchred=None)]
    records = seat_records(events, 4, sides=[0, 1, 0, 1])
    assert [r.euchring for r in records] == [1, 0, 1, 0]
    assert [r.calls for r in records] == [1, 1, 0, 0]
    assert [r.calls_made for r in records] == [1, 0, 0, 0]
    assert all(r.euchring == 0 for r in seat_records(events, 4))  # no sides: not counted


def test_every_flip_bid_is_a_call_and_a_bid_hit_takes_as_many_tricks() -> None:
    events = [scored(bids=[3, 2, 1, 0], tricks=[3, 1, 4, 0], euchred=[1]),
              scored(bids=[None] * 4, tricks=[1, 2, 1, 1], zilch=True, euchred=[])]
    records = seat_records(events, 4)
    assert [r.calls for r in records] == [1, 1, 1, 1]
    assert [r.calls_made for r in records] == [1, 0, 1, 1]


def test_records_add_up() -> None:
    total = SeatRecords(moons=1, euchred=2) + SeatRecords(moons=2, loners=1)
    assert total == SeatRecords(moons=3, loners=1, euchred=2)
    assert not total.empty and SeatRecords().empty


def random_game_events(variant: str, seed: int) -> tuple[int, list[dict[str, Any]]]:
    game = new_game(variant, None, seed, {"target": 3})
    rng = random.Random(seed)
    for _ in range(2000):  # random bidding may never reach the target: a cap is enough
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game.players, list(game.events)


@pytest.mark.parametrize("variant", ["euchre", "railroad", "cincinnati"])
def test_loners_and_moons_match_the_engines_alone_events(variant: str) -> None:
    for seed in range(15):
        players, events = random_game_events(variant, seed)
        records = seat_records(events, players)
        alone = [e["seat"] for e in events if e["type"] == "alone"]
        counted = [
            r.loners + r.jambones + (r.moons if variant == "cincinnati" else 0) for r in records
        ]
        assert sum(counted) <= len(alone)
        if variant != "cincinnati":  # a moon lost is not a moon made
            assert counted == [alone.count(s) for s in range(players)]
        euchred_hands = sum(
            1 for e in events if e["type"] == "hand_scored" and e.get("euchred") is not None
        )
        assert sum(r.euchred for r in records) == euchred_hands


@pytest.mark.parametrize("variant", ["euchre", "railroad", "over_the_top"])
def test_calls_and_euchring_match_the_engines_hands(variant: str) -> None:
    for seed in range(10):
        game = new_game(variant, None, seed, {"target": 3})
        rng = random.Random(seed)
        for _ in range(2000):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        sides = [game.side_of(s) for s in range(game.players)]
        records = seat_records(game.events, game.players, sides)
        hands = [e for e in game.events
                 if e["type"] == "hand_scored" and e.get("maker") is not None]
        assert sum(r.calls for r in records) == len(hands)
        set_hands = [e for e in hands if e.get("euchred") is not None or e.get("made") is False]
        assert sum(r.calls - r.calls_made for r in records) == len(set_hands)
        defenders = sum(sum(1 for side in sides if side != sides[e["maker"]]) for e in set_hands)
        assert sum(r.euchring for r in records) == defenders
