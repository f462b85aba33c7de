"""A budget of REST requests per second, shared by every table's publisher worker.

Discord allows a bot about 50 requests a second across all its channels (interaction
answers and the webhook edits of private hands don't count). The table messages, the
narration and the pings of all tables share this budget, first come first served; a table
waiting for its turn coalesces what happens meanwhile into one edit. With a few tables it
never binds; with a hundred busy ones each table message is edited every couple of
seconds instead of the bot being throttled (or banned) by Discord.
"""

from __future__ import annotations

import asyncio
import time

DEFAULT_RATE = 40.0
DEFAULT_BURST = 40


class RequestBudget:
    """A token bucket: ``rate`` requests a second, ``burst`` at once, FIFO waiting."""

    def __init__(self, rate: float = DEFAULT_RATE, burst: int = DEFAULT_BURST) -> None:
        self.rate, self.burst = rate, burst
        self._tokens = float(burst)
        self._stamp = time.monotonic()
        self._lock = asyncio.Lock()

    async def take(self) -> None:
        """Wait for the right to make one request."""
        async with self._lock:
            self._refill()
            if self._tokens < 1:
                await asyncio.sleep((1 - self._tokens) / self.rate)
                self._refill()
            self._tokens -= 1

    def _refill(self) -> None:
        now = time.monotonic()
        self._tokens = min(float(self.burst), self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now
