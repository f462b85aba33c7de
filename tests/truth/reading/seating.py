"""Who held each seat of a table's lobby, moment by moment, named as a lobby lists them:
read from the stored seat changes (the seats the table opened with, then each change)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import groupby

from tests.truth.reading.names import COMPUTER_NAMES
from tests.truth.stored.store import StoredSeatChange, StoredTable

#: How a lobby lists a seat nobody holds.
OPEN = "— open —"
#: Seconds what Bower shows of the seats may lag behind the changes stored before it (it
#: follows each within a fraction of a second).
LAG = 10.0


@dataclass(frozen=True)
class Seating:
    """The seats as held from ``since`` on (seconds since the epoch): each seat's name as
    the lobby lists it (:data:`OPEN` for a seat nobody holds)."""

    since: float
    names: tuple[str, ...]

    @property
    def open_seats(self) -> list[int]:
        """The seats nobody held then (from 0)."""
        return [number for number, name in enumerate(self.names) if name == OPEN]


def seatings(table: StoredTable, user_names: Mapping[int, str]) -> list[Seating]:
    """Every seating of the table in order: one per stored change, changes stored at the
    same moment (the seats a table opens with) making one. Empty if none were stored."""
    names = [OPEN] * len(table.seats)
    found: list[Seating] = []
    for at, changes in groupby(table.seat_changes, key=lambda change: change.at):
        for change in changes:
            names[change.seat] = holder(change, user_names)
        found.append(Seating(at, tuple(names)))
    return found


def holder(change: StoredSeatChange, user_names: Mapping[int, str]) -> str:
    """Who a change gives the seat to, named as a lobby lists them."""
    if change.user_id is not None:
        return user_names.get(change.user_id, f"<@{change.user_id}>")
    if change.computer_level is not None:
        return f"🤖 {COMPUTER_NAMES[change.seat]} ({change.computer_level})"
    return OPEN
