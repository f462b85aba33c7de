"""Finished games: one ``results`` row per table (recorded exactly once) and its players."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from .database import Database, Row, utc_now


@dataclass(frozen=True)
class ResultPlayer:
    """One seat of a finished game: a person (user_id) or a computer (computer_level)."""

    seat: int
    side: int
    user_id: int | None
    computer_level: str | None
    won: bool
    standin: bool = False

    @property
    def is_computer(self) -> bool:
        """True for a computer seat (not for a person whose hand a computer was holding)."""
        return self.user_id is None


@dataclass(frozen=True)
class ResultRecord:
    """A finished game: who won, the final and per-hand scores, and who played."""

    table_id: int
    guild_id: int
    variant: str
    players: int
    winner_side: int | None
    final_scores: tuple[int, ...]
    hands_played: int
    hand_scores: tuple[tuple[int, ...], ...]
    seats: tuple[ResultPlayer, ...]
    finished_at: str = ""


@dataclass(frozen=True)
class PlayedGame:
    """A finished game as one member played it: their seat, and whether they left it
    (a computer played it on to the end)."""

    result: ResultRecord
    seat: int
    left: bool = False

    @property
    def side(self) -> int:
        """The member's side."""
        return next(p.side for p in self.result.seats if p.seat == self.seat)


class ResultRepository:
    """Typed access to ``results`` and ``result_players``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, result: ResultRecord) -> bool:
        """Store a finished game; False (and nothing written) if it was already recorded."""
        async with self.db.transaction():
            if await self.exists(result.table_id):
                return False
            await self.db.execute(
                "INSERT INTO results (table_id, guild_id, variant, players, finished_at,"
                " winner_side, final_scores, hands_played, hand_scores)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    result.table_id,
                    result.guild_id,
                    result.variant,
                    result.players,
                    result.finished_at or utc_now(),
                    result.winner_side,
                    json.dumps(list(result.final_scores)),
                    result.hands_played,
                    json.dumps([list(h) for h in result.hand_scores]),
                ),
            )
            for player in result.seats:
                await self.db.execute(
                    "INSERT INTO result_players (table_id, seat, side, user_id, computer_level,"
                    " standin, won) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        result.table_id,
                        player.seat,
                        player.side,
                        player.user_id,
                        player.computer_level,
                        int(player.standin),
                        int(player.won),
                    ),
                )
        return True

    async def exists(self, table_id: int) -> bool:
        """Whether the table's result is recorded."""
        row = await self.db.fetchone("SELECT 1 FROM results WHERE table_id = ?", (table_id,))
        return row is not None

    async def get(self, table_id: int) -> ResultRecord | None:
        """The recorded result of a table, or None."""
        row = await self.db.fetchone("SELECT * FROM results WHERE table_id = ?", (table_id,))
        if row is None:
            return None
        return await self._with_players(row)

    async def for_guild(
        self, guild_id: int, *, variant: str | None = None, limit: int = 50
    ) -> list[ResultRecord]:
        """The guild's most recent results (of one game if ``variant``), newest first."""
        rows = await self.db.fetchall(
            "SELECT * FROM results WHERE guild_id = ? AND (CAST(? AS TEXT) IS NULL OR variant = ?)"
            " ORDER BY finished_at DESC, table_id DESC LIMIT ?",
            (guild_id, variant, variant, limit),
        )
        return [await self._with_players(row) for row in rows]

    async def for_user(
        self, user_id: int, *, guild_id: int | None = None, limit: int = 50
    ) -> list[PlayedGame]:
        """The games a person played (in one guild if given), newest first: those they
        played to the end and those they left for good (a computer finishing their seat)."""
        rows = await self.db.fetchall(
            "SELECT results.*, p.seat AS member_seat, 0 AS member_left"
            " FROM results JOIN result_players p USING (table_id)"
            " WHERE p.user_id = ? AND (CAST(? AS BIGINT) IS NULL OR results.guild_id = ?)"
            " UNION ALL"
            " SELECT results.*, d.seat AS member_seat, 1 AS member_left"
            " FROM results JOIN departures d USING (table_id)"
            " WHERE d.user_id = ? AND d.returned_at IS NULL"
            " AND (CAST(? AS BIGINT) IS NULL OR results.guild_id = ?)"
            " AND NOT EXISTS (SELECT 1 FROM result_players q"
            "  WHERE q.table_id = d.table_id AND q.user_id = d.user_id)"
            " ORDER BY finished_at DESC, table_id DESC LIMIT ?",
            (user_id, guild_id, guild_id, user_id, guild_id, guild_id, limit),
        )
        return [
            PlayedGame(await self._with_players(row), int(row["member_seat"]),
                       bool(row["member_left"]))
            for row in rows
        ]

    async def _with_players(self, row: Row) -> ResultRecord:
        players = await self.db.fetchall(
            "SELECT * FROM result_players WHERE table_id = ? ORDER BY seat", (row["table_id"],)
        )
        return ResultRecord(
            table_id=row["table_id"],
            guild_id=row["guild_id"],
            variant=row["variant"],
            players=row["players"],
            winner_side=row["winner_side"],
            final_scores=tuple(json.loads(row["final_scores"])),
            hands_played=row["hands_played"],
            hand_scores=_hand_scores(json.loads(row["hand_scores"])),
            seats=tuple(_player(p) for p in players),
            finished_at=row["finished_at"],
        )


def _hand_scores(raw: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(v) for v in hand) for hand in raw)


def _player(row: Row) -> ResultPlayer:
    return ResultPlayer(
        seat=row["seat"],
        side=row["side"],
        user_id=row["user_id"],
        computer_level=row["computer_level"],
        won=bool(row["won"]),
        standin=bool(row["standin"]),
    )
