"""Who a name in Bower's text stands for: a seat of the table, from what was stored (the
seated members' names, the computer seats' names and levels, the Flip dead hand)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from tests.truth.stored.store import StoredTable

#: Computer players are named by their seat (README: seat 1 Ada, seat 2 Bolt, …).
COMPUTER_NAMES = ("Ada", "Bolt", "Cog", "Dex", "Echo", "Flux", "Gizmo", "Hex", "Ion", "Jet")
DEAD_HAND = "🂠 Dead hand"
#: The review's text names it without the card (its picture draws the hand itself).
DEAD_HAND_PLAIN = "Dead hand"
#: What may follow a person's name: they left or were replaced, or a computer holds their
#: hand for now (the first two are checked by :mod:`tests.truth.claims.marks`).
LEFT = r"(?: \((?:left, 🤖 plays on|replaced, 🤖 plays on|🤖 standing in)\))?"


@dataclass
class SeatNames:
    """Names → seats for one table."""

    by_name: dict[str, int]
    pattern: re.Pattern[str]

    def seat(self, name: str) -> int | None:
        """The seat a name (as Bower writes it) stands for, or None."""
        match = self.pattern.fullmatch(name.strip().strip("*").strip())
        if match is None:
            return None
        return self.by_name.get(match.group("name"))

    def seats(self, names: str) -> list[int] | None:
        """The seats of ``A & B`` (a side), or None if one is not a seat's name."""
        found = [self.seat(part) for part in names.strip().strip("*").split(" & ")]
        return None if any(s is None for s in found) else [s for s in found if s is not None]

    def replace(self, text: str, by: str = "X") -> str:
        """``text`` with every seat's name replaced (to label a line without its names)."""
        return self.pattern.sub(by, text)


def seat_names(table: StoredTable, user_names: Mapping[int, str]) -> SeatNames:
    """The names of a table's seats as stored: people (and who left a seat), computers, and
    Flip's dead hand (the seat after the last player's)."""
    by_name: dict[str, int] = {}
    for seat in table.seats:
        if seat.computer_level is not None:
            by_name[f"🤖 {COMPUTER_NAMES[seat.seat]} ({seat.computer_level})"] = seat.seat
        for user in (seat.user_id, table.departed.get(seat.seat)):
            if user is not None and user in user_names:
                by_name[user_names[user]] = seat.seat
    if table.variant == "flip":
        by_name[DEAD_HAND] = by_name[DEAD_HAND_PLAIN] = table.players
    alternatives = "|".join(re.escape(n) for n in sorted(by_name, key=len, reverse=True))
    # A computer seat may be named at any level (a replacement's level is the server's).
    computers = "|".join(f"🤖 {n} \\(\\w+\\)" for n in COMPUTER_NAMES)
    pattern = re.compile(f"(?P<name>{alternatives or '(?!)'}|{computers}){LEFT}")
    for number, name in enumerate(COMPUTER_NAMES[: len(table.seats)]):
        for level in ("random", "easy", "normal", "hard", "expert"):
            by_name.setdefault(f"🤖 {name} ({level})", number)
    return SeatNames(by_name, pattern)
