"""What the bot stored, read straight from its SQLite database: tables, seats and when
each changed hands, the action log with the moment each action was stored, departures and
tournament rounds."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class StoredSeat:
    """One seat as stored: a person (user id), a computer (level), or both (a stand-in)."""

    seat: int
    user_id: int | None
    computer_level: str | None


@dataclass(frozen=True)
class StoredSeatChange:
    """Who holds a seat from ``at`` on (seconds since the epoch): a member (user id), a
    computer (level), or nobody (both None: the seat was given up)."""

    seat: int
    user_id: int | None
    computer_level: str | None
    at: float


@dataclass(frozen=True)
class StoredAction:
    """One logged action and when (seconds since the epoch) it was stored."""

    index: int
    seat: int
    action: str
    stored_at: float


@dataclass(frozen=True)
class StoredDeparture:
    """A member gone from a seat for good (not come back): why, the hand in progress as
    stored (from 1), the computer that took the seat, and when (seconds since the epoch)."""

    seat: int
    user_id: int
    why: str
    hand_number: int
    computer_level: str
    departed_at: float


@dataclass
class StoredTable:
    """A table with everything needed to replay its game."""

    id: int
    variant: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    hand_limit: int | None
    message_id: int | None
    channel_id: int
    thread_id: int | None
    created_at: float
    seats: list[StoredSeat] = field(default_factory=list)
    actions: list[StoredAction] = field(default_factory=list)
    departed: dict[int, int] = field(default_factory=dict)  # seat → user who left it
    departures: list[StoredDeparture] = field(default_factory=list)  # standing ones, in order
    host_id: int | None = None  # the member who opened it
    #: A tournament round's table: its tournament's name, round, table number, and whether
    #: its scores are kept for the standings.
    round_of: tuple[str, int, int, bool] | None = None
    result_at: float | None = None  # when its result was stored (None: none, never rated)
    #: The seats it opened with and every lobby seat change, in order.
    seat_changes: list[StoredSeatChange] = field(default_factory=list)

    @property
    def home(self) -> int:
        """The channel (or thread) its messages are posted in."""
        return self.thread_id or self.channel_id


def epoch(stamp: str) -> float:
    """Seconds since the epoch of a stored ISO 8601 timestamp."""
    return datetime.fromisoformat(stamp).timestamp()


def read_tables(path: Path, only: int | None = None) -> list[StoredTable]:
    """Every table that started a game (lobbies that never played are left out); with
    ``only``, that table alone."""
    where, of_table = ("WHERE id = ?", "WHERE table_id = ?") if only is not None else ("", "")
    params = () if only is None else (only,)
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT id, variant, players, options, seed, status, hand_limit, message_id,"
            f" channel_id, thread_id, created_at, host_id FROM tables {where} ORDER BY id",
            params,
        ).fetchall()
        tables = {
            row[0]: StoredTable(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5],
                                row[6], row[7], row[8], row[9], epoch(row[10]), host_id=row[11])
            for row in rows
        }
        for table_id, seat, user, level in db.execute(
            "SELECT table_id, seat, user_id, computer_level FROM seats"
            f" {of_table} ORDER BY table_id, seat", params
        ):
            tables[table_id].seats.append(StoredSeat(seat, user, level))
        for table_id, seat, user, level, stamp in db.execute(
            "SELECT table_id, seat, user_id, computer_level, changed_at FROM seat_changes"
            f" {of_table} ORDER BY table_id, id", params
        ):
            tables[table_id].seat_changes.append(StoredSeatChange(seat, user, level, epoch(stamp)))
        for table_id, index, seat, action, stamp in db.execute(
            "SELECT table_id, idx, seat, action, created_at FROM actions"
            f" {of_table} ORDER BY table_id, idx", params
        ):
            tables[table_id].actions.append(StoredAction(index, seat, action, epoch(stamp)))
        for table_id, seat, user in db.execute(
            f"SELECT table_id, seat, user_id FROM departures {of_table}", params
        ):
            tables[table_id].departed[seat] = user
        for table_id, seat, user, why, hand, level, stamp in db.execute(
            "SELECT table_id, seat, user_id, why, hand_number, computer_level, departed_at"
            f" FROM departures {of_table}{' AND' if of_table else ' WHERE'}"
            " returned_at IS NULL ORDER BY id", params
        ):
            if table_id in tables:
                tables[table_id].departures.append(
                    StoredDeparture(seat, user, why, hand, level, epoch(stamp)))
        for table_id, name, number, table_no, scores in db.execute(
            "SELECT r.table_id, t.name, r.round, r.table_no, r.scores FROM tournament_tables r"
            " JOIN tournaments t ON t.id = r.tournament_id"
        ):
            if table_id in tables:
                tables[table_id].round_of = (name, number, table_no, scores is not None)
        for table_id, stamp in db.execute(
            f"SELECT table_id, finished_at FROM results {of_table}", params
        ):
            if table_id in tables:
                tables[table_id].result_at = epoch(stamp)
    return [t for t in tables.values() if t.status in ("playing", "finished", "abandoned")]


@dataclass(frozen=True)
class StoredRound:
    """One tournament table of one round, with the scores the tournament kept."""

    tournament_id: int
    round: int
    table_no: int
    table_id: int | None
    seats: list[int | None]  # the member in each seat (None: a computer)


def read_rounds(path: Path) -> list[StoredRound]:
    """Every tournament table of every round, with who sat where."""
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT tournament_id, round, table_no, table_id, seats FROM tournament_tables"
        ).fetchall()
    return [StoredRound(t, r, n, i, json.loads(s)) for t, r, n, i, s in rows]


def read_tournaments(path: Path) -> dict[str, int]:
    """Each tournament's id by its name."""
    with sqlite3.connect(path) as db:
        return {name: tid for tid, name in db.execute("SELECT id, name FROM tournaments")}
