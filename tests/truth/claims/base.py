"""A claim: one statement read from a message, and how to test it against the truth."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.truth.reading.names import SeatNames
from tests.truth.reading.seating import Seating
from tests.truth.stored.store import StoredTable
from tests.truth.stored.timeline import Snapshot

#: A test returns None when the claim holds at a snapshot, else the truth in words.
Test = Callable[[Snapshot], str | None]


@dataclass(frozen=True)
class Claim:
    """One statement: its kind, the words that make it, and its test."""

    kind: str
    said: str
    test: Test


@dataclass(frozen=True)
class Context:
    """What a reader knows about a message: its table, the names there, whose it is."""

    table: StoredTable
    names: SeatNames
    seat: int | None = None  # the seat a private message belongs to
    member: int | None = None  # the member a private message shows to
    controls: tuple[tuple[str, str], ...] = ()  # its enabled (custom id, label) pairs
    #: A lobby version: the seats as held at the moment it shows (None: not a lobby, or
    #: a table whose seat changes were not stored).
    seating: Seating | None = None


def who(names: SeatNames, seat: int | None) -> str:
    """A seat as a report names it (its number, 1-based, and a name it goes by)."""
    if seat is None:
        return "nobody"
    named = [name for name, number in names.by_name.items() if number == seat]
    people = [name for name in named if not name.startswith("🤖")]
    return (people or named or [f"seat {seat + 1}"])[0]


def split_outside(text: str, separator: str = ", ") -> list[str]:
    """``text`` split at ``separator`` outside brackets (``bob (left, 🤖 plays on)`` stays
    whole)."""
    parts, depth, start, index = [], 0, 0, 0
    while index < len(text):
        char = text[index]
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and text.startswith(separator, index):
            parts.append(text[start:index])
            index += len(separator)
            start = index
            continue
        index += 1
    parts.append(text[start:])
    return parts


SIDE_VALUE = re.compile(r"^\**(?P<names>.+?)\**:? (?P<value>[+-−]?\d+)(?: \(bid (?P<bid>\w+)\))?$")


def side_values(text: str, names: SeatNames) -> list[tuple[list[int], int]] | None:
    """``**A & B** 3 · **C & D** −2`` as (seats, number) pairs; None if a part is not that."""
    found = []
    for part in text.split(" · "):
        match = SIDE_VALUE.match(part.strip())
        if match is None:
            return None
        seats = names.seats(match.group("names"))
        if seats is None:
            return None
        found.append((seats, int(match.group("value").replace("−", "-"))))
    return found


def side_with(sides: Any, seat: int) -> list[int]:
    """The seats of the side ``seat`` plays on, out of a view's ``sides`` (empty if none)."""
    return next((list(x) for x in sides or [] if seat in x), [])


def side_of(snapshot: Snapshot, seats: list[int]) -> int | None:
    """The side whose seats are exactly ``seats`` (in any order), or None. A loner's side
    may be named by those who play: its partner who sits out the hand may be left out."""
    out = sitting_out(snapshot)
    for number, side in enumerate(snapshot.public.get("sides") or []):
        if sorted(side) == sorted(seats):
            return number
        if seats and set(seats) < set(side) and set(side) - set(seats) <= out:
            return number
    return None


def sitting_out(snapshot: Snapshot) -> set[int]:
    """The seats sitting out the hand in play, beside a partner alone (or, before
    its first trick, the hand just scored, whose result is still being told)."""
    hand = snapshot.whole_hand()
    if not any(e["type"] == "trick" for e in snapshot.hand_events()):
        start = snapshot.n_events - len(snapshot.hand_events())
        earlier = [i for i in range(start) if snapshot.all_events[i]["type"] == "deal"]
        hand = hand + snapshot.all_events[earlier[-1]:start] if earlier else hand
    out: set[int] = set()
    for event in hand:
        if event["type"] == "alone" or (event["type"] == "defend" and event.get("alone")):
            side = side_with(snapshot.public.get("sides"), event["seat"])
            out.update(x for x in side if x != event["seat"])
    return out


def by_side(kind: str, said: str, pairs: list[tuple[list[int], int]],
            truth: Callable[[Snapshot], list[int] | None]) -> list[Claim]:
    """One claim per side: that side's number is the one said."""
    claims = []
    for seats, value in pairs:
        def test(s: Snapshot, seats: list[int] = seats, value: int = value) -> str | None:
            side = side_of(s, seats)
            if side is None:
                return f"no side is exactly seats {[x + 1 for x in seats]}"
            numbers = truth(s)
            if numbers is None:
                return "nothing to count yet"
            return None if numbers[side] == value else f"{numbers[side]}, not {value}"
        claims.append(Claim(kind, said, test))
    return claims


def offered(seat: int, action: str) -> Test:
    """The seat acts now and may take ``action`` (or an action that starts with it)."""
    def test(s: Snapshot) -> str | None:
        if s.acting != seat:
            return f"{s.acting} acts now"
        return None if any(a.startswith(action) for a in s.legal) else f"open now: {s.legal}"
    return test
