"""A process pool driven by the event loop itself, with no helper threads.

``concurrent.futures.ProcessPoolExecutor`` hands every call to a management thread and a
queue-feeder thread, and every result back through them: several hand-overs of the
interpreter lock per computer move, each of which can cost milliseconds on a busy machine.
Here the loop writes a call straight into the worker's pipe and reads the answer when the
pipe becomes readable (``loop.add_reader``). ``submit`` must be called from the event
loop's thread, which is what ``loop.run_in_executor`` does.

:meth:`LoopProcessPool.run` answers with an asyncio future set straight from the pipe's
reader, without ``run_in_executor``'s hop through a thread-safe wake-up (a whole loop
iteration and a self-pipe write per call). Its ``first=True`` calls go before every
queued ordinary call.

Workers run on every core the bot may use but the first (:func:`worker_cores`), which is
left to the event loop: measured at 500 busy tables on two cores, pictures on, the
answers' p99 was 149-180 ms with the drawing workers free to run on the loop's core (even
at a lower priority, a worker holding the core delays the loop's wake-up), and 70-104 ms
over three runs with them kept on the other core (31-45 ms with pictures off).

Workers fork from a clean ``forkserver`` process (:func:`worker_context`) rather than from
the running bot, which holds threads (the SQLite connection) and sockets. That server
imports what every worker runs (``WORKER_IMPORTS``) once, before the first fork: each
worker then starts with it already imported, and a bot start no longer imports it five
times over: measured over eight starts, 2.3 s of CPU a start against 3.5 s.

A worker ends when the bot's end of its pipe closes, so a killed bot leaves no process
behind; a worker that dies mid-call fails its calls (``BrokenProcessPool``) and is
replaced. Workers ignore SIGINT and SIGTERM: a stop signalled to the whole process group
(systemd, Ctrl-C) is the bot's to carry out, which closes its pools; a worker that died of
it would be reported and replaced while the bot stops, from a forkserver that got the
signal too. A pool closes its workers' pipes before multiprocessing joins them at exit, and
kills a worker that is still running a call when it shuts down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from multiprocessing.reduction import ForkingPickler
from multiprocessing.util import Finalize
from typing import Any, TypeVar

log = logging.getLogger(__name__)
Result = TypeVar("Result")

Job = tuple["Future[Any] | asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...],
            dict[str, Any]]


WORKER_IMPORTS = ("bot.ai", "bot.drawing")  # what the computer players' and drawing workers run


def worker_context() -> BaseContext:
    """The ``forkserver`` context every worker starts from, ``WORKER_IMPORTS`` imported
    in the server before the first fork."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(WORKER_IMPORTS))
    return context


def worker_cores(usable: set[int] | None = None) -> set[int] | None:
    """The cores a worker may run on: every core of ``usable`` (by default the bot's)
    but the first, which is the event loop's; None (anywhere) with a single core."""
    cores = sorted(os.sched_getaffinity(0) if usable is None else usable)
    return set(cores[1:]) if len(cores) > 1 else None


def _serve(
    conn: Connection,
    initializer: Callable[..., Any] | None,
    initargs: tuple[Any, ...],
    cores: set[int] | None,
) -> None:
    """A worker: run each call received, send back (ok, result or exception)."""
    for signum in (signal.SIGINT, signal.SIGTERM):  # the bot stops its workers itself
        signal.signal(signum, signal.SIG_IGN)
    if cores is not None:
        os.sched_setaffinity(0, cores)
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return  # the bot is gone
        if job is None:
            return
        fn, args, kwargs = job
        try:
            answer: tuple[bool, Any] = (True, fn(*args, **kwargs))
        except BaseException as exc:  # sent back to the caller
            answer = (False, exc)
        try:
            payload = ForkingPickler.dumps(answer)
        except Exception as exc:  # an answer that does not pickle
            payload = ForkingPickler.dumps((False, RuntimeError(f"Unpicklable answer: {exc!r}")))
        try:
            conn.send_bytes(payload)
        except OSError:
            return  # the bot is gone


@dataclass(eq=False)
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    jobs: deque[Job] = field(default_factory=deque)  # sent and not yet answered


