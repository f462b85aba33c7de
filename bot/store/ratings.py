"""Skill ratings, per-seat game records and the mark that a result has been counted.

A result is counted by :meth:`RatingRepository.apply` in one transaction: the ratings of
everyone who played, a ``seat_records`` row per seat, the rating change of each member
who left the game (on their ``departures`` row) and the ``rated_results`` mark. The mark
is checked inside that same transaction, so a result never counts twice (see
:mod:`bot.ratings.updater`, which reads the ratings it starts from inside it as well).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from bot.ratings.records import RECORD_NAMES, SeatRecords
from bot.ratings.skill import Skill

from .database import Database, utc_now
from .departures import DepartureRepository


@dataclass(frozen=True)
class RatingRecord:
    """A stored rating: a person's (``user_id``) or a computer level's (fixed skill)."""

    guild_id: int
    variant: str
    user_id: int | None
    computer_level: str | None
    skill: Skill
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        """The cautious skill ``mu - 3 sigma``."""
        return self.skill.ordinal

    @property
    def win_rate(self) -> float:
        """Wins per game (0 before the first game)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class SeatOutcome:
    """What one seat of a result changes: its rating (people) and its records.

    A member who left the game has an outcome too (a loss): ``departure_id`` names their
    departure, which keeps their rating change; ``owns_seat`` is False when a computer
    holds the seat for good, so the seat's record stays the computer's.
    """

    seat: int
    user_id: int | None
    computer_level: str | None
    won: bool
    records: SeatRecords
    before: Skill
    after: Skill
    departure_id: int | None = None
    owns_seat: bool = True


class RatingRepository:
    """Typed access to ``ratings``, ``seat_records`` and ``rated_results``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def unrated(self, limit: int = 100) -> list[int]:
        """Table ids of recorded results not counted yet, in the order they finished."""
        rows = await self.db.fetchall(
            "SELECT table_id FROM results WHERE table_id NOT IN (SELECT table_id FROM"
            " rated_results) ORDER BY finished_at, table_id LIMIT ?",
            (limit,),
        )
        return [int(row["table_id"]) for row in rows]

    async def is_rated(self, table_id: int) -> bool:
        """Whether the result of ``table_id`` has been counted."""
        row = await self.db.fetchone("SELECT 1 FROM rated_results WHERE table_id = ?", (table_id,))
        return row is not None

    async def get(
        self,
        guild_id: int,
        variant: str,
        *,
        user_id: int | None = None,
        computer_level: str | None = None,
    ) -> RatingRecord | None:
        """The stored rating of a person or a computer level, or None if it never played."""
        row = await self.db.fetchone(
            "SELECT * FROM ratings WHERE guild_id = ? AND variant = ? AND user_id IS ?"
            " AND computer_level IS ?",
            (guild_id, variant, user_id, None if user_id is not None else computer_level),
        )
        return None if row is None else rating_from_row(row)

    async def apply(
        self, table_id: int, guild_id: int, variant: str, outcomes: Sequence[SeatOutcome]
    ) -> bool:
        """Count a result once: ratings, seat records, the mark. False if already counted."""
        now = utc_now()
        async with self.db.transaction():
            if await self.is_rated(table_id):
                return False
            for outcome in outcomes:
                await self._save_rating(guild_id, variant, outcome, now)
                if outcome.owns_seat:
                    await self._save_records(table_id, outcome)
                if outcome.departure_id is not None:
                    await DepartureRepository(self.db).set_rating(
                        outcome.departure_id, outcome.before, outcome.after
                    )
            await self.db.execute(
                "INSERT INTO rated_results (table_id, rated_at) VALUES (?, ?)", (table_id, now)
            )
        return True

    async def _save_rating(
        self, guild_id: int, variant: str, outcome: SeatOutcome, now: str
    ) -> None:
        person = outcome.user_id is not None
        level = None if person else outcome.computer_level
        skill, won = outcome.after, int(outcome.won)
        updated = await self._update_rating(guild_id, variant, outcome.user_id, level, skill, won)
        if not updated:
            await self.db.execute(
                "INSERT INTO ratings (guild_id, variant, user_id, computer_level, mu, sigma,"
                " ordinal, games, wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (
                    guild_id,
                    variant,
                    outcome.user_id,
                    level,
                    skill.mu,
                    skill.sigma,
                    skill.ordinal,
                    won,
                    now,
                ),
            )

    async def _update_rating(
        self,
        guild_id: int,
        variant: str,
        user_id: int | None,
        level: str | None,
        skill: Skill,
        won: int,
    ) -> bool:
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE ratings SET mu = ?, sigma = ?, ordinal = ?, games = games + 1,"
                " wins = wins + ?, updated_at = ? WHERE guild_id = ? AND variant = ?"
                " AND user_id IS ? AND computer_level IS ?",
                (
                    skill.mu,
                    skill.sigma,
                    skill.ordinal,
                    won,
                    utc_now(),
                    guild_id,
                    variant,
                    user_id,
                    level,
                ),
            )
            changed = cursor.rowcount
            await cursor.close()
        return changed > 0

    async def _save_records(self, table_id: int, outcome: SeatOutcome) -> None:
        person = outcome.user_id is not None
        columns = ", ".join(RECORD_NAMES)
        marks = ", ".join("?" for _ in RECORD_NAMES)
        before = outcome.before if person else None
        after = outcome.after if person else None
        await self.db.execute(
            f"INSERT INTO seat_records (table_id, seat, user_id, {columns}, mu_before,"
            f" sigma_before, mu_after, sigma_after) VALUES (?, ?, ?, {marks}, ?, ?, ?, ?)",
            (
                table_id,
                outcome.seat,
                outcome.user_id,
                *outcome.records.as_dict().values(),
                before.mu if before else None,
                before.sigma if before else None,
                after.mu if after else None,
                after.sigma if after else None,
            ),
        )


def rating_from_row(row: sqlite3.Row) -> RatingRecord:
    """A :class:`RatingRecord` from a ``ratings`` row."""
    return RatingRecord(
        guild_id=row["guild_id"],
        variant=row["variant"],
        user_id=row["user_id"],
        computer_level=row["computer_level"],
        skill=Skill(float(row["mu"]), float(row["sigma"])),
        games=int(row["games"]),
        wins=int(row["wins"]),
    )
