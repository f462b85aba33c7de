"""The mark after a member's name where a computer finishes their game, in the table's
lines and in ``/history``: held to how they went from the seat."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from tests.truth.claims.history import history_findings
from tests.truth.planting import BOB, NAMES, bob_given_away, verdicts
from tests.truth.reading.names import seat_names
from tests.truth.stored.store import StoredDeparture, StoredTable
from tests.truth.stored.timeline import replay


def test_a_member_marked_as_leaving_a_seat_a_moderator_gave_away_is_false() -> None:
    plain, table, state = bob_given_away(None)
    said = "Cards in hand: bob ({} 🤖 plays on): 0"
    assert verdicts(said.format("replaced,"), table, state)["seat_mark"] is None
    assert verdicts(said.format("left,"), table, state)["seat_mark"] == (
        "a moderator gave the seat away")
    left = replace(table, departures=[replace(table.departures[0], why="left")])
    assert verdicts(said.format("left,"), left, state)["seat_mark"] is None
    assert verdicts(said.format("replaced,"), left, state)["seat_mark"] == "the member left"
    assert verdicts(said.format("left,"), plain, replay(plain)[-1])["seat_mark"] == (
        "nobody went from seat 2 for good")


def test_history_marking_a_replaced_member_as_leaving_is_false(table: StoredTable) -> None:
    gone = StoredDeparture(1, BOB, "replaced", 1, "normal", 1.5)
    given = replace(table, departed={1: BOB}, departures=[gone])
    truth = SimpleNamespace(table=given, names=seat_names(given, NAMES), snapshots=replay(given))
    line = (f"🚪 **Euchre** #1 · replaced by a moderator during hand 1 · "
            f"<@{BOB}> ({{}}, 🤖 plays on)")
    found = history_findings(line.format("replaced"), BOB, {1: truth}, NAMES)
    assert ("seat_mark", line.format("replaced"), None) in found
    found = history_findings(line.format("left"), BOB, {1: truth}, NAMES)
    assert ("seat_mark", line.format("left"), "a moderator gave the seat away") in found
