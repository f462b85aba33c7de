"""Reading ratings and records back: leaderboards, a player's stats, recent games.

Leaderboards list people only (computer levels keep fixed ratings that are not ranked),
best cautious skill (``ordinal``) first; more games, then the lower user id, break ties.
A board is a season's or all time, of every player count or one (see
:mod:`bot.store.standings.seasons`); a running board may leave out players whose last game
on it finished before ``active_since`` (the server's ``inactive_days``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.store.standings.values import RECORD_NAMES, SeatRecords, Skill

from ..database import Database
from ..departures import Departure, DepartureRepository
from ..results import ResultRecord, ResultRepository
from .ratings import RatingRecord, rating_from_row
from .seasons import ALL_TIME, Board

_BOARD_ORDER = "ordinal DESC, games DESC, user_id"
_ON_BOARD = (
    "guild_id = ? AND variant = ? AND season = ? AND players = ? AND user_id IS NOT NULL"
    " AND last_played >= ?"
)


@dataclass(frozen=True)
class BoardQuery:
    """One leaderboard: a server's game on a board, leaving out players whose last game on
    it finished before ``active_since`` (ISO time; empty keeps everyone)."""

    guild_id: int
    variant: str
    board: Board
    active_since: str = ""

    def params(self) -> tuple[int, str, int, int, str]:
        """The parameters of :data:`_ON_BOARD`."""
        return (
            self.guild_id,
            self.variant,
            self.board.season,
            self.board.players,
            self.active_since,
        )


@dataclass(frozen=True)
class LeaderboardEntry:
    """One line of a leaderboard: the place (from 1) and the rating."""

    place: int
    rating: RatingRecord


@dataclass(frozen=True)
class PlayerGameStats:
    """A person's standing in one game of one server: their all-time rating (every game
    they finished), this season's (None before their first game of it) with their place
    on the season's leaderboard (None while they are off it, inactive), their records."""

    variant: str
    rating: RatingRecord
    season_rating: RatingRecord | None
    place: int | None
    ranked: int
    records: SeatRecords
    hands_played: int
    #: Of the games with the person's records, how many keep their calls and euchring
    #: (games counted before those were kept have none), and how many there are.
    calls_kept: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class HistoryEntry:
    """A finished game a person played: the result, their seat, their rating change, and
    their departure if they left before its end."""

    result: ResultRecord
    seat: int
    before: Skill | None
    after: Skill | None
    departure: Departure | None = None
    #: Seat → the member who left it for good (a computer finished the game there).
    left: Mapping[int, int] = field(default_factory=dict)
    #: Those of ``left``'s seats a moderator gave to the computer.
    replaced: frozenset[int] = frozenset()

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
        self, query: BoardQuery, *, offset: int = 0, limit: int = 10
    ) -> list[LeaderboardEntry]:
        """One page of a leaderboard."""
        rows = await self.db.fetchall(
            f"SELECT * FROM ratings WHERE {_ON_BOARD} ORDER BY {_BOARD_ORDER} LIMIT ? OFFSET ?",
            (*query.params(), limit, max(0, offset)),
        )
        return [
            LeaderboardEntry(offset + i + 1, rating_from_row(row)) for i, row in enumerate(rows)
        ]

    async def ranked_count(self, query: BoardQuery) -> int:
        """How many people a leaderboard lists."""
        row = await self.db.fetchone(
            f"SELECT COUNT(*) FROM ratings WHERE {_ON_BOARD}", query.params()
        )
        return int(row[0]) if row else 0

    async def place_of(self, query: BoardQuery, rating: RatingRecord) -> int | None:
        """A person's place on a leaderboard (from 1), None if it leaves them out."""
        if rating.last_played < query.active_since:
            return None
        # "ordinal >= ?" bounds the count to the board's index entries above the member.
        row = await self.db.fetchone(
            f"SELECT COUNT(*) FROM ratings WHERE {_ON_BOARD} AND ordinal >= ? AND (ordinal > ?"
            " OR (ordinal = ? AND (games > ? OR (games = ? AND user_id < ?))))",
            (
                *query.params(),
                rating.ordinal,
                rating.ordinal,
                rating.ordinal,
                rating.games,
                rating.games,
                rating.user_id,
            ),
        )
        return (int(row[0]) if row else 0) + 1

    async def player(
        self,
        guild_id: int,
        user_id: int,
        season: int,
        *,
        variant: str | None = None,
        active_since: str = "",
    ) -> list[PlayerGameStats]:
        """A person's stats in each game they played in a server (or in one game)."""
        rows = await self.db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? AND players = 0"
            " AND season IN (?, ?) AND (CAST(? AS TEXT) IS NULL OR variant = ?)",
            (guild_id, user_id, ALL_TIME, season, variant, variant),
        )
        ratings = [rating_from_row(row) for row in rows]
        this_season = {r.variant: r for r in ratings if r.board.season == season}
        all_time = sorted(
            (r for r in ratings if r.board.season == ALL_TIME),
            key=lambda r: (-r.games, r.variant),
        )
        records = await self._records(guild_id, user_id)
        hands = await self._hands(guild_id, user_id)
        stats = []
        for rating in all_time:
            current = this_season.get(rating.variant)
            query = BoardQuery(guild_id, rating.variant, Board(season), active_since)
            stats.append(
                PlayerGameStats(
                    variant=rating.variant,
                    rating=rating,
                    season_rating=current,
                    place=await self.place_of(query, current) if current else None,
                    ranked=await self.ranked_count(query),
                    records=records.get(rating.variant, (SeatRecords(), (0, 0)))[0],
                    hands_played=hands.get(rating.variant, 0),
                    calls_kept=records.get(rating.variant, (SeatRecords(), (0, 0)))[1],
                )
            )
        return stats

    async def standings(self, query: BoardQuery) -> list[LeaderboardEntry]:
        """A whole leaderboard, best first (for an export)."""
        rows = await self.db.fetchall(
            f"SELECT * FROM ratings WHERE {_ON_BOARD} ORDER BY {_BOARD_ORDER}", query.params()
        )
        return [LeaderboardEntry(i + 1, rating_from_row(row)) for i, row in enumerate(rows)]

    async def _records(
        self, guild_id: int, user_id: int
    ) -> dict[str, tuple[SeatRecords, tuple[int, int]]]:
        """Per game: the person's records summed, and of their games how many keep calls."""
        sums = ", ".join(f"SUM(s.{name}) AS {name}" for name in RECORD_NAMES)
        rows = await self.db.fetchall(
            f"SELECT r.variant, {sums}, COUNT(s.calls) AS kept, COUNT(*) AS seated"
            " FROM seat_records s JOIN results r USING (table_id)"
            " WHERE s.user_id = ? AND r.guild_id = ? GROUP BY r.variant",
            (user_id, guild_id),
        )
        return {
            row["variant"]: (
                SeatRecords(**{name: int(row[name] or 0) for name in RECORD_NAMES}),
                (int(row["kept"]), int(row["seated"])),
            )
            for row in rows
        }

    async def _hands(self, guild_id: int, user_id: int) -> dict[str, int]:
        """Hands played per game: every hand of the games played to the end, and of a game
        left, the hands up to the one the member left during."""
        rows = await self.db.fetchall(
            "SELECT variant, SUM(hands) AS hands FROM ("
            " SELECT r.variant, r.hands_played AS hands FROM results r JOIN result_players p"
            " USING (table_id) WHERE p.user_id = ? AND r.guild_id = ?"
            " UNION ALL"
            " SELECT r.variant, CASE WHEN d.hand_number < r.hands_played"
            " THEN d.hand_number ELSE r.hands_played END AS hands"
            " FROM results r JOIN departures d USING (table_id)"
            " WHERE d.user_id = ? AND r.guild_id = ? AND d.returned_at IS NULL"
            " AND NOT EXISTS (SELECT 1 FROM result_players q"
            "  WHERE q.table_id = d.table_id AND q.user_id = d.user_id)"
            ") AS played GROUP BY variant",
            (user_id, guild_id, user_id, guild_id),
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
            gone = await departures.of_table(row["table_id"])
            entries.append(
                HistoryEntry(
                    result=result,
                    seat=int(row["seat"]),
                    before=_skill(row["mu_before"], row["sigma_before"]),
                    after=_skill(row["mu_after"], row["sigma_after"]),
                    departure=next((d for d in gone if d.user_id == user_id), None),
                    left={d.seat: d.user_id for d in gone},
                    replaced=frozenset(d.seat for d in gone if d.why == "replaced"),
                )
            )
        return entries


def _skill(mu: float | None, sigma: float | None) -> Skill | None:
    return None if mu is None or sigma is None else Skill(float(mu), float(sigma))
