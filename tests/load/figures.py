"""What a load run measured, and how it is printed: one run's details, its summary line,
and two runs (pictures off and on) side by side."""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

LATE = 3000.0  # ms: Discord forgets an interaction not answered within 3 seconds


def percentile(values: Sequence[float], pct: float) -> float:
    """The ``pct`` percentile (nearest rank); NaN for no values."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, math.ceil(pct / 100 * len(ordered)) - 1)
    return ordered[rank]


@dataclass
class Figures:
    """One run's figures."""

    pictures: bool
    tables: int
    duration: float
    moves: int
    games: int
    latencies_ms: list[float]
    unanswered: int
    freshness_s: list[float]
    unshown: int
    base_rss_kib: int
    live_rss_kib: int
    peak_rss_kib: int
    workers_rss_kib: int
    requests_per_s: float
    cpu: dict[str, float] = field(default_factory=dict)
    #: Until the answer shows (after a deferral: the edit that fills it in), in ms.
    shown_ms: list[float] = field(default_factory=list)
    #: The start-up before the figures above: its seconds, answers (ms) and unanswered.
    warm_up: float = 0.0
    start_up_ms: list[float] = field(default_factory=list)
    start_up_unanswered: int = 0
    #: How late this process's event loop (the emulator and the players) woke, in ms.
    harness_lag_ms: list[float] = field(default_factory=list)

    @property
    def late(self) -> int:
        """Answers later than Discord's 3 seconds."""
        return _late(self.latencies_ms)

    @property
    def kib_per_table(self) -> float:
        """The bot's resident memory per live table."""
        return (self.live_rss_kib - self.base_rss_kib) / max(self.tables, 1)

    @property
    def moves_per_s(self) -> float:
        """Moves by people a second."""
        return self.moves / self.duration

    def latency(self, pct: float) -> float:
        """Interaction answer latency percentile, in ms."""
        return percentile(self.latencies_ms, pct)

    def fresh(self, pct: float) -> float:
        """Freshness percentile, in seconds."""
        return percentile(self.freshness_s, pct)

    def details(self) -> list[str]:
        """Every figure, a line each."""
        lat = self.latencies_ms
        return [
            f"moves by people: {self.moves} in {self.duration:.0f} s ({self.moves_per_s:.1f}/s)",
            f"games finished: {self.games}",
            f"interaction answer latency over {len(lat)} interactions: "
            f"p50 {self.latency(50):.0f} ms, p90 {self.latency(90):.0f} ms, "
            f"p99 {self.latency(99):.0f} ms, max {max(lat, default=0):.0f} ms, "
            f"mean {statistics.fmean(lat or [0]):.0f} ms",
            f"until the answer shows (after a deferral, its edit): "
            f"p50 {percentile(self.shown_ms, 50):.0f} ms, p99 {percentile(self.shown_ms, 99):.0f}"
            f" ms, max {max(self.shown_ms, default=0):.0f} ms",
            f"answers later than 3 s: {self.late}; unanswered: {self.unanswered}",
            f"start-up (the first {self.warm_up:.0f} s of play, every table's first clicks, "
            f"not counted above): answers p50 / p99 / max {_ms(self.start_up_ms)} ms over "
            f"{len(self.start_up_ms)}; later than 3 s: {_late(self.start_up_ms)}; "
            f"unanswered: {self.start_up_unanswered}",
            f"the harness's own event loop (Discord and its users) woke late by p50 / p99 / "
            f"max {_ms(self.harness_lag_ms)} ms",
            f"table freshness (a person's move until the table message shows it) over "
            f"{len(self.freshness_s)} moves: p50 {self.fresh(50):.2f} s, "
            f"p99 {self.fresh(99):.2f} s, max {max(self.freshness_s, default=0):.2f} s; "
            f"not shown by the end: {self.unshown}",
            f"bot memory: {self.base_rss_kib / 1024:.0f} MiB idle, "
            f"{self.live_rss_kib / 1024:.0f} MiB with {self.tables} tables, "
            f"{self.peak_rss_kib / 1024:.0f} MiB at the end; "
            f"{self.kib_per_table:.0f} KiB per table; its worker processes (computer "
            f"players, drawing) {self.workers_rss_kib / 1024:.0f} MiB in all",
            f"requests to Discord (not counting interaction answers and private hands): "
            f"{self.requests_per_s:.1f}/s",
            "CPU during play, in cores (this machine has "
            f"{os.cpu_count()}): " + ", ".join(f"{k} {v:.2f}" for k, v in self.cpu.items()),
        ]

    def summary(self) -> str:
        """The one line to compare runs by."""
        return (
            f"summary: pictures {'on' if self.pictures else 'off'}, {self.tables} tables: "
            f"{self.moves_per_s:.1f} moves/s; answers p50 {self.latency(50):.0f} / "
            f"p99 {self.latency(99):.0f} / max {max(self.latencies_ms, default=0):.0f} ms; "
            f"unanswered {self.unanswered}, late {self.late}; "
            f"{self.kib_per_table:.0f} KiB a table; "
            f"freshness p50 {self.fresh(50):.2f} / p99 {self.fresh(99):.2f} s"
        )


def side_by_side(off: Figures, on: Figures) -> list[str]:
    """Pictures off and on in two columns, and the ratio of their p99s."""
    rows = [
        ("moves by people a second", f"{off.moves_per_s:.1f}", f"{on.moves_per_s:.1f}"),
        ("answer p50 / p99 / max ms", _lat(off), _lat(on)),
        ("answer shown p50 / p99 ms", _shown(off), _shown(on)),
        ("unanswered / after 3 s", _missed(off), _missed(on)),
        ("start-up: answer p99 / unanswered", _start_up(off), _start_up(on)),
        ("freshness p50 / p99 s", _fresh(off), _fresh(on)),
        ("memory a table KiB", f"{off.kib_per_table:.0f}", f"{on.kib_per_table:.0f}"),
        ("requests to Discord a second", f"{off.requests_per_s:.1f}", f"{on.requests_per_s:.1f}"),
    ]
    width = max(len(r[0]) for r in rows)
    lines = [f"{'':{width}}  {'pictures off':>20}  {'pictures on':>20}"]
    lines += [f"{name:{width}}  {a:>20}  {b:>20}" for name, a, b in rows]
    ratio = on.latency(99) / off.latency(99) if off.latency(99) else float("nan")
    lines.append(f"answer p99 with pictures is {ratio:.2f}x the p99 without")
    return lines


def _ms(values: Sequence[float]) -> str:
    """p50 / p99 / max of ``values`` (ms)."""
    worst = max(values, default=0)
    return f"{percentile(values, 50):.0f} / {percentile(values, 99):.0f} / {worst:.0f}"


def _late(values: Sequence[float]) -> int:
    return sum(1 for ms in values if ms > LATE)


def _lat(figures: Figures) -> str:
    return _ms(figures.latencies_ms)


def _start_up(figures: Figures) -> str:
    return f"{percentile(figures.start_up_ms, 99):.0f} / {figures.start_up_unanswered}"


def _shown(figures: Figures) -> str:
    return f"{percentile(figures.shown_ms, 50):.0f} / {percentile(figures.shown_ms, 99):.0f}"


def _missed(figures: Figures) -> str:
    return f"{figures.unanswered} / {figures.late}"


def _fresh(figures: Figures) -> str:
    return f"{figures.fresh(50):.2f} / {figures.fresh(99):.2f}"
