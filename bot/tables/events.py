"""Events the table service publishes, and the bus that delivers them.

Every change publishes zero or more specific events followed by one :class:`TableChanged`
(the UI re-renders on it). Events of one table reach each subscriber in order; a slow
subscriber for one table never delays another table, and an exception in a subscriber is
logged and otherwise ignored.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.results import ResultRecord

from .models import Table

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableEvent:
    """Something happened at a table; ``table`` is its state right after."""

    table: Table

    @property
    def table_id(self) -> int:
        """The table's id."""
        return self.table.id


@dataclass(frozen=True)
class TableChanged(TableEvent):
    """The table changed (always published last): re-render it.

    ``reason``: created, joined, left, computer_added, seat_cleared, started, cancelled,
    abandoned, replaced, reclaimed, action, finished, restored, rematch.
    """

    reason: str
    user_id: int | None = None
    seat: int | None = None


@dataclass(frozen=True)
class ActionApplied(TableEvent):
    """An action was applied (and stored); ``engine_events`` narrate what it caused.

    ``source``: person, computer, timeout (a computer moved for an absent person) or
    standin (a computer holding a person's hand). ``reason`` is a computer's explanation,
    when its decision function gives one.
    """

    index: int
    seat: int
    action: str
    source: str
    actor_id: int | None
    engine_events: tuple[Mapping[str, Any], ...]
    reason: str | None = None


@dataclass(frozen=True)
class TurnTimedOut(TableEvent):
    """A person's turn timer ran out and a computer moved for them.

    ``standin`` is True when that was the last allowed timeout in a row: a computer now
    holds the hand until the person asks for it back; ``counts_as_loss``: if it still does
    when the game ends, the game counts as a loss for the person (the server's
    ``leaver_penalty``).
    """

    seat: int
    user_id: int
    action: str
    timeouts: int
    standin: bool
    counts_as_loss: bool = False


@dataclass(frozen=True)
class GameFinished(TableEvent):
    """The game is over and its result is recorded."""

    result: ResultRecord


Subscriber = Callable[[TableEvent], Awaitable[None]]


class EventBus:
    """Subscribers, and one ordered delivery queue per table."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []
        self._queues: dict[int, deque[TableEvent]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback`` with every event from now on; returns an unsubscribe function."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def publish(self, events: Sequence[TableEvent]) -> None:
        """Queue ``events`` for delivery (synchronous: order is kept across callers)."""
        for event in events:
            self._queues.setdefault(event.table_id, deque()).append(event)
            if event.table_id not in self._workers:
                worker = asyncio.create_task(self._deliver(event.table_id))
                self._workers[event.table_id] = worker

    async def _deliver(self, table_id: int) -> None:
        queue = self._queues[table_id]
        try:
            while queue:
                event = queue.popleft()
                for callback in list(self._subscribers):
                    try:
                        await callback(event)
                    except Exception:
                        log.exception("Subscriber %r failed on %r", callback, event)
        finally:
            self._workers.pop(table_id, None)
            if not queue:
                self._queues.pop(table_id, None)

    async def drain(self) -> None:
        """Wait until every queued event has been delivered."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    async def close(self, timeout: float = 5.0) -> None:
        """Deliver what is queued (up to ``timeout`` seconds), then drop the rest."""
        try:
            await asyncio.wait_for(self.drain(), timeout)
        except TimeoutError:
            log.warning("Dropping undelivered table events at shutdown")
        for worker in list(self._workers.values()):
            worker.cancel()
        self._queues.clear()
