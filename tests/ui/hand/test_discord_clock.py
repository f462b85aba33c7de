"""How late a click reached the bot: measured against the quickest delivery of the last
two minutes, so that a long burst of late clicks is still known late (its answers are
then deferred in time rather than after Discord's 3 seconds)."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

import pytest

from bot.ui.hand import sessions
from bot.ui.hand.sessions import DiscordClock


class Clocks:
    """The wall and monotonic clocks, moved by hand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = 1_800_000_000.0
        clock = SimpleNamespace(time=lambda: self.now, monotonic=lambda: self.now)
        monkeypatch.setattr(sessions, "time", clock)

    def click(self, clock: DiscordClock, age: float) -> float:
        """A click that reaches the bot now, ``age`` seconds after it was made (4 ms after
        the previous one): its delay as the clock estimates it."""
        self.now += 0.004
        created = datetime.datetime.fromtimestamp(self.now - age, datetime.UTC)
        return clock.delay(SimpleNamespace(created_at=created))  # type: ignore[arg-type]


def test_a_long_burst_of_late_clicks_is_known_late(monkeypatch: pytest.MonkeyPatch) -> None:
    clocks, clock = Clocks(monkeypatch), DiscordClock()
    assert clocks.click(clock, 0.05) == 0.0  # the quickest delivery seen
    delays = [clocks.click(clock, 1.5) for _ in range(1000)]  # 1,000 in 4 s, each 1.5 s old
    assert all(d == pytest.approx(1.45) for d in delays)


def test_lateness_is_measured_against_the_last_two_minutes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A quick delivery long ago does not make every click now look late (the clocks'
    difference may have changed since)."""
    clocks, clock = Clocks(monkeypatch), DiscordClock()
    clocks.click(clock, 0.05)
    clocks.now += 3 * 60
    assert clocks.click(clock, 0.4) == 0.0
    assert clocks.click(clock, 0.6) == pytest.approx(0.2)
