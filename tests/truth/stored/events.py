"""What the bot stored of its tournaments (each one's settings, registrations and round
tables with their scores) and of its ``/play`` queue (the members still waiting), read
straight from its SQLite database."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.truth.stored.store import epoch


@dataclass(frozen=True)
class Registration:
    """A member registered for a tournament: when, and the round after which they were
    dropped (None: never)."""

    user_id: int
    registered_at: float
    dropped_after: int | None


@dataclass(frozen=True)
class RoundSeating:
    """One table of one round: its number, the table that plays it, who sits where (None:
    a computer) and whether its scores are stored (it counts in the standings)."""

    round: int
    table_no: int
    table_id: int | None
    seats: list[int | None]
    scored: bool


@dataclass
class StoredTournament:
    """A tournament as stored, with its registrations and round tables."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    name: str
    variant: str
    players: int
    options: dict[str, Any]
    format: str
    fill: str
    rounds: int
    hands: int
    round_minutes: int | None
    status: str
    starts_at: str | None
    created_at: float
    finished_at: float | None
    registrations: list[Registration] = field(default_factory=list)
    tables: list[RoundSeating] = field(default_factory=list)
    byes: dict[int, list[int]] = field(default_factory=dict)  # round → members with a bye

    def registered_by(self, moment: float) -> list[int]:
        """The members registered at ``moment``, in the order they came."""
        ordered = sorted(self.registrations, key=lambda r: r.registered_at)
        return [r.user_id for r in ordered if r.registered_at <= moment]

    def round_tables(self, number: int) -> list[RoundSeating]:
        """The tables of round ``number``, in table order."""
        return sorted((t for t in self.tables if t.round == number), key=lambda t: t.table_no)


@dataclass(frozen=True)
class QueueEntry:
    """A member still waiting in the ``/play`` queue when the run ended."""

    user_id: int
    variant: str
    players: int
    options: dict[str, Any]
    joined_at: float


def read_tournaments_in_full(path: Path) -> list[StoredTournament]:
    """Every stored tournament with its registrations, byes and round tables."""
    with sqlite3.connect(path) as db:
        found = {
            row[0]: tournament_of(row)
            for row in db.execute(
                "SELECT id, guild_id, channel_id, message_id, host_id, name, variant, players,"
                " options, format, fill, rounds, hands, round_minutes, status, starts_at,"
                " created_at, finished_at FROM tournaments ORDER BY id")
        }
        for tid, user, stamp, dropped in db.execute(
                "SELECT tournament_id, user_id, registered_at, dropped_after"
                " FROM tournament_players"):
            found[tid].registrations.append(Registration(user, epoch(stamp), dropped))
        for tid, number, table_no, table_id, seats, scores in db.execute(
                "SELECT tournament_id, round, table_no, table_id, seats, scores"
                " FROM tournament_tables"):
            found[tid].tables.append(
                RoundSeating(number, table_no, table_id, json.loads(seats), scores is not None))
        for tid, number, user in db.execute(
                "SELECT tournament_id, round, user_id FROM tournament_byes"):
            found[tid].byes.setdefault(number, []).append(user)
    return list(found.values())


def tournament_of(row: tuple[Any, ...]) -> StoredTournament:
    """A tournament out of its stored row (columns in the dataclass's order)."""
    (tid, guild, channel, message, host, name, variant, players, options, fmt, fill, rounds,
     hands, minutes, status, starts_at, created_at, finished_at) = row
    return StoredTournament(tid, guild, channel, message, host, name, variant, players,
                            json.loads(options), fmt, fill, rounds, hands, minutes, status,
                            starts_at, epoch(created_at),
                            epoch(finished_at) if finished_at else None)


def read_queue(path: Path) -> list[QueueEntry]:
    """The members waiting in the ``/play`` queue as the run ended (the queue drops the
    members a table seats, so those seated are not here)."""
    with sqlite3.connect(path) as db:
        return [QueueEntry(user, variant, players, json.loads(options), joined)
                for user, variant, players, options, joined in db.execute(
                    "SELECT user_id, variant, players, options, joined_at FROM play_queue")]
