"""The mark after a member's name where a computer finishes their game: ``(left, 🤖 plays
on)`` for a seat they left, ``(replaced, 🤖 plays on)`` for one a moderator gave to the
computer, each against the stored departures."""

from __future__ import annotations

import re

from tests.truth.claims.base import Claim, Test
from tests.truth.reading.names import SeatNames
from tests.truth.stored.store import StoredTable

MARK = re.compile(r" \((?P<how>left|replaced), 🤖 plays on\)")


def mark_findings(text: str, table: StoredTable, names: SeatNames) -> list[tuple[str, str | None]]:
    """(the line said, the truth or None) for each name ``text`` marks as gone."""
    found = []
    longest_first = sorted(names.by_name.items(), key=lambda item: -len(item[0]))
    for match in MARK.finditer(text):
        before = text[: match.start()].rstrip("*")
        start = text.rfind("\n", 0, match.start()) + 1
        end = text.find("\n", match.end())
        line = text[start: end if end >= 0 else len(text)].strip()
        seat = next((seat for name, seat in longest_first if before.endswith(name)), None)
        found.append((line, gone_truth(table, seat, match.group("how"))))
    return found


def gone_truth(table: StoredTable, seat: int | None, how: str) -> str | None:
    """None when the member of ``seat`` went from it for good the way ``how`` says."""
    if seat is None:
        return "the name marked is no seat's member"
    gone = [d.why for d in table.departures if d.seat == seat]
    if not gone:
        return f"nobody went from seat {seat + 1} for good"
    truly = "replaced" if gone[-1] == "replaced" else "left"
    if truly == how:
        return None
    return "a moderator gave the seat away" if truly == "replaced" else "the member left"


def marks(text: str, table: StoredTable, names: SeatNames) -> list[Claim]:
    """A ``seat_mark`` claim for each name ``text`` marks as gone."""
    return [Claim("seat_mark", line, constant(truth))
            for line, truth in mark_findings(text, table, names)]


def constant(truth: str | None) -> Test:
    """A test whose answer does not depend on the moment shown."""
    return lambda s: truth
