"""Every table the store kept, lobbies and cancelled ones too: who opened it, when, its
seats now and each change of a seat before the start, every departure from it (returned
or not), who made each stored move, when its first move was stored and when its result
was (seconds since the epoch)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from tests.truth.stored.store import StoredSeatChange, epoch


@dataclass(frozen=True)
class Departure:
    """A member gone from a seat: why, when, whether it counts as a loss, whether they
    came back, and whether a rating change was written for it."""

    seat: int
    user_id: int
    why: str
    counts_as_loss: bool
    departed_at: float
    returned: bool
    rated: bool


@dataclass(frozen=True)
class Move:
    """One stored move: the seat, who made it (``person``, ``computer``, ``timeout``: a
    computer for a person whose timer ran out, ``standin``: a computer holding a person's
    hand) and when."""

    seat: int
    source: str
    at: float


@dataclass
class OpenedTable:
    """A table as stored, whatever became of it."""

    id: int
    variant: str
    host_id: int
    status: str
    created_at: float
    tournament: bool  # a tournament round's table
    seats: dict[int, tuple[int | None, str | None]] = field(default_factory=dict)
    seat_changes: list[StoredSeatChange] = field(default_factory=list)  # in order
    departures: list[Departure] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)  # in the order stored
    first_move_at: float | None = None
    finished_at: float | None = None  # when its result was stored (None: no result)

    def people_at(self, at: float) -> set[int]:
        """The members seated at ``at``: those seated now and joined by then, and those
        who left later."""
        now = {user for user, _ in self.seats.values() if user is not None}
        gone_before = {d.user_id for d in self.departures if d.departed_at <= at
                       and not d.returned}
        return (now - gone_before) | {d.user_id for d in self.departures if d.departed_at > at}

    def departure_of(self, user_id: int) -> Departure | None:
        """The member's latest departure from the table, if any."""
        mine = [d for d in self.departures if d.user_id == user_id]
        return mine[-1] if mine else None


def read_opened(path: Path) -> dict[int, OpenedTable]:
    """Every stored table by its number."""
    with sqlite3.connect(path) as db:
        tables = {
            row[0]: OpenedTable(row[0], row[1], row[2], row[3], epoch(row[4]), row[5] is not None)
            for row in db.execute("SELECT id, variant, host_id, status, created_at, event_name"
                                  " FROM tables")
        }
        for table_id, seat, user, level in db.execute(
                "SELECT table_id, seat, user_id, computer_level FROM seats"):
            tables[table_id].seats[seat] = (user, level)
        for table_id, seat, user, level, stamp in db.execute(
                "SELECT table_id, seat, user_id, computer_level, changed_at FROM seat_changes"
                " ORDER BY table_id, id"):
            tables[table_id].seat_changes.append(
                StoredSeatChange(seat, user, level, epoch(stamp)))
        for row in db.execute(
                "SELECT table_id, seat, user_id, why, counts_as_loss, departed_at, returned_at,"
                " mu_after FROM departures ORDER BY id"):
            tables[row[0]].departures.append(Departure(
                row[1], row[2], row[3], bool(row[4]), epoch(row[5]), row[6] is not None,
                row[7] is not None))
        for table_id, seat, source, stamp in db.execute(
                "SELECT table_id, seat, source, created_at FROM actions ORDER BY table_id, idx"):
            tables[table_id].moves.append(Move(seat, source, epoch(stamp)))
        for table in tables.values():
            table.first_move_at = table.moves[0].at if table.moves else None
        for table_id, stamp in db.execute("SELECT table_id, finished_at FROM results"):
            tables[table_id].finished_at = epoch(stamp)
    return tables
