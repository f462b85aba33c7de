"""Where pictures are drawn: a private hand on the event loop, in time for its answer;
the table and review pictures in worker processes of their own.

Measured with the load benchmark (500 busy tables, ``python -m tests.load.run
--pictures both``), which is how these choices were made:

- A private hand's picture is put together on the event loop from tiles already in the
  shared palette (:func:`bot.pictures.hand.hand_png`) and written as PNG by
  :mod:`bot.pictures.drawing.png`: about 0.4 ms, so the answer to a click always carries
  it (encoded by Pillow, it took twice as long: a fifth of the loop's time at 200
  tables). Sent to a worker instead, the answer waited for the worker's turn on a busy
  machine: pictures on, the answers' p50 was 30 ms and p99 285 ms against 6 and 35 ms
  with pictures off, and the bot spent 0.4 ms a call writing to the workers' pipes, a
  full pipe blocking the loop itself.
- A table picture (about 3 ms) is drawn in a worker process (started like the computer
  players', from a clean ``forkserver``): drawn in threads beside the loop, its Python
  code held the interpreter lock while the loop, which answers every click, waited, and
  the threads' memory arenas added about 70 KiB a table. A table picture is drawn only
  when its message is about to be sent (see :mod:`bot.ui.table.publisher`), so there are
  at most as many as Discord's global budget allows, about 45 a second whatever the
  number of tables.
- Their own processes, not the computer players' pool: a picture never queues behind a
  search, nor a search behind pictures.
- At a lower priority (niceness ``WORKER_NICENESS``): a table picture can show a moment
  later, while the event loop and the database thread answer clicks. The two cores are
  shared by the bot (0.8 of a core), these workers (0.3) and the benchmark (0.4); the
  answers' p99 was 233 ms with the workers at the bot's priority, 214 ms below it, the
  tables' freshness unchanged (p99 11.6 s).

What remains of the cost of pictures (at 500 tables, answers p50 16-34 ms and p99
94-230 ms over five runs, against 6 and 35-48 ms without) is the event loop's own extra
work, about a fifth more: two hand pictures a move (0.4 ms each) and their uploads. A
busier loop makes everything else on a move's path wait longer too: reading the
interaction, the database thread's commit, the answer's request.

A review step (someone is waiting for it) goes to the workers before every table picture
not yet handed over (``first``); table pictures (which can show a moment later) wait here
and go ``slots`` at a time.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from functools import partial
from typing import Any

from bot.pictures import SeatTag, render_hand, render_record, render_table
from bot.pictures.shared_palette import shared_palette
from bot.process_pool import LoopProcessPool, run_off_loop, worker_cores

HAND_CACHE = 64  # recent hand pictures kept: a refresh and a click on one state draw once
WORKERS = 2
WORKER_NICENESS = 10


def _start_worker() -> None:
    """Run in a drawing worker at start-up: the palette chosen before the first picture."""
    os.nice(WORKER_NICENESS)
    shared_palette()


def drawing_executor() -> LoopProcessPool:
    """The process pool pictures are drawn in, its workers started."""
    context = multiprocessing.get_context("forkserver")
    return LoopProcessPool(
        WORKERS, context=context, initializer=_start_worker, cores=worker_cores()
    )


Job = tuple["asyncio.Future[bytes]", Callable[[], bytes]]


class PictureDrawer:
    """Draws a private hand at once, and the other pictures in ``executor``: a review
    step before any table picture still waiting; at most ``slots`` table pictures handed
    over at a time."""

    def __init__(self, executor: Executor | None, slots: int = WORKERS) -> None:
        self.executor = executor
        self.slots = slots
        self._busy = 0
        self._tables: deque[Job] = deque()
        self._hand_cache: OrderedDict[str, bytes] = OrderedDict()

    def hand(
        self, key: str, view: Mapping[str, Any], legal: Sequence[str], four_colour: bool
    ) -> bytes:
        """A private hand's picture, drawn here and now (``key``: what it shows, see
        ``picture_key``; a state asked for again is not drawn again)."""
        cached = self._hand_cache.get(key)
        if cached is not None:
            self._hand_cache.move_to_end(key)
            return cached
        png = render_hand(view, legal, four_colour=four_colour)
        self._hand_cache[key] = png
        while len(self._hand_cache) > HAND_CACHE:
            self._hand_cache.popitem(last=False)
        return png

    async def table(
        self, view: Mapping[str, Any], tags: Sequence[SeatTag], four_colour: bool
    ) -> bytes:
        """The public table's picture, drawn once no private hand is waiting."""
        draw = partial(render_table, dict(view), list(tags), four_colour=four_colour)
        return await self._queue(draw)

    async def record(
        self, view: Mapping[str, Any], tags: Sequence[SeatTag], four_colour: bool
    ) -> bytes:
        """A step of a finished game for ``/review``: someone waits for it, as for a hand."""
        draw = partial(render_record, dict(view), list(tags), four_colour=four_colour)
        return await run_off_loop(self.executor, draw, first=True)

    async def ready(self) -> None:
        """Wait until every worker has started (its palette loaded), so that the first
        answers after a start or a restart have their pictures."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self.executor, int) for _ in range(WORKERS)))

    @property
    def waiting(self) -> int:
        """Table pictures queued and not yet handed to a worker."""
        return len(self._tables)

    async def _queue(self, draw: Callable[[], bytes]) -> bytes:
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._tables.append((future, draw))
        self._next()
        return await future

    def _next(self) -> None:
        """Hand table pictures to the workers while fewer than ``slots`` are there."""
        while self._busy < self.slots and self._tables:
            future, draw = self._tables.popleft()
            if future.cancelled():
                continue
            self._busy += 1
            task = asyncio.ensure_future(run_off_loop(self.executor, draw))
            task.add_done_callback(partial(self._finished, future))

    def _finished(self, future: asyncio.Future[bytes], task: asyncio.Future[bytes]) -> None:
        self._busy -= 1
        if not future.done():
            if task.cancelled():
                future.cancel()
            elif (error := task.exception()) is not None:
                future.set_exception(error)
            else:
                future.set_result(task.result())
        self._next()
