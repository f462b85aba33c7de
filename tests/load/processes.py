"""The processes of a load run, as the benchmark sees them: where the harness runs, its
cycle collector, the bot's CPU and memory, its profile and collector log."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

HARNESS_NICENESS = -5  # the harness before the bot's workers on the core they share


def profile_bot(path: Path) -> None:
    """Run the bot under cProfile (stats written to ``path`` when it stops)."""
    from tests.emulator.harness import botproc

    real = botproc.subprocess.Popen

    def popen(args: list[str], **kwargs: Any) -> Any:
        if args[1:] == ["-m", "bot"]:
            args = [args[0], "-m", "cProfile", "-o", str(path), "-m", "bot"]
        return real(args, **kwargs)

    botproc.subprocess.Popen = popen  # type: ignore[assignment,misc]


GC_LOGGER = """
import gc, logging, time
_started = {}
def _pause(phase, info):
    if phase == "start":
        _started["t"] = time.perf_counter()
        return
    took = time.perf_counter() - _started.get("t", time.perf_counter())
    if took > 0.005:
        logging.getLogger("gc").warning(
            "GC gen%d pause %.0f ms, %d collected", info["generation"], took * 1000,
            info["collected"])
gc.callbacks.append(_pause)
"""


@contextmanager
def harness_on_last_core(shared: bool = False) -> Iterator[str]:
    """Keep this process (the emulator and the players: Discord and its users, which run
    elsewhere) on the machine's last core while the bot plays, off the core the bot keeps
    for its event loop (see :func:`bot.process_pool.worker_cores`); its threads are moved
    one by one. Yields how the cores are shared, for the output. ``shared``: anywhere,
    sharing the event loop's core (with one core there is no choice)."""
    cores = os.sched_getaffinity(0)
    if shared or len(cores) < 2:
        yield f"harness on any of the {len(cores)} cores, the bot's event loop's too"
        return
    _place_threads({max(cores)})
    ahead = _ahead_of_the_bots_workers()
    try:
        yield (f"harness on core {max(cores)} of {len(cores)}, off the bot's event loop's core"
               f", {ahead}")
    finally:
        _place_threads(cores)
        with suppress(PermissionError):
            _set_niceness(0)


def _ahead_of_the_bots_workers() -> str:
    """Run this process ahead of the bot's worker processes, which share its core: on
    Discord they would not wait for each other, and here, with the core full, the
    harness's own waits counted in the answers' times. Needs the right to raise a
    priority (root, or CAP_SYS_NICE); without it the output says so."""
    try:
        _set_niceness(HARNESS_NICENESS)
    except PermissionError:
        return "at the bot workers' priority (not allowed to raise its own)"
    return f"ahead of the bot's workers (niceness {HARNESS_NICENESS})"


def _set_niceness(niceness: int) -> None:
    """Every thread of this process at ``niceness``."""
    for tid in os.listdir("/proc/self/task"):
        with suppress(ProcessLookupError):
            os.setpriority(os.PRIO_PROCESS, int(tid), niceness)


def _place_threads(cores: set[int]) -> None:
    """Every thread of this process on ``cores``."""
    for tid in os.listdir("/proc/self/task"):
        with suppress(OSError):  # a thread that has ended meanwhile
            os.sched_setaffinity(int(tid), cores)


@contextmanager
def harness_collector_paused() -> Iterator[None]:
    """No cycle collection in this process (the emulator and the players) while it
    measures: its full passes over every message of every table paused it for up to
    200 ms at 500 tables, and every answer in flight looked that much later."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


def log_gc_pauses(workdir: Path) -> Path:
    """A sitecustomize that logs the bot's garbage-collection pauses over 5 ms."""
    folder = workdir / "gc-log"
    folder.mkdir(exist_ok=True)
    (folder / "sitecustomize.py").write_text(GC_LOGGER)
    return folder


def rss_kib(pid: int | None) -> int:
    """Resident set size of a process, in KiB."""
    if pid is None:
        return 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def descendants(pid: int) -> list[int]:
    """Every process started by ``pid``, and by those, and so on."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, of in parents.items() if of == parent]
        found += children
        frontier += children
    return found


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user and system) the processes have used so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def cpu_shares(bot_pid: int, started: dict[str, float], seconds: float) -> dict[str, float]:
    """Each part's share of one core since ``started`` (from :func:`cpu_now`)."""
    now = cpu_now(bot_pid)
    return {part: (now[part] - started.get(part, 0.0)) / seconds for part in now}


def cpu_now(bot_pid: int) -> dict[str, float]:
    """CPU seconds so far of the bot, its worker processes and this harness."""
    return {
        "bot": cpu_seconds([bot_pid]),
        "workers": cpu_seconds(descendants(bot_pid)),
        "harness": cpu_seconds([os.getpid()]),
    }


def workers_rss_kib(pid: int | None) -> int:
    """The resident size of the bot's worker processes (computer players, drawing)."""
    return sum(rss_kib(child) for child in descendants(pid)) if pid is not None else 0


def summed(shares: list[dict[str, float]]) -> dict[str, float]:
    """Several processes' CPU shares added up, part by part (each share counts this
    harness once: it is counted once in the sum)."""
    total: dict[str, float] = {}
    for share in shares:
        for part, cores in share.items():
            total[part] = total.get(part, 0.0) + cores
    if shares:
        total["harness"] = shares[0]["harness"]
    return total
