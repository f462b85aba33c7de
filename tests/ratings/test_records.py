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


CASES: list[tuple[str, dict[str, Any], int, dict[str, int]]] = [
    # (what, hand_scored details, seat, expected non-zero records of that seat)
    ("euchre: plain hand made", {"maker": 1, "euchred": None, "alone": False}, 1, {}),
    ("euchre: maker euchred", {"maker": 1, "euchred": 1, "alone": False}, 1, {"euchred": 1}),
    (
        "euchre: loner made",
        {"maker": 2, "euchred": None, "alone": True},
        2,
        {"loners": 1, "loners_made": 1},
    ),
    (
        "euchre: loner euchred",
        {"maker": 2, "euchred": 0, "alone": True},
        2,
        {"loners": 1, "euchred": 1},
    ),
    (
        "cincinnati: moon made",
        {"maker": 3, "bid": "double_moon", "made": True, "euchred": None, "alone": True},
        3,
        {"moons": 1},
    ),
    (
        "cincinnati: moon lost",
        {"maker": 3, "bid": "moon", "made": False, "euchred": 1, "alone": True},
        3,
        {"euchred": 1},
    ),
    (
        "cincinnati: bid of 4 set",
        {"maker": 0, "bid": "4", "made": False, "euchred": 0, "alone": False},
        0,
        {"euchred": 1},
    ),
    (
        "over the rhine: shoot with all five",
        {"maker": 1, "tricks": [0, 5], "set": False, "shoot": True},
        1,
        {"moons": 1},
    ),
    (
        "over the rhine: shoot with four",
        {"maker": 1, "tricks": [1, 4], "set": False, "shoot": True},
        1,
        {},
    ),
    (
        "over the rhine: maker set",
        {"maker": 0, "tricks": [2, 3], "set": True, "shoot": False},
        0,
        {"euchred": 1},
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
        {"loners": 1, "loners_made": 1},
    ),
    (
        "railroad: jambone made",
        {"maker": 1, "made": True, "euchred": None, "declaration": "jambone"},
        1,
        {"jambones": 1, "jambones_made": 1},
    ),
    (
        "railroad: jambone lost",
        {"maker": 1, "made": False, "euchred": 1, "declaration": "jambone"},
        1,
        {"jambones": 1, "euchred": 1},
    ),
    ("over the top: bid lost", {"maker": 0, "bid": 120, "made": False}, 0, {"euchred": 1}),
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
    assert records[1].empty


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
