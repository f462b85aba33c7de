"""A budget of REST requests per second, shared by every table's publisher workers.

Discord allows a bot about 50 requests a second across all its channels (interaction
answers and the webhook edits of private hands don't count). The table messages, the
narration and the pings of all tables share 45 of them, leaving the rest for everything
else the bot sends (member look-ups, threads, the moderation log). With a few tables the
budget never binds; with hundreds of busy ones every request waits its turn, and a table
waiting for its turn coalesces what happens meanwhile into one edit.

When the budget binds, requests are served by what they show:

1. ``urgent``: a table message showing a person's move, and a turn ping. People wait to
   see what a person did; a computer's move can show a moment later.
2. ``table``: a table message showing only computer players' moves (or seats, timers);
   one that has waited ``table_patience`` seconds goes before the urgent ones. Without
   that, when people's moves alone asked for the whole budget (500 tables, 88 moves a
   second against 45 requests), a table whose person sat out their partner's lone hand
   was never edited while the computers played it: one showed a call made 52 s before.
3. ``news``: narration, which still gets ``news_share`` of the requests whenever it
   waits, so it is late (its lines gathered into fewer messages), never lost.

Each table has at most one request waiting, and one edit shows every change since the
last, so a table that waits loses nothing. At 500 busy tables (a person each) the budget
allows each table message an edit about every 13 seconds; at 100, every couple of seconds.

Discord's limit is the bot's, not a process's: when the bot runs as a cluster of
processes (``SHARD_COUNT``/``SHARD_IDS``), each process gets a static share of the 45,
in proportion to the shards it holds (:func:`budget_for_shards`): a process holding 2 of
8 shards gets 45 × 2/8 = 11.25 requests a second (and a burst in proportion), so the
processes of a cluster whose shards cover the bot once add up to 45, never to 45 a
process. The split is static: a busy process does not borrow a quiet one's share.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Literal

DEFAULT_RATE = 45.0
DEFAULT_BURST = 45
DEFAULT_NEWS_SHARE = 1 / 6
DEFAULT_TABLE_PATIENCE = 15.0  # seconds a computers' move waits at most behind people's

Kind = Literal["urgent", "table", "news"]


class RequestBudget:
    """A token bucket: ``rate`` requests a second, ``burst`` at once, served urgent first,
    then table (before urgent once it has waited ``table_patience`` seconds), with
    ``news_share`` of the tokens kept for narration while it waits."""

    def __init__(
        self,
        rate: float = DEFAULT_RATE,
        burst: int = DEFAULT_BURST,
        news_share: float = DEFAULT_NEWS_SHARE,
        table_patience: float = DEFAULT_TABLE_PATIENCE,
    ) -> None:
        self.rate, self.burst = rate, burst
        self.table_patience = table_patience
        self._asked: dict[asyncio.Future[None], float] = {}  # a table waiter → when it asked
        self._news_credit_step = news_share / (1 - news_share)
        self._news_credit = 0.0
        self._tokens = float(burst)
        self._stamp = time.monotonic()
        self._lines: dict[Kind, deque[asyncio.Future[None]]] = {
            "urgent": deque(),
            "table": deque(),
            "news": deque(),
        }
        self._timer: asyncio.Handle | None = None

    @property
    def waiting(self) -> int:
        """Requests waiting for their turn."""
        return sum(len(line) for line in self._lines.values())

    async def take(self, kind: Kind = "table") -> None:
        """Wait for the right to make one request of this kind."""
        await self.ask(kind)

    def ask(self, kind: Kind = "table") -> asyncio.Future[None]:
        """A place in line for one request of this kind: done when it may be made."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._refill()
        if self._tokens >= 1 and not self.waiting:
            self._tokens -= 1
            future.set_result(None)
            return future
        self._lines[kind].append(future)
        if kind == "table":
            self._asked[future] = time.monotonic()
        self._wake(loop)
        return future

    def promote(self, place: asyncio.Future[None]) -> None:
        """Move a table message waiting in line to the urgent line (a person moved there
        meanwhile), behind those already there."""
        table = self._lines["table"]
        if place in table:
            table.remove(place)
            self._asked.pop(place, None)
            self._lines["urgent"].append(place)

    def _wake(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._timer is None:
            delay = max(0.0, (1 - self._tokens) / self.rate)
            self._timer = loop.call_later(delay, self._grant)

    def _grant(self) -> None:
        """Give the tokens there are to the waiters, in order of their queues."""
        self._timer = None
        self._refill()
        while self._tokens >= 1 and (future := self._next_waiter()) is not None:
            self._tokens -= 1
            future.set_result(None)
        if self.waiting:
            self._wake(asyncio.get_running_loop())

    def _next_waiter(self) -> asyncio.Future[None] | None:
        """The next waiter to serve: urgent, then table, and narration its share."""
        for line in self._lines.values():
            while line and line[0].done():  # cancelled while waiting
                self._asked.pop(line.popleft(), None)
        news = self._lines["news"]
        first = self._first_line()
        if first and news:
            if self._news_credit >= 1:
                self._news_credit -= 1
                return news.popleft()
            self._news_credit += self._news_credit_step
            return self._served(first)
        line = first or news
        return self._served(line) if line else None

    def _first_line(self) -> deque[asyncio.Future[None]]:
        """The line served before narration: table messages whose first has waited its
        patience, else urgent requests, else table messages."""
        table = self._lines["table"]
        if table and time.monotonic() - self._asked[table[0]] >= self.table_patience:
            return table
        return self._lines["urgent"] or table

    def _served(self, line: deque[asyncio.Future[None]]) -> asyncio.Future[None]:
        """The first waiter of ``line``, leaving it."""
        future = line.popleft()
        self._asked.pop(future, None)
        return future

    def _refill(self) -> None:
        now = time.monotonic()
        self._tokens = min(float(self.burst), self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now


def rate_share(shards_held: int, shard_count: int, rate: float = DEFAULT_RATE) -> float:
    """This process's share of the bot's ``rate``: in proportion to the shards it holds."""
    if not 0 < shards_held <= shard_count:
        raise ValueError(f"cannot hold {shards_held} of {shard_count} shards")
    return rate * shards_held / shard_count


def budget_for_shards(shards_held: int | None, shard_count: int | None) -> RequestBudget:
    """The request budget of a process holding ``shards_held`` of ``shard_count`` shards
    (the whole budget without sharding); the burst shrinks with the rate, to one at least."""
    if shards_held is None or shard_count is None:
        return RequestBudget()
    rate = rate_share(shards_held, shard_count)
    burst = max(1, round(DEFAULT_BURST * shards_held / shard_count))
    return RequestBudget(rate=rate, burst=burst)
