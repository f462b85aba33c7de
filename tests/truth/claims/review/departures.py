"""Claims of a ``/review`` step's departure lines, shown at the deal of the hand during
which a member left: ``🚪 bob left during hand 3; 🤖 a normal computer took the seat.``
(or ``… was replaced after timeouts during hand 3 …``, ``A moderator replaced bob during
hand 3 …``). The member left that seat for good, in that way; the hand was the one in
play when their departure was stored (read from the moments the actions were stored);
and the computer named is the one that holds the seat."""

from __future__ import annotations

import re

from tests.truth.claims.base import Claim, Context, Test
from tests.truth.claims.review.holdings import Step
from tests.truth.stored.timeline import Snapshot

WAYS = (
    ("left", re.compile(r"^🚪 (?P<name>.+) left during hand (?P<hand>\d+); ")),
    ("timeouts", re.compile(r"^🚪 (?P<name>.+) was replaced after timeouts during hand "
                            r"(?P<hand>\d+); ")),
    ("replaced", re.compile(r"^🚪 A moderator replaced (?P<name>.+) during hand (?P<hand>\d+); ")),
)
TAKER = re.compile(r"; 🤖 an? (?P<level>\w+) computer took the seat\.$")


def departure_claims(line: str, ctx: Context, step: Step | None) -> list[Claim] | None:
    """A departure line at a hand's deal: who left, how, during which hand, and the
    computer that took their seat."""
    taker = TAKER.search(line)
    if step is None or step[3] is not None or taker is None:
        return None
    for why, pattern in WAYS:
        match = pattern.match(line)
        seat = ctx.names.seat(match.group("name")) if match else None
        if match is not None and seat is not None:
            return [Claim("review_departure", line, departure_test(
                ctx, seat, why, int(match.group("hand")), taker.group("level"), step[1]))]
    return None


def departure_test(ctx: Context, seat: int, why: str, hand: int, level: str,
                   shown_at: int) -> Test:
    """The test that ``seat``'s member left it for good, ``why``, during ``hand`` (the
    step's hand), and that a computer of ``level`` took it."""
    def test(s: Snapshot) -> str | None:
        gone = [d for d in ctx.table.departures if d.seat == seat]
        if not gone:
            return "nobody left that seat for good"
        if gone[0].why != why:
            return f"the member's seat was given up as '{gone[0].why}'"
        during = hand_at(s, ctx, gone[0].departed_at)
        if during != hand or shown_at != hand:
            return f"they left during hand {during} (told at hand {shown_at})"
        held = next((x.computer_level for x in ctx.table.seats if x.seat == seat), None)
        return None if held == level else f"a {held} computer holds the seat"
    return test


def hand_at(s: Snapshot, ctx: Context, moment: float) -> int:
    """The hand in play at ``moment``: the deals made by the actions stored until then."""
    k = sum(1 for action in ctx.table.actions[: s.k] if action.stored_at <= moment)
    return sum(1 for e in s.all_events[: s.events_by_k[k]] if e["type"] == "deal")
