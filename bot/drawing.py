"""Where pictures are drawn: a click's private hand on the event loop, in time for its
answer; a refresh's hand in a worker process of its own; the table and review pictures
in worker processes of theirs.

Measured with the load benchmark (``python -m tests.load.run --pictures both``), which is
how these choices were made:

- A click's hand picture is put together on the event loop from tiles already in the
  shared palette (:func:`bot.pictures.hand.hand_png`) and written as PNG by
  :mod:`bot.pictures.drawing.png`, about 0.5 ms: the answer carries it, and never
  waits for a worker (sent to one, it waited for the worker's turn and for the loop to
  read its answer: at 500 tables the answers' p50 rose from 83 to 207-539 ms). Only a
  click the loop reached a second late, or one of a burst (``BEHIND`` and
  ``BUSY_CLICKS`` in :mod:`cogs.table_play`), is answered without it, the hands'
  worker drawing it to follow in an edit: when 1,000 tables start together (a thousand
  first clicks in four seconds), those pictures drawn on the loop made it later still,
  and 922 first clicks went unanswered; 228-915 with them drawn in the worker once a
  click was late, hand edits a few at a time (:mod:`bot.ui.hand.sessions`) and a
  follow-up giving a newer state two seconds to bring its own picture; 139 once a burst
  (more clicks being answered than ``BUSY_CLICKS``) sent them there too; 35 and 172 with
  each click's work in its own task (:func:`bot.ui.replies.in_time`); 0, 85 and 60 once
  a click's lateness was measured against the last two minutes' arrivals, not the last
  200 (:meth:`bot.ui.hand.sessions.DiscordClock.delay`).
- A refresh's hand picture (the hand shown again when the player's turn comes) is drawn
  in the hands' worker (``hand_executor``, at the bot's priority), before the person's
  lock is taken (see :mod:`bot.ui.hand.sessions`), so a click meanwhile is not held up.
  Drawn on the loop, the two hand pictures of a move cost it about 2.8 ms a move (10.4
  ms against 8.1 with pictures off, 300 tables on two cores); the refresh's moved here,
  1.0 ms of that went, and the answers' p99 over three runs was 221-379 ms against
  327-641 ms over four runs before (187 ms with pictures off). At 500 tables, where both
  cores are full either way, the answers' p99 was 991 ms against 272-1409 before, their
  p50 258 ms against 83 (the worker takes its share of the benchmark's core). The worker
  is sent up to ``HAND_DEPTH`` pictures at a time: one at a time, it waited for the busy
  loop to read each answer before it got the next, and fell behind (a thousand refreshes
  in 30 s went without their picture at 500 tables, none with 32 at a time).
- A table picture (about 3 ms) is drawn in a worker process (started like the computer
  players', from a clean ``forkserver``): drawn in threads beside the loop, its Python
  code held the interpreter lock while the loop, which answers every click, waited, and
  the threads' memory arenas added about 70 KiB a table. A table picture is drawn only
  when its message is about to be sent (see :mod:`bot.ui.table.publisher`), so there are
  at most as many as Discord's global budget allows, about 45 a second whatever the
  number of tables; what it shows is read as a worker takes it, so a table that waited
  for the workers shows the moves made meanwhile (at 500 tables on the slower machine,
  the freshness p99 was 11.4-18.1 s over four runs, against 27.1 and 27.9 s when it was
  read as it joined the line). The pictures waiting go to the workers by how long their
  table has owed a person's move (the publisher's ``owed``), not in the order they
  came: the budget lets through more requests than the workers draw there, about 150
  pictures waited at any time, and a table whose person's move came just after its
  picture joined the line waited the whole line again (the freshness p99 then 14.7 and
  19.9 s over two runs, 10.7-16.3 s over four with the longest owed first). Each
  worker is sent up to ``TABLE_DEPTH`` of them at a time: one at a time, it waited for
  the busy loop to read each answer before it got the next, and at 300 tables the
  tables' freshness was p50 20.4 / p99 36.6 s; four at a time, 9.3 / 18.0 s, the
  answers alike (p99 463 against 535 ms).
- Their own processes, not the computer players' pool: a picture never queues behind a
  search, nor a search behind pictures.
- Table pictures at a lower priority (niceness ``WORKER_NICENESS``): they can show a
  moment later, while the event loop and the database thread answer clicks. The answers'
  p99 was 233 ms with those workers at the bot's priority, 214 ms below it, the tables'
  freshness unchanged (p99 11.6 s). Measured again at 500 tables on the slower two-core
  benchmark machine, where the workers' core is full (the benchmark's harness shares
  it): at niceness 0 the freshness p99 was 11.3 s and the answers' p99 328 ms; at 5,
  20.4 s and 175 ms; at 10, over four runs, 14.6-27.1 s and 195-382 ms. Answers come
  first.

A review step (someone is waiting for it) goes to the workers before every table picture
not yet handed over (``first``), behind at most ``TABLE_DEPTH`` a worker; table pictures
(which can show a moment later) wait here and go ``slots`` at a time.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from functools import partial
from typing import Any

from bot.lru import LruCache
from bot.pictures import SeatTag, render_hand, render_record, render_table
from bot.pictures.shared_palette import shared_palette
from bot.process_pool import LoopProcessPool, run_off_loop, worker_context, worker_cores

HAND_CACHE = 64  # recent hand pictures kept: a refresh and a click on one state draw once
WORKERS = 2
HAND_WORKERS = 1
HAND_DEPTH = 32  # hand pictures sent to the worker at a time
TABLE_DEPTH = 4  # table pictures sent to each worker at a time
WORKER_NICENESS = 10


def _start_worker(niceness: int = WORKER_NICENESS) -> None:
    """Run in a drawing worker at start-up: its priority set, the palette chosen before
    the first picture."""
    os.nice(niceness)
    shared_palette()


def drawing_executor() -> LoopProcessPool:
    """The process pool table and review pictures are drawn in, its workers started."""
    context = worker_context()
    return LoopProcessPool(
        WORKERS, context=context, initializer=_start_worker, cores=worker_cores(),
        depth=TABLE_DEPTH,
    )


def hand_executor() -> LoopProcessPool:
    """The worker private hands are drawn in, at the bot's own priority."""
    context = worker_context()
    return LoopProcessPool(
        HAND_WORKERS, context=context, initializer=_start_worker, initargs=(0,),
        cores=worker_cores(), depth=HAND_DEPTH,
    )


