"""Skill ratings per board, per-seat game records and the mark that a result has been counted.

A result is counted by :meth:`RatingRepository.apply` in one transaction: the ratings of
everyone who played on each board the result counts on (its season and all time, see
:mod:`bot.store.standings.seasons`), a ``seat_records`` row per seat, the rating change of
each member who left the game (on their ``departures`` row) and the ``rated_results``
mark. The seat records and rating changes kept with the game are those of its first board
(its season's). The mark is checked inside that same transaction, so a result never counts
twice (see :mod:`bot.ratings.updater`, which reads the ratings it starts from inside it as
well).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.standings.values import RECORD_NAMES, SeatRecords, Skill

from ..database import Database, Row, utc_now
from ..departures import DepartureRepository
from ..moderation.modlog import ModLogRepository, NewModAction
from ..moderation.privacy import is_former_member
from .pairs import Seated, count_pairs
from .seasons import ALL_TIME, Board


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
    board: Board = Board(ALL_TIME)
    last_played: str = ""
    #: How much the latest counted game moved the cautious skill, and the lowest it has
    #: been after a game on this board (None: not kept for games counted before).
    last_change: float | None = None
    lowest: float | None = None

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


@dataclass(frozen=True)
class BoardOutcomes:
    """Every seat's outcome of a result on one board."""

    board: Board
    outcomes: Sequence[SeatOutcome]


@dataclass(frozen=True)
class CountedResult:
    """A result to count: which game, when it finished, and its season."""

    table_id: int
    guild_id: int
    variant: str
    finished_at: str
    season: int


