"""The emulator's clock and Discord's time-based snowflake ids.

The clock is real time plus an offset that tests may push forward (`advance`), so rules
that depend on age — the 3-second callback window, the 15-minute interaction token — can
be tested without waiting.
"""

from __future__ import annotations

import datetime as dt
import itertools
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord sends a guild's events on: ``(guild_id >> 22) % count``."""
    return (guild_id >> 22) % count


class Clock:
    """Wall-clock time that tests can move forward."""

    def __init__(self) -> None:
        self._offset = 0.0

    def now(self) -> float:
        """Seconds since the Unix epoch, as the emulator sees it."""
        return time.time() + self._offset

    def advance(self, seconds: float) -> None:
        """Move the emulator's time forward (never backward)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._offset += seconds

    def iso(self, at: float | None = None) -> str:
        """ISO-8601 timestamp as Discord writes them (UTC, microseconds, +00:00)."""
        moment = self.now() if at is None else at
        return dt.datetime.fromtimestamp(moment, dt.UTC).isoformat()


class Snowflakes:
    """Discord snowflakes: milliseconds since 2015 in the high bits, then a counter."""

    def __init__(self, clock: Clock, worker: int = 1, process: int = 1) -> None:
        self._clock = clock
        self._low = (worker & 0x1F) << 17 | (process & 0x1F) << 12
        self._counter = itertools.count()
        self._last = 0

    def next(self) -> int:
        """A fresh id, strictly greater than every id handed out before."""
        millis = int(self._clock.now() * 1000) - DISCORD_EPOCH_MS
        value = millis << 22 | self._low | next(self._counter) & 0xFFF
        self._last = value = max(value, self._last + 1)
        return value

    def next_on_shard(self, shard: int, count: int) -> int:
        """A fresh id of a guild Discord puts on ``shard`` of ``count`` (its millisecond
        part moved up to ``count - 1`` ms ahead so that ``shard_of`` gives ``shard``)."""
        if not 0 <= shard < count:
            raise ValueError(f"no shard {shard} of {count}")
        value = self.next()
        ahead = (shard - shard_of(value, count)) % count
        if ahead:
            value = ((value >> 22) + ahead) << 22 | self._low
            self._last = value
        return value

    @staticmethod
    def timestamp(snowflake: int) -> float:
        """The Unix time (seconds) a snowflake was made at."""
        return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000
