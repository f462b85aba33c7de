"""A stored tournament of two rounds (round 1 played out, round 2 under way), a table the
queue opened, and the records the event checkers read them from."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.truth.claims.events.records import Records
from tests.truth.planting import ALICE, BOB, NAMES, two_hands
from tests.truth.stored.events import Registration, RoundSeating, StoredTournament
from tests.truth.stored.store import StoredSeat, StoredTable

#: When the first round's table played its last move, and when round 2 opened.
ROUND_1_OVER, ROUND_2_OPENED = 50.0, 100.0
QUEUE_TABLE_OPENED = 200.0


def round_table() -> StoredTable:
    """Round 1's table: bob's two-hand Euchre game, played out by ``ROUND_1_OVER``."""
    table = two_hands(hand_limit=2)
    table.round_of = ("Night", 1, 1, True)
    assert table.actions[-1].stored_at < ROUND_1_OVER
    return table


def tournament() -> StoredTournament:
    """Night: Euchre, two rounds of two hands, alice and bob registered."""
    night = StoredTournament(7, 300, 200, 400, ALICE, "Night", "euchre", 4,
                             {"target": 1000, "stick_dealer": False}, "progressive",
                             "computers", 2, 2, None, "running", None, -20.0, None)
    night.registrations = [Registration(ALICE, -10.0, None), Registration(BOB, -5.0, None)]
    night.tables = [RoundSeating(1, 1, 1, [None, BOB, None, ALICE], True),
                    RoundSeating(2, 1, 2, [ALICE, BOB, None, None], False)]
    return night


def queue_table() -> StoredTable:
    """A Flip Euchre table of three the queue opened for alice, two computers beside her."""
    seats = [StoredSeat(0, ALICE, None), StoredSeat(1, None, "normal"),
             StoredSeat(2, None, "normal")]
    return StoredTable(3, "flip", 3, {"target": 22, "deck": 50}, 9, "playing", None, 500, 200,
                       None, QUEUE_TABLE_OPENED, seats, [])


@pytest.fixture
def records() -> Records:
    """The tournament, its two tables, the queue's table and the members' names."""
    first = round_table()
    second = replace(two_hands(hand_limit=2), id=2, status="playing", thread_id=600,
                     created_at=ROUND_2_OPENED, round_of=("Night", 2, 1, False))
    second.actions = [replace(a, stored_at=ROUND_2_OPENED + 1 + a.index) for a in first.actions]
    tables = {1: first, 2: second, 3: queue_table()}
    return Records([tournament()], tables, [], NAMES)