class RatingRepository:
    """Typed access to ``ratings``, ``seat_records`` and ``rated_results``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def unrated(self, limit: int = 100) -> list[int]:
        """Table ids of recorded results not counted yet, in the order they finished."""
        # Every mark is of a result, so equal counts mean nothing is pending: two counts
        # are a few milliseconds on a busy server, where finding which ones are not is tens.
        row = await self.db.fetchone(
            "SELECT (SELECT COUNT(*) FROM results) > (SELECT COUNT(*) FROM rated_results)"
        )
        if not (row and row[0]):
            return []
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
        board: Board,
        *,
        user_id: int | None = None,
        computer_level: str | None = None,
    ) -> RatingRecord | None:
        """The stored rating of a person or a computer level, or None if it never played."""
        row = await self.db.fetchone(
            "SELECT * FROM ratings WHERE guild_id = ? AND variant = ? AND season = ?"
            " AND players = ? AND user_id IS ? AND computer_level IS ?",
            (
                guild_id,
                variant,
                board.season,
                board.players,
                user_id,
                None if user_id is not None else computer_level,
            ),
        )
        return None if row is None else rating_from_row(row)

    async def apply(
        self,
        result: CountedResult,
        boards: Sequence[BoardOutcomes],
        *,
        rate: bool = True,
        pairs: Sequence[Seated] = (),
    ) -> bool:
        """Count a result once on every board, with its seat records, its ``pairs`` of
        partners and the mark (``rate`` False: no rating changes).

        False if it was counted already. The first board's outcomes give the records.
        """
        async with self.db.transaction():
            if await self.is_rated(result.table_id):
                return False
            await count_pairs(self.db, result.guild_id, result.variant, result.season, pairs)
            for rated in boards if rate else ():
                for outcome in rated.outcomes:
                    if not is_former_member(outcome.user_id):  # a pseudonym is never rated
                        await self._save_rating(result, rated.board, outcome)
            for outcome in boards[0].outcomes if boards else ():
                if outcome.owns_seat:
                    await self._save_records(result.table_id, outcome)
                if rate and outcome.departure_id is not None:
                    await DepartureRepository(self.db).set_rating(
                        outcome.departure_id, outcome.before, outcome.after
                    )
            await self.db.execute(
                "INSERT INTO rated_results (table_id, rated_at, season) VALUES (?, ?, ?)",
                (result.table_id, utc_now(), result.season),
            )
        return True

    async def reset(
        self, guild_id: int, variant: str, user_id: int, season: int, *, moderator_id: int
    ) -> int:
        """A moderator clears a member's rating in a game: the current season's and the
        all-time one, of every player count (past seasons' standings stay); logged.

        Returns how many ratings were cleared (0: the member had none to clear).
        """
        async with self.db.transaction():
            cleared = await self.db.changes(
                "DELETE FROM ratings WHERE guild_id = ? AND variant = ? AND user_id = ?"
                " AND season IN (?, ?)",
                (guild_id, variant, user_id, season, ALL_TIME),
            )
            if cleared:
                await ModLogRepository(self.db).record(
                    NewModAction(
                        guild_id,
                        "rating_reset",
                        moderator_id,
                        member_id=user_id,
                        detail={"variant": variant, "season": season},
                    )
                )
        return max(0, cleared)

    async def _save_rating(self, result: CountedResult, board: Board, outcome: SeatOutcome) -> None:
        person = outcome.user_id is not None
        level = None if person else outcome.computer_level
        skill, won = outcome.after, int(outcome.won)
        change = skill.ordinal - outcome.before.ordinal
        key = (result.guild_id, result.variant, board.season, board.players, outcome.user_id, level)
        if person:
            await self._save_change(result, board, outcome.user_id)
        updated = await self.db.changes(
            "UPDATE ratings SET mu = ?, sigma = ?, ordinal = ?, games = games + 1,"
            " wins = wins + ?, last_played = CASE WHEN last_played < ? THEN ? ELSE last_played"
            " END, updated_at = ?, last_change = ?,"
            " lowest = CASE WHEN lowest IS NULL OR lowest > ? THEN ? ELSE lowest END"
            " WHERE guild_id = ? AND variant = ? AND season = ? AND players = ?"
            " AND user_id IS ? AND computer_level IS ?",
            (skill.mu, skill.sigma, skill.ordinal, won, result.finished_at, result.finished_at,
             utc_now(), change, skill.ordinal, skill.ordinal, *key),
        )
        if not updated:
            await self.db.execute(
                "INSERT INTO ratings (guild_id, variant, season, players, user_id,"
                " computer_level, mu, sigma, ordinal, games, wins, last_played, updated_at,"
                " last_change, lowest)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
                (
                    *key,
                    skill.mu,
                    skill.sigma,
                    skill.ordinal,
                    won,
                    result.finished_at,
                    utc_now(),
                    change,
                    skill.ordinal,
                ),
            )

    async def _save_change(self, result: CountedResult, board: Board, user_id: int | None) -> None:
        """Keep the member's rating on ``board`` as it stood before this game (see
        :mod:`bot.store.standings.moves`)."""
        key = (result.guild_id, result.variant, board.season, board.players, user_id)
        before = (
            "FROM ratings WHERE guild_id = ? AND variant = ? AND season = ? AND players = ?"
            " AND user_id = ?"
        )
        await self.db.execute(
            "INSERT INTO rating_changes (guild_id, variant, season, players, user_id,"
            " finished_at, table_id, ordinal_before, games_before, last_played_before)"
            f" VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT ordinal {before}),"
            f" COALESCE((SELECT games {before}), 0), COALESCE((SELECT last_played {before}), ''))",
            (*key, result.finished_at, result.table_id, *key, *key, *key),
        )

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


def rating_from_row(row: Row) -> RatingRecord:
    """A :class:`RatingRecord` from a ``ratings`` row."""
    return RatingRecord(
        guild_id=row["guild_id"],
        variant=row["variant"],
        user_id=row["user_id"],
        computer_level=row["computer_level"],
        skill=Skill(float(row["mu"]), float(row["sigma"])),
        games=int(row["games"]),
        wins=int(row["wins"]),
        board=Board(int(row["season"]), int(row["players"])),
        last_played=row["last_played"],
        last_change=_number(row["last_change"]),
        lowest=_number(row["lowest"]),
    )


def _number(value: Any) -> float | None:
    return None if value is None else float(value)
