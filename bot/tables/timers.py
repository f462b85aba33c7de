"""One pending task per table: a computer's move, a person's turn timer, or the step a
person chose ahead (see :data:`bot.tables.games.HELD_AFTER`).

Starting a new task for a table cancels the one before it (unless the new one is started
from inside it), so a table never has two moves pending; different tables never wait for
each other.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, Literal

log = logging.getLogger(__name__)

TaskKind = Literal["computer", "timer", "retry", "held"]


class TurnClock:
    """The pending computer move or turn timer of every table."""

    def __init__(self) -> None:
        self._tasks: dict[int, tuple[TaskKind, asyncio.Task[None]]] = {}

    def start(self, table_id: int, kind: TaskKind, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as the table's pending task, replacing (cancelling) any other."""
        self.cancel(table_id)
        task = asyncio.create_task(coro, name=f"table-{table_id}-{kind}")
        self._tasks[table_id] = (kind, task)
        task.add_done_callback(lambda done: self._forget(table_id, done))

    def cancel(self, table_id: int) -> None:
        """Cancel the table's pending task (not if it is the task calling this)."""
        entry = self._tasks.pop(table_id, None)
        if entry is not None and entry[1] is not asyncio.current_task():
            entry[1].cancel()

    def is_current(self, table_id: int) -> bool:
        """Whether the calling task is the table's pending task."""
        entry = self._tasks.get(table_id)
        return entry is not None and entry[1] is asyncio.current_task()

    def pending(self, table_id: int) -> TaskKind | None:
        """What the table is waiting for: a computer move, a turn timer, or nothing."""
        entry = self._tasks.get(table_id)
        return entry[0] if entry else None

    async def wait_for_computers(self) -> None:
        """Wait until no table has a computer move (or a retry) pending."""
        while True:
            busy = [task for kind, task in self._tasks.values() if kind != "timer"]
            if not busy:
                return
            await asyncio.wait(busy)

    async def close(self) -> None:
        """Cancel every pending task and wait for them to end."""
        tasks = [task for _, task in self._tasks.values()]
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _forget(self, table_id: int, done: asyncio.Task[None]) -> None:
        entry = self._tasks.get(table_id)
        if entry is not None and entry[1] is done:
            del self._tasks[table_id]
        if not done.cancelled() and done.exception() is not None:
            log.error("Table %d task failed", table_id, exc_info=done.exception())
