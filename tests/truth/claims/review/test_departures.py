"""The review's departure lines are checked against the stored departure: the seat left
for good and how, the hand in play when it was stored, and the computer holding the seat."""

from __future__ import annotations

from dataclasses import replace

from tests.truth.planting import BOB, two_hands, verdicts
from tests.truth.stored.store import StoredDeparture, StoredSeat, StoredTable
from tests.truth.stored.timeline import replay


def left_in_hand_two() -> StoredTable:
    """The planted game, bob leaving during its second hand for a normal computer."""
    table = two_hands()
    final = replay(table)[-1]
    second_deal = [i for i, e in enumerate(final.events) if e["type"] == "deal"][1]
    dealt = final.action_of(second_deal) or 0
    left = table.actions[dealt].stored_at + 0.5  # after the hand's first call
    seats = [StoredSeat(1, BOB, "normal") if s.seat == 1 else s for s in table.seats]
    gone = StoredDeparture(1, BOB, "left", 2, "normal", left)
    return replace(table, seats=seats, departed={1: BOB}, departures=[gone])


def step(hand: int) -> str:
    return f"🔎 Euchre #1 · hand {hand} of 2 · deal and auction"


def test_a_departure_told_at_another_hand_or_another_way_is_false() -> None:
    table = left_in_hand_two()
    final = replay(table)[-1]
    honest = "🚪 bob left during hand 2; 🤖 a normal computer took the seat."
    assert verdicts(f"{step(2)}\n{honest}", table, final, seat=1)["review_departure"] is None
    earlier = honest.replace("hand 2", "hand 1")
    assert verdicts(f"{step(1)}\n{earlier}", table, final, seat=1)["review_departure"] == (
        "they left during hand 2 (told at hand 1)")
    moderator = "🚪 A moderator replaced bob during hand 2; 🤖 a normal computer took the seat."
    assert "given up as 'left'" in str(
        verdicts(f"{step(2)}\n{moderator}", table, final, seat=1)["review_departure"])
    harder = honest.replace("a normal", "a hard")
    assert verdicts(f"{step(2)}\n{harder}", table, final, seat=1)["review_departure"] == (
        "a normal computer holds the seat")
    stayed = two_hands()
    assert verdicts(f"{step(2)}\n{honest}", stayed, replay(stayed)[-1], seat=1)[
        "review_departure"] == "nobody left that seat for good"
