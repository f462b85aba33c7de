"""The core of the table service: live tables, locking, applying actions, computer turns.

:class:`ServiceCore` holds the registry of open tables and the one path every action takes
(validate → apply → store in one transaction → publish → schedule the next computer move or
turn timer). The public operations live in :mod:`.service` (play, moderation, restore)
and :mod:`.lobby` (seats, start, rematch).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from bot.engine import Game, IllegalAction
from bot.store.database import Database, StoreUnavailableError, utc_now
from bot.store.departures import DepartureReason, DepartureRepository, NewDeparture, departure_write
from bot.store.guild_settings import GuildSettings
from bot.store.moderation.modlog import ModLogRepository, NewModAction
from bot.store.results import ResultRecord, ResultRepository
from bot.store.settings import SettingsRepository
from bot.store.tables import (
    ActionSource,
    HeldStep,
    SeatRecord,
    TableRepository,
    TableStatus,
    action_writes,
    hold_step_write,
    release_step_write,
    seat_write,
)

from .computer import DecideFn, decide_off_loop, decision_seed, default_executor
from .errors import CLOSED_MESSAGES, RESTORE_FAILED, NotStoredError, TableError, not_stored
from .events import ActionApplied, EventBus, GameFinished, TableChanged, TableEvent, TurnTimedOut
from .games import acting_seat, action_steps, check_steps, game_ended, rebuilt, replay, result_of
from .live import LiveTable, departed_seats
from .timers import TurnClock

log = logging.getLogger(__name__)

@dataclass(frozen=True)
class ServiceConfig:
    """Tuning of the service (tests use zero delays and a small timer scale).

    ``computer_delay``: the least time a computer move takes, so people can follow.
    ``think_time``: the time budget handed to the decision function.
    ``timer_scale``: real seconds per second of the guild's ``turn_timer``.
    ``max_timeouts``: timeouts in a row after which a computer holds the person's hand.
    ``retry_delay``: wait before retrying a computer move that could not be stored.
    ``workers``: processes of the default executor.
    """

    computer_delay: float = 1.2
    think_time: float = 1.0
    timer_scale: float = 1.0
    max_timeouts: int = 3
    retry_delay: float = 5.0
    workers: int = 2


class ServiceCore:
    """Open tables, their locks, and the apply / schedule machinery."""

    def __init__(
        self,
        db: Database,
        decide: DecideFn,
        *,
        executor: Executor | None = None,
        config: ServiceConfig | None = None,
    ) -> None:
        self.db = db
        self.config = config or ServiceConfig()
        self.tables = TableRepository(db)
        self.results = ResultRepository(db)
        self.settings = SettingsRepository(db)
        self.departures = DepartureRepository(db)
        self.modlog = ModLogRepository(db)
        self._decide = decide
        self._own_executor = executor is None
        self._executor: Executor = executor or default_executor(self.config.workers)
        self._live: dict[int, LiveTable] = {}
        self._bus = EventBus()
        self._clock = TurnClock()

    # ----- finding and locking tables ------------------------------------------------------
    @asynccontextmanager
    async def _locked(self, table_id: int) -> AsyncIterator[LiveTable]:
        """The open table, exclusively; :class:`TableError` if it is unknown or closed."""
        live = self._live.get(table_id)
        if live is None:
            raise TableError(await self._closed_message(table_id))
        async with live.lock:
            if self._live.get(table_id) is not live:
                raise TableError(await self._closed_message(table_id))
            yield live

    async def _closed_message(self, table_id: int) -> str:
        record = await self.tables.get(table_id)
        if record is None:
            return f"There is no table {table_id}."
        return CLOSED_MESSAGES.get(record.status, RESTORE_FAILED)

    @staticmethod
    def _game(live: LiveTable) -> Game:
        if live.status == "lobby" or live.game is None:
            raise TableError("The game hasn't started yet.")
        return live.game

    @staticmethod
    def _seat_of(live: LiveTable, user_id: int) -> SeatRecord:
        seat = live.seat_of(user_id)
        if seat is None:
            raise TableError("You're not seated at this table.")
        return live.seats[seat]

    # ----- publishing ----------------------------------------------------------------------
    def _publish(
        self,
        live: LiveTable,
        reason: str,
        *events: TableEvent,
        user_id: int | None = None,
        seat: int | None = None,
    ) -> None:
        """Publish ``events`` and then a :class:`TableChanged` for the table as it is now."""
        change = TableChanged(live.snapshot(), reason=reason, user_id=user_id, seat=seat)
        self._bus.publish([*events, change])

    async def _set_seat(self, live: LiveTable, seat: SeatRecord) -> None:
        """Store a change of a lobby seat (and when it happened); update the live table."""
        await self.tables.change_lobby_seat(seat)
        live.seats[seat.seat] = seat

    async def _close(
        self,
        live: LiveTable,
        status: TableStatus,
        reason: str,
        user_id: int | None = None,
        seats: Sequence[SeatRecord] = (),
        logged: NewModAction | None = None,
    ) -> None:
        """Store the table as closed (cancelled or abandoned), with the lobby ``seats`` given
        up as it closes and the moderator's action that closed it, and let it go."""
        async with self.db.transaction():
            for seat in seats:  # lobby seats given up as it closes
                await self.tables.change_lobby_seat(seat)
            await self.tables.set_status(live.id, status)
            if logged is not None:
                await self.modlog.record(logged)
        for seat in seats:
            live.seats[seat.seat] = seat
        live.set_status(status)
        self._retire(live)
        self._publish(live, reason, user_id=user_id)

    @staticmethod
    def _ended_by_moderator(
        live: LiveTable, moderator_id: int, status: TableStatus
    ) -> NewModAction:
        """The moderation log's entry for a moderator closing a table."""
        return NewModAction(
            live.record.guild_id,
            "table_end",
            moderator_id,
            table_id=live.id,
            detail={"status": status, "variant": live.record.variant},
        )

    def _retire(self, live: LiveTable) -> None:
        self._clock.cancel(live.id)
        live.deadline = None
        if self._live.get(live.id) is live:
            del self._live[live.id]

    # ----- the one path of every action ------------------------------------------------------
    async def _apply(
        self,
        live: LiveTable,
        seat: int,
        action: str,
        source: ActionSource,
        actor_id: int | None = None,
        *,
        seat_update: SeatRecord | None = None,
        departure: NewDeparture | None = None,
        reason: str | None = None,
    ) -> None:
        """Apply, store (with ``seat_update``, a ``departure`` it causes and, at the end,
        the result), then publish. One click may join steps (``order+alone``): all are
        checked first, then applied, stored together and published one by one."""
        game = self._game(live)
        steps = action_steps(action)
        try:
            hold = check_steps(game, steps)
            if hold is not None:
                steps = steps[:-1]
            held = live.held.get(seat)
            release = held is not None and held.action in game.legal_actions()
            applied = [game.apply(step) for step in steps]
        except IllegalAction as exc:
            raise TableError(str(exc)) from None
        except Exception:
            log.exception("Table %d: the engine failed on %r", live.id, action)
            await self._reload(live)
            raise TableError("Something went wrong with that move; nothing was changed.") from None
        index = len(game.log) - len(steps)
        seats = list(live.seats)
        if seat_update is not None:
            seats[seat_update.seat] = seat_update
        result = result_of(live.record, seats, game) if game_ended(live.record, game) else None
        writes = action_writes(live.id, index, seat, steps, source, actor_id, utc_now())
        if release:
            writes.append(release_step_write(live.id, seat))
        if hold is not None:
            writes.append(hold_step_write(live.id, seat, HeldStep(hold, game.hand_number)))
        if seat_update is not None:
            writes.append(seat_write(seat_update))
        if departure is not None:
            writes.append(departure_write(departure))
        try:
            if result is None:  # one batch, committed with other tables' moves
                await self.db.write_many(writes)
            else:
                async with self.db.transaction():
                    await self.db.write_many(writes)
                    await self.tables.set_status(live.id, "finished")
                    await self.results.record(result)
        except Exception as error:
            refusal = not_stored(live.id, index, action, error)
            await self._reload(live, stored=game.log[:index])
            raise refusal from None
        live.seats = seats
        if release:
            del live.held[seat]
        if hold is not None:
            live.held[seat] = HeldStep(hold, game.hand_number)
        events: list[TableEvent] = []
        if result is not None:
            live.set_status("finished")
            self._retire(live)
        else:
            await self._schedule_safely(live)
        table = live.snapshot()
        if source == "timeout" and seat_update is not None and seat_update.user_id is not None:
            events.append(
                TurnTimedOut(
                    table,
                    seat,
                    seat_update.user_id,
                    action,
                    seat_update.timeouts,
                    seat_update.standin,
                    departure is not None and departure.counts_as_loss,
                )
            )
        events += [
            ActionApplied(table, at, seat, step, source, actor_id, tuple(caused), reason)
            for at, (step, caused) in enumerate(zip(steps, applied, strict=True), start=index)
        ]
        if result is not None:
            events.append(GameFinished(table, result))
        self._publish(
            live, "finished" if result else "action", *events, user_id=actor_id, seat=seat
        )

    async def _reload(self, live: LiveTable, stored: Sequence[str] | None = None) -> None:
        """Rebuild the live game from the stored log (after a failed apply). ``stored``:
        the actions known to be stored, to rebuild from when the database can't be read
        (it went away), so the table plays on when it is back."""
        try:
            try:
                actions = await self.tables.actions(live.id)
            except StoreUnavailableError:
                if stored is None:
                    raise
                live.game = rebuilt(live.record, stored)
                return
            live.game = replay(live.record, actions)
        except Exception:
            log.exception("Table %d: could not reload its game; closing it in memory", live.id)
            self._retire(live)

    # ----- computer turns and turn timers ------------------------------------------------
    async def _schedule(self, live: LiveTable) -> None:
        """Plan the next computer move, or the turn timer of the person to act."""
        game = live.game
        live.deadline = None
        if live.status != "playing" or game is None or game_ended(live.record, game):
            self._clock.cancel(live.id)
            return
        seat = acting_seat(game)
        assert seat is not None
        turn = len(game.log)
        if await self._held_ready(live, game, seat):
            self._clock.start(
                live.id, "held", self._guarded(live, partial(self._held_turn, live, turn))
            )
            return
        if live.seats[seat].computer_level is not None:
            self._clock.start(
                live.id, "computer", self._guarded(live, partial(self._computer_turn, live, turn))
            )
            return
        settings = await self.settings.get(live.record.guild_id)
        seconds = settings.turn_timer * self.config.timer_scale
        if seconds <= 0:
            self._clock.cancel(live.id)
            return
        live.deadline = time.time() + seconds
        self._clock.start(
            live.id, "timer", self._guarded(live, partial(self._turn_timer, live, turn, seconds))
        )

    async def _held_ready(self, live: LiveTable, game: Game, seat: int) -> bool:
        """Whether the person at ``seat`` chose this turn's step ahead (a step held from an
        earlier hand is forgotten)."""
        held = live.held.get(seat)
        if held is None or live.seats[seat].computer_level is not None:
            return False
        if held.hand_number != game.hand_number:
            await self.tables.release_step(live.id, seat)
            del live.held[seat]
            return False
        return held.action in game.legal_actions()

    async def _held_turn(self, live: LiveTable, turn: int) -> None:
        """Make the step the person chose ahead, as their own move."""
        async with live.lock:
            current = self._current(live, turn)
            if current is None:
                return
            _, seat = current
            owner, held = live.seats[seat], live.held.get(seat)
            if held is None or owner.computer_level is not None:
                return
            await self._apply(live, seat, held.action, "person", owner.user_id)

    async def _schedule_safely(self, live: LiveTable) -> None:
        """:meth:`_schedule` after a stored change: a failure is logged and retried later."""
        try:
            await self._schedule(live)
        except Exception:
            log.exception("Table %d: could not plan the next move; retrying", live.id)
            self._clock.start(live.id, "retry", self._retry(live))

    def _current(self, live: LiveTable, turn: int) -> tuple[Game, int] | None:
        """The live game and the seat to act, if the table is still at action ``turn``.

        The game object itself may have been rebuilt from the store meanwhile (after a
        failed save); only the position counts.
        """
        game = live.game
        if self._live.get(live.id) is not live or live.status != "playing" or game is None:
            return None
        seat = acting_seat(game)
        if seat is None or len(game.log) != turn:
            return None
        return game, seat

    async def _think(
        self, live: LiveTable, game: Game, seat: int, level: str
    ) -> tuple[str, str | None]:
        view, legal = game.view(seat), game.legal_actions()
        seed = decision_seed(live.record.seed, len(game.log))
        return await decide_off_loop(
            self._executor, self._decide, level, view, legal, seed, self.config.think_time
        )

    async def _computer_turn(self, live: LiveTable, turn: int) -> None:
        """Decide off the loop, pause so people can follow (not once nobody is left to
        follow: the computers then finish promptly), then apply if still current."""
        current = self._current(live, turn)
        if current is None:
            return
        game, seat = current
        level = live.seats[seat].computer_level
        if level is None:
            return
        started = time.monotonic()
        action, why = await self._think(live, game, seat, level)
        pause = self.config.computer_delay - (time.monotonic() - started)
        if pause > 0 and self._people_left(live.seats):
            await asyncio.sleep(pause)
        async with live.lock:
            owner = live.seats[seat]
            if self._current(live, turn) != (live.game, seat) or owner.computer_level is None:
                return
            source: ActionSource = "standin" if owner.standin else "computer"
            await self._apply(live, seat, action, source, reason=why)

    async def _guarded(
        self, live: LiveTable, step: Callable[[], Coroutine[Any, Any, None]]
    ) -> None:
        """Run a scheduled move; if it fails, log it and plan it again after a pause."""
        try:
            await step()
        except NotStoredError:  # the store's refusal is logged where it happened
            log.warning("Table %d: a scheduled move was not stored; retrying in %.1f s",
                        live.id, self.config.retry_delay)
        except Exception:
            log.exception("Table %d: a scheduled move failed; retrying in %.1f s",
                          live.id, self.config.retry_delay)
        else:
            return
        if self._clock.is_current(live.id):
            self._clock.start(live.id, "retry", self._retry(live))

    async def _retry(self, live: LiveTable) -> None:
        await asyncio.sleep(self.config.retry_delay)
        async with live.lock:
            if self._live.get(live.id) is live:
                await self._schedule(live)

    async def _turn_timer(self, live: LiveTable, turn: int, seconds: float) -> None:
        """When a person's time runs out, a computer moves for them (and maybe holds on)."""
        await asyncio.sleep(seconds)
        current = self._current(live, turn)
        if current is None:
            return
        game, seat = current
        settings = await self.settings.get(live.record.guild_id)
        level = settings.computer_level
        action, why = await self._think(live, game, seat, level)
        async with live.lock:
            owner = live.seats[seat]
            if (
                self._current(live, turn) != (live.game, seat)
                or owner.user_id is None
                or owner.computer_level is not None
            ):
                return
            timeouts = owner.timeouts + 1
            standin = timeouts >= self.config.max_timeouts
            update = replace(
                owner, timeouts=timeouts, standin=standin, computer_level=level if standin else None
            )
            gone = (
                self._departure(live, update, "timeouts", settings)
                if standin
                else None
            )
            await self._apply(
                live, seat, action, "timeout", seat_update=update, departure=gone, reason=why
            )

    # ----- finishing -------------------------------------------------------------------------
    async def _record_finished(self, live: LiveTable) -> ResultRecord | None:
        """Store the result and the finished status of a game found over (once)."""
        game = self._game(live)
        result = result_of(live.record, live.seats, game)
        async with self.db.transaction():
            await self.tables.set_status(live.id, "finished")
            recorded = await self.results.record(result)
        live.set_status("finished")
        self._retire(live)
        if not recorded:
            return await self.results.get(live.id)
        self._publish(live, "finished", GameFinished(live.snapshot(), result))
        return result

    @staticmethod
    def _departure(
        live: LiveTable, taken: SeatRecord, why: DepartureReason, settings: GuildSettings
    ) -> NewDeparture:
        """The departure of the person in ``live``'s seat, now ``taken`` by a computer."""
        owner = live.seats[taken.seat]
        assert owner.user_id is not None and taken.computer_level is not None
        return NewDeparture(
            table_id=live.id,
            seat=taken.seat,
            user_id=owner.user_id,
            computer_level=taken.computer_level,
            why=why,
            hand_number=live.game.hand_number if live.game is not None else 0,
            counts_as_loss=settings.leaving_counts(live.record.event_name is not None),
        )

    async def _left_seats(self, table_id: int) -> tuple[dict[int, int], set[int]]:
        """Seat → the member of each standing departure (named only where a computer owns
        the seat now), and the seats of those a moderator gave to a computer."""
        return departed_seats(await self.departures.of_table(table_id))

    @staticmethod
    def _people_left(seats: Sequence[SeatRecord]) -> int:
        return sum(1 for seat in seats if seat.user_id is not None)
