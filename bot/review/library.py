"""Finished games for review: loaded from the store and replayed into hand records, and
the computer's opinion of a member's decisions, computed once off the event loop and kept.

Nothing here knows Discord: a refusal is a :class:`ReviewRefused` whose message is meant
for the member who asked.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial

from bot.lru import LruCache
from bot.store import Database, ResultRecord, ResultRepository, SeatRecord, TableRepository
from bot.store.departures import Departure, DepartureRepository
from bot.store.opinions import OpinionRepository
from bot.store.results import PlayedGame

from .leavers import computer_from, until_left
from .opinion import Opinion, analyse_game
from .record import GameRecord, build_record

log = logging.getLogger(__name__)

#: Bumped whenever the analysis changes what it finds: older stored opinions are redone.
ANALYSIS_VERSION = 1
RECORDS_KEPT = 32
#: Opinions worked out at once: one, so that the computer players' other processes stay
#: free for the tables being played.
ANALYSES_AT_ONCE = 1


class ReviewRefused(Exception):
    """A review that cannot be given; the message says why, for the member who asked."""


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as a review shows it: where, who sat where, and every hand."""

    table_id: int
    guild_id: int
    result: ResultRecord
    seats: tuple[SeatRecord, ...]
    record: GameRecord
    departures: tuple[Departure, ...] = ()
    #: Seat → the action from which a computer played the seat of a member who left it.
    computer_from: Mapping[int, int] = field(default_factory=dict)

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` played the game in, to its end or until they left it
        (None: they did not play it)."""
        seat = next((s.seat for s in self.result.seats if s.user_id == user_id), None)
        if seat is None:
            seat = next((d.seat for d in self.departures if d.user_id == user_id), None)
        return seat


Analyse = Callable[..., Opinion]


class ReviewLibrary:
    """Finished games by table id (the last few kept replayed) and their opinions."""

    def __init__(
        self, db: Database, executor: Executor | None, analyse: Analyse = analyse_game
    ) -> None:
        self.tables = TableRepository(db)
        self.results = ResultRepository(db)
        self.opinions = OpinionRepository(db)
        self.departures = DepartureRepository(db)
        self._executor = executor
        self._analyse = analyse
        self._records: LruCache[int, FinishedGame] = LruCache(RECORDS_KEPT)
        self._working: dict[tuple[int, int], asyncio.Task[Opinion]] = {}
        self._turns = asyncio.Semaphore(ANALYSES_AT_ONCE)

    async def game(self, table_id: int, guild_id: int) -> FinishedGame:
        """The finished game of table ``table_id``, if it was played in ``guild_id``."""
        table = await self.tables.get(table_id)
        if table is None:
            raise ReviewRefused(f"There is no game #{table_id} to review.")
        if table.guild_id != guild_id:
            raise ReviewRefused(
                f"Game #{table_id} was played in another server: only its members can review it."
            )
        if table.status in ("lobby", "playing"):
            raise ReviewRefused(
                f"Game #{table_id} is not over yet: it can be reviewed once it has finished."
            )
        cached = self._records.get(table_id)
        if cached is not None:
            return cached
        result = await self.results.get(table_id)
        if result is None:
            raise ReviewRefused(
                f"Table #{table_id} never finished a game: there is nothing to review."
            )
        log_records = await self.tables.actions(table_id)
        actions = [a.action for a in log_records]
        record = await asyncio.to_thread(
            build_record, table.variant, table.players, table.seed, dict(table.options), actions,
            table.hand_limit,
        )
        seats = tuple(await self.tables.seats(table_id))
        departures = tuple(await self.departures.of_table(table_id))
        moments = computer_from(departures, log_records, record)
        game = FinishedGame(table_id, table.guild_id, result, seats, record, departures, moments)
        self._records.put(table_id, game)
        return game

    def forget_server(self, guild_id: int) -> None:
        """Drop the games kept of a server (a member there erased their data: their seats
        are read again, now as a former member)."""
        for table_id, game in self._records.items():
            if game.guild_id == guild_id:
                self._records.forget(table_id)

    async def latest(self, guild_id: int, user_id: int) -> int:
        """The table id of the member's latest finished game in the server (one they left
        included: the review shows their seat up to the moment they left)."""
        games = await self.results.for_user(user_id, guild_id=guild_id, limit=1)
        if not games:
            raise ReviewRefused("You have not finished a game in this server yet.")
        return games[0].result.table_id

    async def recent(self, guild_id: int, user_id: int, limit: int = 25) -> list[PlayedGame]:
        """The member's recent finished games in the server (played to the end or left),
        newest first."""
        return await self.results.for_user(user_id, guild_id=guild_id, limit=limit)

    async def stored_opinion(self, game: FinishedGame, seat: int) -> Opinion | None:
        """The opinion of ``seat``'s decisions if it was already worked out."""
        data = await self.opinions.get(game.table_id, seat, ANALYSIS_VERSION)
        return None if data is None else Opinion.from_json(data)

    def is_working(self, game: FinishedGame, seat: int) -> bool:
        """Whether the opinion of ``seat``'s decisions is being worked out now."""
        task = self._working.get((game.table_id, seat))
        return task is not None and not task.done()

    async def opinion(self, game: FinishedGame, seat: int) -> Opinion:
        """The opinion of ``seat``'s decisions: stored, or worked out once (concurrent asks
        share one computation) in the computer players' processes, then stored."""
        stored = await self.stored_opinion(game, seat)
        if stored is not None:
            return stored
        key = (game.table_id, seat)
        task = self._working.get(key)
        if task is None or task.done() and task.exception() is not None:
            task = asyncio.create_task(self._work_out(game, seat), name=f"opinion-{key}")
            self._working[key] = task
            task.add_done_callback(lambda done: self._forget(key, done))
        return await asyncio.shield(task)

    def _forget(self, key: tuple[int, int], task: asyncio.Task[Opinion]) -> None:
        if self._working.get(key) is task:
            del self._working[key]

    async def _work_out(self, game: FinishedGame, seat: int) -> Opinion:
        record = game.record
        call = partial(
            self._analyse, record.variant, record.players, record.seed,
            dict(record.options), list(record.actions), seat,
        )
        loop = asyncio.get_running_loop()
        async with self._turns:
            if self._executor is not None:
                opinion = await loop.run_in_executor(self._executor, call)
            else:
                opinion = await asyncio.to_thread(call)
        opinion = until_left(opinion, game.computer_from.get(seat), game.departures)
        await self.opinions.put(game.table_id, seat, ANALYSIS_VERSION, opinion.to_json())
        log.info("Worked out the opinion of seat %d of game %d", seat, game.table_id)
        return opinion
