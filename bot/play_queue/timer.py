"""One wake-up for the whole queue: at the next moment a wait ends.

The queue sets it after every change to the earliest end of a wait (the store keeps the
times, so after a restart it is set again from them; a time already past fires at once).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class WaitTimer:
    """Calls ``fire()`` once the time given to :meth:`set` comes (the latest call wins)."""

    def __init__(
        self, fire: Callable[[], Awaitable[None]], clock: Callable[[], float] = time.time
    ) -> None:
        self._fire = fire
        self._clock = clock
        self._task: asyncio.Task[None] | None = None
        self.when: float | None = None

    def set(self, when: float | None) -> None:
        """Wake at Unix time ``when`` (None: not at all), replacing the wake-up before."""
        current = asyncio.current_task()
        if self._task is not None and self._task is not current:
            self._task.cancel()
        self.when = when
        self._task = None if when is None else asyncio.create_task(self._run(when))

    async def close(self) -> None:
        """Cancel the wake-up and wait for it to stop."""
        task, self._task = self._task, None
        self.when = None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _run(self, when: float) -> None:
        await asyncio.sleep(max(0.0, when - self._clock()))
        try:
            await self._fire()
        except Exception:
            log.exception("The /play queue failed when a wait ended")
