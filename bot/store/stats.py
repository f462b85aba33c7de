"""Reading ratings and records back: leaderboards, a player's stats, recent games.

Leaderboards list people only (computer levels keep fixed ratings that are not ranked),
best cautious skill (``ordinal``) first; more games, then the lower user id, break ties.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.ratings.records import RECORD_NAMES, SeatRecords
from bot.ratings.skill import Skill

from .database import Database
from .departures import Departure, DepartureRepository
from .ratings import RatingRecord, rating_from_row
from .results import ResultRecord, ResultRepository

_BOARD_ORDER = "ordinal DESC, games DESC, user_id"


@dataclass(frozen=True)
class LeaderboardEntry:
    """One line of a leaderboard: the place (from 1) and the rating."""

    place: int
    rating: RatingRecord


@dataclass(frozen=True)
class PlayerGameStats:
    """A person's standing in one game of one server."""

    variant: str
    rating: RatingRecord
    place: int
    ranked: int
    records: SeatRecords
    hands_played: int


@dataclass(frozen=True)
class HistoryEntry:
    """A finished game a person played: the result, their seat, their rating change, and
    their departure if they left before its end."""

    result: ResultRecord
    seat: int
    before: Skill | None
    after: Skill | None
    departure: Departure | None = None

    @property
    def ordinal_change(self) -> float | None:
        """How much the game moved the person's cautious skill (None: not counted yet)."""
        if self.before is None or self.after is None:
            return None
        return self.after.ordinal - self.before.ordinal

    @property
    def won(self) -> bool:
        """Whether the person won: their side won and they did not leave it."""
        if self.departure is not None and (self.departure.penalised or not self.held_seat):
            return False
        return any(p.seat == self.seat and p.won for p in self.result.seats)

    @property
    def held_seat(self) -> bool:
        """Whether the seat was still the person's at the end (perhaps with a stand-in)."""
        user_id = self.departure.user_id if self.departure else None
        return user_id is None or any(p.user_id == user_id for p in self.result.seats)


class StatsRepository:
    """Leaderboards, per-person stats and history from the rating and result tables."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.results = ResultRepository(db)

    async def leaderboard(
        self, guild_id: int, variant: str, *, offset: int = 0, limit: int = 10
    ) -> list[LeaderboardEntry]:
        """One page of a game's leaderboard in a server."""
        rows = await self.db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND variant = ? AND user_id IS NOT NULL"
            f" ORDER BY {_BOARD_ORDER} LIMIT ? OFFSET ?",
            (guild_id, variant, limit, max(0, offset)),
        )
        return [
            LeaderboardEntry(offset + i + 1, rating_from_row(row)) for i, row in enumerate(rows)
        ]

    async def ranked_count(self, guild_id: int, variant: str) -> int:
        """How many people have a rating in a game of a server."""
        row = await self.db.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND variant = ?"
            " AND user_id IS NOT NULL",
            (guild_id, variant),
        )
        return int(row[0]) if row else 0

    async def place_of(self, rating: RatingRecord) -> int:
        """A person's place on their game's leaderboard (from 1)."""
        row = await self.db.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND variant = ?"
            " AND user_id IS NOT NULL AND (ordinal > ? OR (ordinal = ? AND (games > ?"
            " OR (games = ? AND user_id < ?))))",
            (
                rating.guild_id,
                rating.variant,
                rating.ordinal,
                rating.ordinal,
                rating.games,
                rating.games,
                rating.user_id,
            ),
        )
        return (int(row[0]) if row else 0) + 1

    async def player(
        self, guild_id: int, user_id: int, variant: str | None = None
    ) -> list[PlayerGameStats]:
        """A person's stats in each game they played in a server (or in one game)."""
        rows = await self.db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ?"
            " AND (? IS NULL OR variant = ?) ORDER BY games DESC, variant",
            (guild_id, user_id, variant, variant),
        )
        records = await self._records(guild_id, user_id)
        hands = await self._hands(guild_id, user_id)
        stats = []
        for row in rows:
            rating = rating_from_row(row)
            stats.append(
                PlayerGameStats(
                    variant=rating.variant,
                    rating=rating,
                    place=await self.place_of(rating),
                    ranked=await self.ranked_count(guild_id, rating.variant),
                    records=records.get(rating.variant, SeatRecords()),
                    hands_played=hands.get(rating.variant, 0),
                )
            )
        return stats

    async def _records(self, guild_id: int, user_id: int) -> dict[str, SeatRecords]:
        sums = ", ".join(f"SUM(s.{name}) AS {name}" for name in RECORD_NAMES)
        rows = await self.db.fetchall(
            f"SELECT r.variant, {sums} FROM seat_records s JOIN results r USING (table_id)"
            " WHERE s.user_id = ? AND r.guild_id = ? GROUP BY r.variant",
            (user_id, guild_id),
        )
        return {
            row["variant"]: SeatRecords(**{name: int(row[name] or 0) for name in RECORD_NAMES})
            for row in rows
        }

    async def _hands(self, guild_id: int, user_id: int) -> dict[str, int]:
        rows = await self.db.fetchall(
            "SELECT r.variant, SUM(r.hands_played) AS hands FROM results r JOIN result_players p"
            " USING (table_id) WHERE p.user_id = ? AND r.guild_id = ? GROUP BY r.variant",
            (user_id, guild_id),
        )
        return {row["variant"]: int(row["hands"] or 0) for row in rows}

    async def history(self, guild_id: int, user_id: int, *, limit: int = 10) -> list[HistoryEntry]:
        """The person's most recent finished games in a server, newest first: those they
        played to the end and those they left (a computer finishing in their seat)."""
        rows = await self.db.fetchall(
            "SELECT r.table_id, r.finished_at, p.seat, s.mu_before, s.sigma_before,"
            " s.mu_after, s.sigma_after"
            " FROM results r JOIN result_players p USING (table_id)"
            " LEFT JOIN seat_records s ON s.table_id = p.table_id AND s.seat = p.seat"
            " WHERE p.user_id = ? AND r.guild_id = ?"
            " UNION ALL"
            " SELECT r.table_id, r.finished_at, d.seat, d.mu_before, d.sigma_before,"
            " d.mu_after, d.sigma_after"
            " FROM results r JOIN departures d USING (table_id)"
            " WHERE d.user_id = ? AND r.guild_id = ? AND d.returned_at IS NULL"
            " AND NOT EXISTS (SELECT 1 FROM result_players q"
            "  WHERE q.table_id = d.table_id AND q.user_id = d.user_id)"
            " ORDER BY finished_at DESC, table_id DESC LIMIT ?",
            (user_id, guild_id, user_id, guild_id, limit),
        )
        departures = DepartureRepository(self.db)
        entries = []
        for row in rows:
            result = await self.results.get(row["table_id"])
            if result is None:  # pragma: no cover - the join just found it
                continue
            entries.append(
                HistoryEntry(
                    result=result,
                    seat=int(row["seat"]),
                    before=_skill(row["mu_before"], row["sigma_before"]),
                    after=_skill(row["mu_after"], row["sigma_after"]),
                    departure=await departures.of_member(row["table_id"], user_id),
                )
            )
        return entries


def _skill(mu: float | None, sigma: float | None) -> Skill | None:
    return None if mu is None or sigma is None else Skill(float(mu), float(sigma))
