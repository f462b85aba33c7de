"""How far behind the event loop runs, and a line where background work waits for it.

Every click is read from the gateway, applied and answered on the one event loop, one
step per loop pass; so is every table edit and hand refresh. When the loop is busy, one
pass takes as long as all the work ready in it, and a click's answer (some ten passes)
waits for all of that, again and again. The publisher's work (table messages, narration,
the refreshes of waiting players' hands) can come a moment later without harm; a click's
answer cannot. So each of its rounds takes its turn here (:meth:`LoopLag.turn`): at once
while the loop keeps up, else in line, a few at a time as it catches up, and never after
waiting ``patience``. Computer moves do not wait here: the load benchmark lost more
clicks when they did (739 unanswered at 1,000 tables against none), as it did with only
the hand refreshes waiting (414).

Measured with the load benchmark at 1,000 tables, pictures on, on two cores, past the
start-up: without this line 682 clicks went unanswered in a minute (22 moves a second,
43,000 hand edits); with it, none in one run (86 moves a second, 12,000 hand edits) and
776 in the next (23.5 moves a second, 39,000 hand edits). At that load a run either keeps
up or tips over (hand pictures come too late, every refresh then goes without its
picture and is edited again), and this line does not yet keep it from tipping over.

The lag is measured by a ticker: how much later than asked its sleep of ``interval``
ends. How many may go on at each tick grows by one while the loop keeps up and halves
when it falls behind, so background work gets what the loop has to spare.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque

INTERVAL = 0.05  # seconds between two measures of the lag
LIMIT = 0.1  # seconds of lag from which background work waits its turn
PATIENCE = 2.0  # seconds background work waits at most
FIRST_SHARE = 8  # waiting work let go at a tick, to begin with


class LoopLag:
    """The event loop's lag, and the line background work waits in while it lags."""

    def __init__(
        self, *, interval: float = INTERVAL, limit: float = LIMIT, patience: float = PATIENCE
    ) -> None:
        self.interval, self.limit, self.patience = interval, limit, patience
        self.lag = 0.0
        self._share = FIRST_SHARE
        self._line: deque[tuple[float, asyncio.Future[None]]] = deque()
        self._ticker: asyncio.Task[None] | None = None
        self._closed = False

    @property
    def waiting(self) -> int:
        """Background work waiting for its turn."""
        return len(self._line)

    async def turn(self) -> None:
        """Return when background work may go on: at once while the loop keeps up."""
        if self._closed:
            return
        if self._ticker is None:
            self._ticker = asyncio.create_task(self._tick(), name="loop-lag")
        if self.lag < self.limit and not self._line:
            return
        future = asyncio.get_running_loop().create_future()
        self._line.append((time.monotonic(), future))
        try:
            await future
        except asyncio.CancelledError:
            self._line = deque(entry for entry in self._line if entry[1] is not future)
            raise

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            self.lag = max(0.0, loop.time() - asked)
            self._let_go()

    def _let_go(self) -> None:
        """Let the line move: its share while the loop keeps up, and whoever has waited
        ``patience``."""
        if not self._line:
            return
        if self.lag < self.limit:
            count = self._share
            self._share += 1
        else:
            count = 0
            self._share = max(1, self._share // 2)
        overdue = time.monotonic() - self.patience
        while self._line and (count > 0 or self._line[0][0] <= overdue):
            _, future = self._line.popleft()
            if not future.done():
                future.set_result(None)
                count -= 1

    async def close(self) -> None:
        """Stop measuring and let everyone go on at once from now (the bot is stopping)."""
        self._closed = True
        for _, future in self._line:
            if not future.done():
                future.set_result(None)
        self._line.clear()
        if self._ticker is not None:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, return_exceptions=True)
            self._ticker = None
