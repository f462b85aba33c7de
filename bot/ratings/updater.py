"""Counting finished games: ratings and records, each result exactly once.

The table service records a result in the same transaction as the game's last action.
:class:`RatingUpdater` then counts every recorded result that is not counted yet, oldest
first: it replays the table's stored action log for the records (moons, loners…), reads the
players' current ratings, rates the game and writes everything with the ``rated_results``
mark in one transaction (:meth:`RatingRepository.apply`). Because the mark and the ratings
commit together, a bot stopped or killed at any moment either counted a result or did not,
and the next :meth:`apply_pending` (at start-up, after each game, before each leaderboard)
picks up what is left. Abandoned games have no result, so they never change a rating.

This is the one module of :mod:`bot.ratings` that does I/O (through the repositories).
"""

from __future__ import annotations

import asyncio
import logging

from bot.store.database import Database
from bot.store.ratings import RatingRepository, SeatOutcome
from bot.store.results import ResultRecord, ResultRepository
from bot.store.tables import TableRepository
from bot.tables.games import replay

from .records import SeatRecords, seat_records
from .skill import NEW_PLAYER, Entrant, Skill, computer_skill, rate_game, side_places

log = logging.getLogger(__name__)


class RatingUpdater:
    """Counts recorded results into ratings and records, once each."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.ratings = RatingRepository(db)
        self.results = ResultRepository(db)
        self.tables = TableRepository(db)
        self._lock = asyncio.Lock()

    async def apply_pending(self) -> int:
        """Count every result not counted yet, oldest first; return how many were counted."""
        counted = 0
        async with self._lock:
            while True:
                pending = await self.ratings.unrated(limit=50)
                if not pending:
                    return counted
                for table_id in pending:
                    if await self._count(table_id):
                        counted += 1

    async def _count(self, table_id: int) -> bool:
        result = await self.results.get(table_id)
        if result is None:
            return False
        records = await self._records(result)
        async with self.db.transaction():
            if await self.ratings.is_rated(table_id):
                return False
            outcomes = await self._outcomes(result, records)
            applied = await self.ratings.apply(table_id, result.guild_id, result.variant, outcomes)
        if applied:
            log.info("Counted the result of table %d (%s)", table_id, result.variant)
        return applied

    async def _records(self, result: ResultRecord) -> list[SeatRecords]:
        """Each seat's records, from a replay of the stored log (zeros if it won't replay)."""
        blank = [SeatRecords() for _ in range(result.players)]
        record = await self.tables.get(result.table_id)
        if record is None:
            return blank
        try:
            game = replay(record, await self.tables.actions(result.table_id))
        except Exception:
            log.warning(
                "Table %d: its log does not replay; no records counted", record.id, exc_info=True
            )
            return blank
        return seat_records(game.events, result.players)

    async def _outcomes(
        self, result: ResultRecord, records: list[SeatRecords]
    ) -> list[SeatOutcome]:
        """Everyone's rating before and after the game, with their records."""
        entrants: list[Entrant] = []
        for player in result.seats:
            if player.user_id is not None:
                stored = await self.ratings.get(
                    result.guild_id, result.variant, user_id=player.user_id
                )
                skill = stored.skill if stored else NEW_PLAYER
                entrants.append(Entrant(player.seat, player.side, skill))
            else:
                skill = computer_skill(player.computer_level or "normal")
                entrants.append(Entrant(player.seat, player.side, skill, fixed=True))
        after = rate_game(entrants, side_places(result.final_scores, result.winner_side))
        before: dict[int, Skill] = {e.seat: e.skill for e in entrants}
        return [
            SeatOutcome(
                seat=player.seat,
                user_id=player.user_id,
                computer_level=player.computer_level if player.user_id is None else None,
                won=player.won,
                records=records[player.seat] if player.seat < len(records) else SeatRecords(),
                before=before[player.seat],
                after=after[player.seat],
            )
            for player in result.seats
        ]