class LoopProcessPool(Executor):
    """``workers`` processes fed directly from the running event loop (on ``cores``, if
    given), each sent up to ``depth`` calls at a time.

    One call at a time lets a ``first`` call overtake every queued one; but a worker then
    waits for the loop to read each answer before it gets the next call, so a busy loop
    caps how many calls it runs a second: a worker of many short calls (hand pictures)
    takes them a few at a time.
    """

    def __init__(
        self,
        workers: int,
        *,
        context: Any = None,
        initializer: Callable[..., Any] | None = None,
        initargs: tuple[Any, ...] = (),
        cores: set[int] | None = None,
        depth: int = 1,
    ) -> None:
        self._context = context or multiprocessing.get_context()
        self._depth = depth
        self._cores = cores
        self._initializer, self._initargs = initializer, initargs
        self._loop: asyncio.AbstractEventLoop | None = None
        self._workers: list[_Worker] = []
        self._first: deque[Job] = deque()
        self._queue: deque[Job] = deque()
        self._closed = False
        for _ in range(workers):
            self._start_worker()
        # Before multiprocessing's exit joins the workers, which wait for their pipe to close.
        Finalize(self, _stop_workers, args=(self._workers, 0.1), exitpriority=10)

    def _start_worker(self) -> _Worker:
        mine, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_serve,
            args=(theirs, self._initializer, self._initargs, self._cores),
            daemon=True,
        )
        process.start()
        theirs.close()
        worker = _Worker(process, mine)
        self._workers.append(worker)
        if self._loop is not None:
            self._loop.add_reader(mine.fileno(), self._on_answer, worker)
        return worker

    def _bind(self) -> None:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            for worker in self._workers:
                self._loop.add_reader(worker.conn.fileno(), self._on_answer, worker)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Queue ``fn(*args, **kwargs)`` for a worker (call from the event loop's thread)."""
        if self._closed:
            raise RuntimeError("cannot schedule new calls after shutdown")
        self._bind()
        future: Future[Any] = Future()
        self._queue.append((future, fn, args, kwargs))
        self._dispatch()
        return future

    def run(
        self, fn: Callable[..., Result], /, *args: Any, first: bool = False, **kwargs: Any
    ) -> asyncio.Future[Result]:
        """``fn(*args, **kwargs)`` in a worker, as an asyncio future (call from the event
        loop); ``first``: before every ordinary call still queued."""
        if self._closed:
            raise RuntimeError("cannot schedule new calls after shutdown")
        self._bind()
        assert self._loop is not None
        future: asyncio.Future[Result] = self._loop.create_future()
        (self._first if first else self._queue).append((future, fn, args, kwargs))
        self._dispatch()
        return future

    def _dispatch(self) -> None:
        while self._first or self._queue:
            worker = min(self._workers, key=lambda w: len(w.jobs), default=None)
            if worker is None or len(worker.jobs) >= self._depth:
                return
            job = (self._first or self._queue).popleft()
            if not _start(job[0]):
                continue
            try:
                worker.conn.send((job[1], job[2], job[3]))
            except Exception as exc:  # the call does not pickle
                job[0].set_exception(exc)
                continue
            worker.jobs.append(job)

    def _on_answer(self, worker: _Worker) -> None:
        """Take every answer the worker has sent, then send it more calls."""
        try:
            while True:
                ok, value = worker.conn.recv()
                job = worker.jobs.popleft() if worker.jobs else None
                if job is not None and not job[0].done():  # a cancelled call's is dropped
                    if ok:
                        job[0].set_result(value)
                    else:
                        job[0].set_exception(value)
                if not worker.jobs or not worker.conn.poll():
                    break
        except (EOFError, OSError):
            self._replace(worker)
            return
        self._dispatch()

    def _replace(self, worker: _Worker) -> None:
        """A worker died: fail its calls and start another in its place."""
        log.error("A worker process died (exit code %s)", worker.process.exitcode)
        if self._loop is not None:
            self._loop.remove_reader(worker.conn.fileno())
        worker.conn.close()
        self._workers.remove(worker)
        for future, *_ in worker.jobs:
            if not future.done():
                future.set_exception(BrokenProcessPool("The worker process died."))
        if not self._closed:
            self._start_worker()
            self._dispatch()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the workers (queued calls are cancelled when ``cancel_futures``)."""
        self._closed = True
        if cancel_futures:
            for line in (self._first, self._queue):
                while line:
                    line.popleft()[0].cancel()
        if self._loop is not None and not self._loop.is_closed():
            for worker in self._workers:
                self._loop.remove_reader(worker.conn.fileno())
        _stop_workers(self._workers, 2.0 if wait else 0.1)


def _stop_workers(workers: list[_Worker], timeout: float) -> None:
    """Ask each worker to end, close its pipe, and kill one still running after ``timeout``
    seconds (a worker ignores SIGTERM); the list is emptied."""
    for worker in workers:
        if not worker.conn.closed:
            with contextlib.suppress(OSError):
                worker.conn.send(None)
            worker.conn.close()
    for worker in workers:
        worker.process.join(timeout=timeout)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(timeout=1.0)
    workers.clear()


def _start(future: Future[Any] | asyncio.Future[Any]) -> bool:
    """Whether a queued call is still wanted (a concurrent future is marked running)."""
    if isinstance(future, Future):
        return future.set_running_or_notify_cancel()
    return not future.done()


async def run_off_loop(
    executor: Executor | None, fn: Callable[[], Result], *, first: bool = False
) -> Result:
    """``fn()`` in ``executor`` (the loop's default if None): straight through a
    :class:`LoopProcessPool` (``first``: before its ordinary calls), else through
    ``run_in_executor``."""
    if isinstance(executor, LoopProcessPool):
        return await executor.run(fn, first=first)
    return await asyncio.get_running_loop().run_in_executor(executor, fn)