#: What a table picture shows, read when a worker is ready for it (None: nothing to draw).
TableSource = Callable[[], "tuple[Mapping[str, Any], Sequence[SeatTag]] | None"]
#: A table picture's job, made as it is handed over (None: nothing to draw).
Prepare = Callable[[], "Callable[[], bytes] | None"]
#: Since when (monotonic seconds) a queued table picture has been owed: the oldest first.
Owed = Callable[[], float]
Job = tuple["asyncio.Future[bytes | None]", Prepare, Owed]


def _failed(drawing: asyncio.Future[bytes]) -> bool:
    return drawing.done() and (drawing.cancelled() or drawing.exception() is not None)


class PictureDrawer:
    """Draws a private hand at once, and the other pictures in ``executor``: a review
    step before any table picture still waiting; at most ``slots`` table pictures handed
    over at a time."""

    def __init__(
        self,
        executor: Executor | None,
        hands: Executor | None = None,
        slots: int = WORKERS * TABLE_DEPTH,
    ) -> None:
        self.executor = executor
        self.hands = hands
        self.slots = slots
        self._busy = 0
        self._tables: deque[Job] = deque()
        self._hand_cache: LruCache[str, asyncio.Future[bytes]] = LruCache(HAND_CACHE)

    def hand(
        self,
        key: str,
        view: Mapping[str, Any],
        legal: Sequence[str],
        four_colour: bool,
        *,
        here: bool = False,
    ) -> asyncio.Future[bytes]:
        """A private hand's picture, drawn in the hands' worker, or here and now when
        ``here`` (a click's answer, which must not wait) or without a worker. ``key``:
        what it shows (see ``picture_key``): a state asked for again is not drawn again,
        nor one being drawn, unless it is wanted ``here``."""
        found = self._hand_cache.get(key)
        if found is not None and (found.done() or not here) and not _failed(found):
            return found
        draw = partial(render_hand, view, legal, four_colour=four_colour)
        if here or self.hands is None:
            drawing = asyncio.get_running_loop().create_future()
            try:
                drawing.set_result(draw())
            except Exception as error:
                drawing.set_exception(error)
        else:
            drawing = asyncio.ensure_future(run_off_loop(self.hands, draw))
        self._hand_cache.put(key, drawing)
        return drawing

    async def table(
        self, source: TableSource, four_colour: bool, owed: Owed | None = None
    ) -> bytes | None:
        """The public table's picture, of what ``source`` gives when a worker is ready for
        it: a table that waited its turn is drawn as it is then, not as it was when it
        joined the line. ``source`` gives the view and seat tags to draw, or None when
        nothing needs drawing (then this gives None). Waiting pictures go to the workers
        in the order of ``owed()`` as they take them, the smallest (longest owed) first;
        by default, since the picture joined the line."""

        def prepare() -> Callable[[], bytes] | None:
            shown = source()
            if shown is None:
                return None
            view, tags = shown
            return partial(render_table, dict(view), list(tags), four_colour=four_colour)

        joined = time.monotonic()
        return await self._queue(prepare, owed or (lambda: joined))

    async def record(
        self, view: Mapping[str, Any], tags: Sequence[SeatTag], four_colour: bool
    ) -> bytes:
        """A step of a finished game for ``/review``: someone waits for it, as for a hand."""
        draw = partial(render_record, dict(view), list(tags), four_colour=four_colour)
        return await run_off_loop(self.executor, draw, first=True)

    async def standings(self, draw: Callable[[], bytes]) -> bytes:
        """A standings picture (a leaderboard page, a stats card, a season's standings):
        ``draw`` run in a worker, before any table picture, as someone waits for it."""
        png: bytes = await run_off_loop(self.executor, draw, first=True)
        return png

    async def ready(self) -> None:
        """Wait until every worker has started (its palette loaded), so that the first
        answers after a start or a restart have their pictures."""
        loop = asyncio.get_running_loop()
        starts = [loop.run_in_executor(self.executor, int) for _ in range(WORKERS)]
        if self.hands is not None:
            starts += [loop.run_in_executor(self.hands, int) for _ in range(HAND_WORKERS)]
        await asyncio.gather(*starts)

    @property
    def waiting(self) -> int:
        """Table pictures queued and not yet handed to a worker."""
        return len(self._tables)

    async def _queue(self, prepare: Prepare, owed: Owed) -> bytes | None:
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        self._tables.append((future, prepare, owed))
        self._next()
        return await future

    def _next(self) -> None:
        """Hand table pictures to the workers while fewer than ``slots`` are there, the
        longest owed first, each prepared (its newest state read) as it is handed over."""
        while self._busy < self.slots and self._tables:
            future, prepare, _ = self._take_longest_owed()
            if future.cancelled():
                continue
            try:
                draw = prepare()
            except Exception as error:
                future.set_exception(error)
                continue
            if draw is None:
                future.set_result(None)
                continue
            self._busy += 1
            task = asyncio.ensure_future(run_off_loop(self.executor, draw))
            task.add_done_callback(partial(self._finished, future))

    def _take_longest_owed(self) -> Job:
        """The waiting job owed longest, out of the line (what each owes can change while
        it waits, so the line is searched, not kept sorted: it is at most one a table)."""
        tables = self._tables
        at = min(range(len(tables)), key=lambda i: tables[i][2]())
        job = tables[at]
        del tables[at]
        return job

    def _finished(
        self, future: asyncio.Future[bytes | None], task: asyncio.Future[bytes]
    ) -> None:
        self._busy -= 1
        if not future.done():
            if task.cancelled():
                future.cancel()
            elif (error := task.exception()) is not None:
                future.set_exception(error)
            else:
                future.set_result(task.result())
        self._next()
