"""What the standings keep and the ratings compute: a skill rating and a seat's records
of one game (or of many, summed). Plain values, kept here so that the store needs nothing
from :mod:`bot.ratings`, which sits above it."""

from __future__ import annotations

from dataclasses import dataclass, fields

DEFAULT_MU = 25.0
DEFAULT_SIGMA = DEFAULT_MU / 3


@dataclass(frozen=True)
class Skill:
    """A rating: mean skill ``mu`` and its uncertainty ``sigma``."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The cautious estimate ``mu - 3 sigma`` that leaderboards sort by (starts at 0)."""
        return self.mu - 3 * self.sigma


RECORD_NAMES = (
    "moons",
    "loners",
    "loners_made",
    "jambones",
    "jambones_made",
    "jamborees",
    "euchred",
    "calls",
    "calls_made",
    "euchring",
)


@dataclass(frozen=True)
class SeatRecords:
    """What one seat achieved in one game (or summed over many)."""

    moons: int = 0
    loners: int = 0
    loners_made: int = 0
    jambones: int = 0
    jambones_made: int = 0
    jamborees: int = 0
    euchred: int = 0
    calls: int = 0
    calls_made: int = 0
    euchring: int = 0

    def __add__(self, other: SeatRecords) -> SeatRecords:
        return SeatRecords(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )

    def as_dict(self) -> dict[str, int]:
        """The counters by name, in :data:`RECORD_NAMES` order."""
        return {name: getattr(self, name) for name in RECORD_NAMES}

    @property
    def empty(self) -> bool:
        """True when every counter is zero."""
        return not any(self.as_dict().values())
