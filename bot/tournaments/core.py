"""The machinery of running tournaments: each round's tables opened through the table
service, their results noted as they end, the next round seated when the last one does,
and the round clock. The requests members and moderators make are in :mod:`.service`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import partial

from bot.store.database import Database
from bot.store.tables import NewSeat
from bot.store.tournaments import (
    KeptStanding,
    RoundTable,
    TournamentRecord,
    TournamentRepository,
    TournamentStatus,
)
from bot.tables import TableError, TableService
from bot.tables.events import GameFinished, TableChanged, TableEvent
from bot.tables.games import hand_scores, replay

from .models import CutRound, PlayedRound, Standing
from .rounds import event_name, layout_of, loners_made, played_rounds
from .seating import next_round
from .standings import standings

log = logging.getLogger(__name__)


class TournamentError(TableError):
    """A tournament request that cannot be done, with the words to tell the member (a
    refusal like a table's, shown privately the same way)."""


@dataclass(frozen=True)
class TournamentUpdate:
    """Something changed; ``reason``: created, registered, withdrawn, round, clock,
    paused, resumed, dropped, finished, ended, waiting (start time came, too few players).
    ``tables``: a new round's tables (with their table ids); ``standings``: after the
    rounds played so far (a new round's, or the final ones)."""

    tournament: TournamentRecord
    reason: str
    user_id: int | None = None
    tables: tuple[RoundTable, ...] = ()
    byes: tuple[int, ...] = ()
    standings: tuple[Standing, ...] = ()
    cut: CutRound | None = None  # ended by a moderator during a round: how it stood


Listener = Callable[[TournamentUpdate], Awaitable[None]]


class TournamentCore:
    """Tournaments' rounds: opening their tables, noting results, moving on; the clocks."""

    def __init__(self, db: Database, tables: TableService, *, clock_scale: float = 1.0) -> None:
        self.db = db
        self.repo = TournamentRepository(db)
        self.tables = tables
        self.clock_scale = clock_scale
        self._listeners: list[Listener] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._unsubscribe = tables.subscribe(self._on_table_event)

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with every update from now on."""
        self._listeners.append(listener)

    async def _tell(self, update: TournamentUpdate) -> None:
        for listener in list(self._listeners):
            try:
                await listener(update)
            except Exception:
                log.exception("Tournament listener failed on %s", update.reason)

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def get(self, tournament_id: int) -> TournamentRecord:
        """The tournament, or :class:`TournamentError` when there is none."""
        found = await self.repo.get(tournament_id)
        if found is None:
            raise TournamentError(f"There is no tournament {tournament_id}.")
        return found

    async def _open_round(
        self, record: TournamentRecord, number: int,
        tables: tuple[tuple[int | None, ...], ...], byes: tuple[int, ...],
        before: tuple[Standing, ...],
    ) -> TournamentRecord:
        """Store round ``number``'s seating and clock, open its tables, tell the channel."""
        ends = None
        if record.round_minutes:
            ends = iso(now() + timedelta(seconds=record.round_minutes * 60 * self.clock_scale))
        async with self.db.transaction():
            await self.repo.seat_round(record.id, number, tables, byes)
            await self.repo.set_state(record.id, "running", number, ends)
        record = await self.get(record.id)
        opened = await self._open_tables(record)
        self._plan_clock(record)
        await self._tell(TournamentUpdate(record, "round", tables=opened, byes=byes,
                                          standings=before))
        return record

    async def _open_tables(self, record: TournamentRecord) -> tuple[RoundTable, ...]:
        """Open every table of the current round that has none yet (also after a restart
        between storing a round and opening all of it)."""
        settings = await self.tables.settings.get(record.guild_id)
        opened = []
        for table in await self.repo.round_tables(record.id, record.round):
            if table.table_id is None:
                people = [u for u in table.seats if u is not None]
                seats = [NewSeat(u) if u is not None else NewSeat(None, settings.computer_level)
                         for u in table.seats]
                made = await self.tables.open_seated(
                    guild_id=record.guild_id, channel_id=record.channel_id,
                    host_id=people[0], variant=record.variant, options=record.options,
                    seats=seats, hand_limit=record.hands,
                    event_name=event_name(record, record.round, table.table_no),
                    stored_with=partial(self.repo.set_table, record.id, record.round,
                                        table.table_no),
                )
                table = replace(table, table_id=made.id)
            opened.append(table)
        return tuple(opened)

    async def _on_table_event(self, event: TableEvent) -> None:
        """A round's table ended: note its scores, and end the round when it was the last."""
        over = isinstance(event, GameFinished) or (
            isinstance(event, TableChanged) and event.reason == "abandoned"
        )
        if not over or event.table.event_name is None:
            return
        found = await self.repo.tournament_of_table(event.table_id)
        if found is None:
            return
        tournament_id, number, scored = found
        if scored:  # noted already (a moderator's end counts the tables as it closes them)
            return
        async with self._lock(tournament_id):
            again = await self.repo.tournament_of_table(event.table_id)
            if again is not None and again[2]:  # noted while this waited for the lock
                return
            await self._note_result(event.table_id, event.table.scores)
            await self._round_over(tournament_id, number)

    async def _note_result(self, table_id: int, scores: tuple[int, ...]) -> None:
        """Store what a closed table scored and its players' lone hands (once)."""
        record = await self.tables.tables.get(table_id)
        assert record is not None
        game = replay(record, await self.tables.tables.actions(table_id))
        seats = [s.user_id for s in await self.tables.tables.seats(table_id)]
        owners = await self._owners(table_id, seats)
        await self.repo.set_result(table_id, scores or tuple(game.scores),
                                   loners_made(game, owners))

    async def _owners(self, table_id: int, seats: list[int | None]) -> list[int | None]:
        """Each seat's tournament player (a seat a computer took over stays theirs)."""
        owners = list(seats)
        for departure in await self.tables.departures.of_table(table_id):
            owners[departure.seat] = departure.user_id
        return owners

    async def _round_over(self, tournament_id: int, number: int) -> None:
        """If every table of round ``number`` (the current one) is scored, move on."""
        record = await self.get(tournament_id)
        if record.round != number or record.status not in ("running", "paused", "ended"):
            return
        round_tables = await self.repo.round_tables(tournament_id, number)
        ended = record.status == "ended"  # a table it never opened counts 0
        if any(t.scores is None and not (ended and t.table_id is None) for t in round_tables):
            return
        if record.status == "ended" and await self.repo.kept_standings(tournament_id):
            return  # ended by a moderator and already told (its tables' closing came after)
        self._cancel_timer(tournament_id)
        done = await self.standings(tournament_id)
        if number >= record.rounds or record.status == "ended":
            await self._finish(record, done)
        elif record.status == "paused":
            await self.repo.set_state(tournament_id, "paused", number, None)
        else:
            await self._next_round(record, done)

    async def _next_round(self, record: TournamentRecord, before: tuple[Standing, ...]) -> None:
        """Seat and open the next round; when the players still in cannot fill one (drops
        left too few), the tournament ends with the standings as they are."""
        players = await self.repo.players(record.id, active=True)
        played = await self._played(record)
        layout = layout_of(record.variant, record.players)
        try:
            seating = next_round(record.format, players, played, layout, record.fill,
                                 record.seed)
        except ValueError as exc:
            log.info("Tournament %d ends after round %d: %s", record.id, record.round, exc)
            await self.repo.set_state(record.id, "ended", record.round, None)
            await self._finish(await self.get(record.id), before)
            return
        await self._open_round(record, record.round + 1, seating.tables, seating.byes, before)

    async def _finish(self, record: TournamentRecord, final: tuple[Standing, ...]) -> None:
        """Keep the final standings and close the tournament."""
        status: TournamentStatus = "ended" if record.status == "ended" else "finished"
        cut = await self.cut_round(record)
        if cut is not None and cut.nothing_scored:
            final = ()  # ended before any hand was scored: nobody placed
        async with self.db.transaction():
            await self.repo.keep_standings([
                KeptStanding(record.id, s.user_id, s.rank, s.total, s.rounds, s.rounds_won,
                             s.loners, s.tie_break)
                for s in final
            ])
            await self.repo.set_state(record.id, status, record.round, None)
        record = await self.get(record.id)
        await self._tell(TournamentUpdate(record, status, standings=final, cut=cut))

    # ----- standings ---------------------------------------------------------------------------
    async def _played(self, record: TournamentRecord) -> list[PlayedRound]:
        """The rounds played so far (the current one when every table is scored)."""
        tables = await self.repo.all_tables(record.id)
        done = record.round
        if any(t.round == record.round and t.scores is None for t in tables):
            done -= 1
        sides = len(layout_of(record.variant, record.players).sides)
        return played_rounds(tables, await self.repo.byes(record.id), done, sides)

    async def cut_round(self, record: TournamentRecord) -> CutRound | None:
        """How the round in play stood when a moderator ended the tournament (None: it was
        not ended during a round, every table of its last round having finished)."""
        if record.status != "ended" or record.round == 0:
            return None
        played, cut = [], False
        for table in await self.repo.round_tables(record.id, record.round):
            stored = None if table.table_id is None else await self.tables.tables.get(
                table.table_id)
            cut = cut or stored is None or stored.status != "finished"
            if stored is None:
                played.append(0)
                continue
            game = replay(stored, await self.tables.tables.actions(stored.id))
            played.append(len(hand_scores(game)))
        return CutRound(record.round, record.hands, tuple(played)) if cut else None

    async def standings_before(self, record: TournamentRecord) -> tuple[Standing, ...]:
        """The standings the current round started from (after the rounds before it)."""
        tables = await self.repo.all_tables(record.id)
        layout = layout_of(record.variant, record.players)
        played = played_rounds(tables, await self.repo.byes(record.id), record.round - 1,
                               len(layout.sides))
        return standings(await self.repo.players(record.id), played, layout)

    async def standings(self, tournament_id: int) -> tuple[Standing, ...]:
        """The standings after the rounds played so far."""
        record = await self.get(tournament_id)
        players = await self.repo.players(tournament_id)
        return standings(players, await self._played(record),
                         layout_of(record.variant, record.players))

    # ----- clocks ---------------------------------------------------------------------------
    def _plan_clock(self, record: TournamentRecord) -> None:
        """Start (or restart) the round clock, if the round has one running."""
        self._cancel_timer(record.id)
        if record.round_ends_at and record.status in ("running", "paused"):
            self._timers[record.id] = asyncio.create_task(
                self._clock_runs_out(record.id, record.round, record.round_ends_at))

    async def _clock_runs_out(self, tournament_id: int, number: int, at: str) -> None:
        await asyncio.sleep(max(0.0, (datetime.fromisoformat(at) - now()).total_seconds()))
        async with self._lock(tournament_id):
            record = await self.get(tournament_id)
            if record.round != number or not record.round_ends_at:
                return
            for table in await self.repo.round_tables(tournament_id, number):
                if table.table_id is not None and table.scores is None:
                    with contextlib.suppress(TableError):  # it ended meanwhile
                        await self.tables.end_after_this_hand(table.table_id)
            await self.repo.set_state(tournament_id, record.status, number, None)
        await self._tell(TournamentUpdate(await self.get(tournament_id), "clock"))

    def _cancel_timer(self, key: int) -> None:
        """Stop a clock (``key``: the tournament's id) or a planned start (minus its id)."""
        timer = self._timers.pop(key, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def close(self) -> None:
        """Stop every clock and stop listening to the tables (at shutdown)."""
        self._unsubscribe()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()

def now() -> datetime:
    """The time now, in UTC."""
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """A time as the store keeps it."""
    return moment.isoformat()
