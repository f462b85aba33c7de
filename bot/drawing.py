"""Where pictures are drawn: worker processes of their own, a private hand before any table.

Measured with the load benchmark (500 busy tables, ``python -m tests.load.run
--pictures both``), which is how these choices were made:

- Drawn in threads beside the event loop (as before), each picture's Python code holds
  the interpreter lock while the loop, which answers every click, waits; the threads'
  memory arenas added about 70 KiB a table to the bot. In worker processes (started like
  the computer players', from a clean ``forkserver``) the loop only sends a view and
  receives PNG bytes: 19 KiB a table, and no picture on the loop's thread.
- Their own processes, not the computer players' pool: a picture never queues behind a
  search, nor a search behind pictures.
- Two workers, fed straight from the loop (``LoopProcessPool.run``: a result reaches its
  waiter in the same loop iteration that reads it) and up to ``AHEAD`` calls ahead each.
  At 500 tables about 350 pictures a second are asked for; two workers draw about 1,900
  hands a second when the loop is idle, but with only a few calls in hand they idled
  while a busy loop (10-30 ms an iteration) got round to reading answers and sending
  more, and the hands queued (a median of 12 waiting, 27 ms before a hand's answer could
  go).

- Tried and measured no better on this 2-core machine, where 500 busy tables with
  pictures keep both cores about 94% busy (bot 0.6, drawing 0.5, the benchmark's emulator
  0.4 of a core): lowering the workers' priority (``os.nice``) let stored moves and
  answers go sooner but starved the pictures; a worker of its own for table pictures at
  a lower priority left hands queueing on one worker.

A private hand or a review step (someone is waiting for their answer) goes to the workers
at once, before every table picture not yet handed over (``first``); table pictures (which
can show a moment later) wait here and go ``slots`` at a time, so a hand waits behind at
most one table picture per worker.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from functools import partial
from typing import Any

from bot.pictures import SeatTag, render_hand, render_record, render_table
from bot.pictures.shared_palette import shared_palette
from bot.process_pool import LoopProcessPool, run_off_loop

HAND_CACHE = 64  # recent hand pictures kept: a refresh and a click on one state draw once
WORKERS = 2
AHEAD = 16  # calls handed to a worker at once: it never idles while the loop is busy


def _start_worker() -> None:
    """Run in a drawing worker at start-up: the palette chosen before the first picture."""
    shared_palette()


def drawing_executor() -> LoopProcessPool:
    """The process pool pictures are drawn in, its workers started."""
    context = multiprocessing.get_context("forkserver")
    return LoopProcessPool(WORKERS, depth=AHEAD, context=context, initializer=_start_worker)


Job = tuple["asyncio.Future[bytes]", Callable[[], bytes]]


class PictureDrawer:
    """Draws pictures in ``executor``: a private hand or a review step at once, before any
    table picture still waiting; at most ``slots`` table pictures handed over at a time."""

    def __init__(self, executor: Executor | None, slots: int = WORKERS) -> None:
        self.executor = executor
        self.slots = slots
        self._busy = 0
        self._tables: deque[Job] = deque()
        self._hand_cache: OrderedDict[str, bytes] = OrderedDict()

    async def hand(
        self, key: str, view: Mapping[str, Any], legal: Sequence[str], four_colour: bool
    ) -> bytes:
        """A private hand's picture (``key``: what it shows, see ``picture_key``)."""
        cached = self._hand_cache.get(key)
        if cached is not None:
            self._hand_cache.move_to_end(key)
            return cached
        draw = partial(render_hand, dict(view), list(legal), four_colour=four_colour)
        png = await run_off_loop(self.executor, draw, first=True)
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
