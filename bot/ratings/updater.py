"""Counting finished games: ratings and records, each result exactly once.

The table service records a result in the same transaction as the game's last action.
:class:`RatingUpdater` then counts every recorded result that is not counted yet, oldest
first: it replays the table's stored action log for the records (moons, loners…), reads the
players' current ratings, rates the game and writes everything with the ``rated_results``
mark in one transaction (:meth:`RatingRepository.apply`). Each result is rated on every
board it counts on (the season current when it finished and all time, each also per player
count where a game has several; :func:`bot.store.standings.seasons.boards_of`), each board
from its own ratings. Because the mark and the ratings
commit together, a bot stopped or killed at any moment either counted a result or did not,
and the next :meth:`apply_pending` (at start-up, after each game, before each leaderboard)
picks up what is left. Abandoned games have no result, so they never change a rating.

A member who left the game (see :mod:`bot.store.departures`) while the server's
``leaver_penalty`` was on loses it, whatever happened after: the game is rated for them
as if they had played it in their seat and their side had come last, everyone else
unchanged by that. For everyone else the computer that took the seat played it.

This is the one module of :mod:`bot.ratings` that does I/O (through the repositories).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from bot.engine import VARIANTS
from bot.store.database import INTEGRITY_ERRORS, Database
from bot.store.departures import Departure, DepartureRepository
from bot.store.results import ResultRecord, ResultRepository
from bot.store.settings import SettingsRepository
from bot.store.standings.pairs import partnerships
from bot.store.standings.ratings import (
    BoardOutcomes,
    CountedResult,
    RatingRepository,
    SeatOutcome,
)
from bot.store.standings.seasons import Board, SeasonRepository, boards_of
from bot.store.standings.values import SeatRecords, Skill
from bot.store.tables import TableRepository
from bot.tables.games import hand_scores, replay

from .records import seat_records
from .skill import NEW_PLAYER, Entrant, computer_skill, rate_game, side_places

log = logging.getLogger(__name__)


class RatingUpdater:
    """Counts recorded results into ratings and records, once each."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.ratings = RatingRepository(db)
        self.results = ResultRepository(db)
        self.tables = TableRepository(db)
        self.departures = DepartureRepository(db)
        self.seasons = SeasonRepository(db)
        self._lock = asyncio.Lock()

    async def apply_pending(self) -> int:
        """Count every result not counted yet, oldest first; return how many were counted."""
        counted = 0
        previous: list[int] = []
        async with self._lock:
            while True:
                pending = await self.ratings.unrated(limit=50)
                if pending and pending == previous:  # none of them could be counted
                    log.error("Results of tables %s could not be counted", pending)
                if not pending or pending == previous:
                    return counted
                previous = pending
                for table_id in pending:
                    if await self._count(table_id):
                        counted += 1

    async def _count(self, table_id: int) -> bool:
        result = await self.results.get(table_id)
        if result is None:
            return False
        records = await self._records(result)
        info = VARIANTS.get(result.variant)
        counts = tuple(info.player_counts) if info else ()
        try:
            return await self._apply(result, records, counts)
        except INTEGRITY_ERRORS:  # another process of the cluster counted it meanwhile
            if await self.ratings.is_rated(table_id):
                log.info("Table %d: its result was counted by another process", table_id)
            else:
                log.exception("Table %d: its result could not be counted", table_id)
            return False

    async def _apply(
        self, result: ResultRecord, records: list[SeatRecords], counts: tuple[int, ...]
    ) -> bool:
        """Count one result: its ratings, records and mark, in one transaction."""
        table_id = result.table_id
        async with self.db.transaction():
            if await self.ratings.is_rated(table_id):
                return False
            season = await self.seasons.season_at(result.guild_id, result.finished_at)
            departures = await self.departures.of_table(result.table_id)
            gone = {d.user_id: d for d in departures if d.penalised}
            boards = [
                BoardOutcomes(board, await self._outcomes(result, records, gone, board))
                for board in boards_of(season, result.players, counts)
            ]
            counted = CountedResult(
                table_id, result.guild_id, result.variant, result.finished_at, season
            )
            pairs = partnerships([(p.user_id, p.side, p.won) for p in result.seats])
            applied = await self.ratings.apply(
                counted, boards, rate=await self._rated(result), pairs=pairs
            )
        if applied:
            log.info("Counted the result of table %d (%s)", table_id, result.variant)
        return applied

    async def _rated(self, result: ResultRecord) -> bool:
        """Whether the game moves ratings: not a tournament's while the server turned that
        off (``rate_tournaments``)."""
        record = await self.tables.get(result.table_id)
        if record is None or record.event_name is None:
            return True
        return (await SettingsRepository(self.db).get(result.guild_id)).rates(tournament=True)

    async def _records(self, result: ResultRecord) -> list[SeatRecords]:
        """Each seat's records, from a replay of the stored log (zeros if it won't replay)."""
        replayed = await self.replayed_records(result)
        return replayed or [SeatRecords() for _ in range(result.players)]

    async def replayed_records(
        self, result: ResultRecord, *, whole: bool = False
    ) -> list[SeatRecords] | None:
        """Each seat's records from a replay of the stored log; None when the log is
        missing or won't replay (``whole``: or replays fewer hands than the result
        recorded)."""
        record = await self.tables.get(result.table_id)
        if record is None:
            return None
        try:
            game = replay(record, await self.tables.actions(result.table_id))
        except Exception:
            log.warning(
                "Table %d: its log does not replay; no records counted", record.id, exc_info=True
            )
            return None
        if whole and len(hand_scores(game)) < result.hands_played:
            return None
        sides = [game.side_of(seat) for seat in range(result.players)]
        return seat_records(game.events, result.players, sides)

    async def _outcomes(
        self,
        result: ResultRecord,
        records: list[SeatRecords],
        gone: dict[int, Departure],
        board: Board,
    ) -> list[SeatOutcome]:
        """Everyone's rating on ``board`` before and after the game, with their records; a
        leaver's loss."""
        entrants: list[Entrant] = []
        for player in result.seats:
            left = gone.get(player.user_id) if player.user_id is not None else None
            if player.user_id is not None and left is None:
                skill = await self._skill(result, board, player.user_id)
                entrants.append(Entrant(player.seat, player.side, skill))
            else:  # a computer, or one holding the hand of a member who counts as gone
                level = left.computer_level if left else player.computer_level or "normal"
                entrants.append(Entrant(player.seat, player.side, computer_skill(level), True))
        places = side_places(result.final_scores, result.winner_side)
        after = rate_game(entrants, places)
        before: dict[int, Skill] = {e.seat: e.skill for e in entrants}
        outcomes = [
            SeatOutcome(
                seat=player.seat,
                user_id=player.user_id,
                computer_level=player.computer_level if player.user_id is None else None,
                won=player.won,
                records=_records_of(records, player.seat),
                before=before[player.seat],
                after=after[player.seat],
            )
            for player in result.seats
            if player.user_id is None or player.user_id not in gone
        ]
        for departure in gone.values():
            outcome = await self._loss(result, board, departure, entrants, places, records)
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def _loss(
        self,
        result: ResultRecord,
        board: Board,
        departure: Departure,
        entrants: list[Entrant],
        places: list[int],
        records: list[SeatRecords],
    ) -> SeatOutcome | None:
        """A leaver's loss: rated in their seat with their side last, the others fixed."""
        seat = next((p for p in result.seats if p.seat == departure.seat), None)
        if seat is None:
            return None
        skill = await self._skill(result, board, departure.user_id)
        field = [
            Entrant(e.seat, e.side, skill) if e.seat == seat.seat else replace(e, fixed=True)
            for e in entrants
        ]
        last = list(places)
        last[seat.side] = max(places) + 1
        holds_seat = seat.user_id == departure.user_id  # a stand-in held their hand to the end
        return SeatOutcome(
            seat=seat.seat,
            user_id=departure.user_id,
            computer_level=None,
            won=False,
            records=_records_of(records, seat.seat) if holds_seat else SeatRecords(),
            before=skill,
            after=rate_game(field, last)[seat.seat],
            departure_id=departure.id,
            owns_seat=holds_seat,
        )

    async def _skill(self, result: ResultRecord, board: Board, user_id: int) -> Skill:
        """A person's rating on a board of the result's server and game before it (new: the
        default)."""
        stored = await self.ratings.get(result.guild_id, result.variant, board, user_id=user_id)
        return stored.skill if stored else NEW_PLAYER


def _records_of(records: list[SeatRecords], seat: int) -> SeatRecords:
    return records[seat] if seat < len(records) else SeatRecords()
