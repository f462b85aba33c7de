"""Members who left a game in progress: why, when, and whether it counts as a loss.

A departure is written in the same transaction as the seat change it explains (a
computer taking the seat). ``counts_as_loss`` is the server's ``leaver_penalty`` at that
moment, for a game that is rated (:meth:`GuildSettings.leaving_counts`). A stand-in after
timeouts ends when the member takes their hand back (``returned_at``); the row stays as a
record. When the game's result is counted, the leaver's rating before and after are added
(see :mod:`bot.ratings.updater`).
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import Literal

from bot.store.standings.values import Skill

from .database import Database, Row, Write, utc_now

DepartureReason = Literal["left", "timeouts", "replaced"]


@dataclass(frozen=True)
class NewDeparture:
    """A departure to record: who left which seat, why, during which hand, and whether
    the server's ``leaver_penalty`` makes it count as a loss."""

    table_id: int
    seat: int
    user_id: int
    computer_level: str
    why: DepartureReason
    hand_number: int
    counts_as_loss: bool


@dataclass(frozen=True)
class Departure(NewDeparture):
    """A recorded departure (hands count from 1): its row, when the member left and came
    back, and their rating around the loss once counted."""

    _: KW_ONLY
    id: int
    departed_at: str
    returned_at: str | None = None
    before: Skill | None = None
    after: Skill | None = None

    @property
    def penalised(self) -> bool:
        """Whether the game counts as a loss for the member (they never came back)."""
        return self.counts_as_loss and self.returned_at is None

    @property
    def ordinal_change(self) -> float | None:
        """How much the loss moved the member's cautious skill (None: not counted)."""
        if self.before is None or self.after is None:
            return None
        return self.after.ordinal - self.before.ordinal


class DepartureRepository:
    """Typed access to ``departures``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, new: NewDeparture) -> bool:
        """Note that a member left; False (nothing written) if they are already gone."""
        added = await self.db.changes(*departure_write(new))
        return added > 0

    async def returned(self, table_id: int, user_id: int) -> bool:
        """A member took their hand back from a stand-in: that departure is over."""
        changed = await self.db.changes(
            "UPDATE departures SET returned_at = ? WHERE table_id = ? AND user_id = ?"
            " AND why = 'timeouts' AND returned_at IS NULL",
            (utc_now(), table_id, user_id),
        )
        return changed > 0

    async def of_table(self, table_id: int) -> list[Departure]:
        """The departures of a table that still stand (nobody came back), in order."""
        rows = await self.db.fetchall(
            "SELECT * FROM departures WHERE table_id = ? AND returned_at IS NULL ORDER BY id",
            (table_id,),
        )
        return [_departure(row) for row in rows]

    async def of_member(self, table_id: int, user_id: int) -> Departure | None:
        """The member's standing departure from a table, if any."""
        row = await self.db.fetchone(
            "SELECT * FROM departures WHERE table_id = ? AND user_id = ? AND returned_at IS NULL",
            (table_id, user_id),
        )
        return None if row is None else _departure(row)

    async def set_rating(self, departure_id: int, before: Skill, after: Skill) -> None:
        """Store the leaver's rating before and after the loss was counted."""
        await self.db.execute(
            "UPDATE departures SET mu_before = ?, sigma_before = ?, mu_after = ?,"
            " sigma_after = ? WHERE id = ?",
            (before.mu, before.sigma, after.mu, after.sigma, departure_id),
        )


def _departure(row: Row) -> Departure:
    return Departure(
        id=row["id"],
        table_id=row["table_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        computer_level=row["computer_level"],
        why=row["why"],
        hand_number=row["hand_number"],
        counts_as_loss=bool(row["counts_as_loss"]),
        departed_at=row["departed_at"],
        returned_at=row["returned_at"],
        before=_skill(row["mu_before"], row["sigma_before"]),
        after=_skill(row["mu_after"], row["sigma_after"]),
    )


def _skill(mu: float | None, sigma: float | None) -> Skill | None:
    return None if mu is None or sigma is None else Skill(float(mu), float(sigma))


def departure_write(new: NewDeparture) -> Write:
    """Note that a member left (nothing if they are already gone)."""
    return (
        "INSERT INTO departures (table_id, seat, user_id, computer_level, why, hand_number,"
        " counts_as_loss, departed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (
            new.table_id,
            new.seat,
            new.user_id,
            new.computer_level,
            new.why,
            new.hand_number,
            int(new.counts_as_loss),
            utc_now(),
        ),
    )
