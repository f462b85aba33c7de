"""Tables, their seats and their action logs.

Every method runs in its own transaction unless the caller wraps several in one
``async with db.transaction():``. The ``*_write`` functions give a change as statements
instead, for :meth:`~bot.store.database.Database.write_many` to commit in one batch with
other tables' moves: the table service stores a move that way, with the step it holds or
releases and the seat it changes (and a game's last move, its status and its result in
one transaction).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .database import Database, Row, Write, utc_now

TableStatus = Literal["lobby", "playing", "finished", "abandoned", "cancelled"]
ActionSource = Literal["person", "computer", "timeout", "standin"]
OPEN_STATUSES: tuple[TableStatus, ...] = ("lobby", "playing")


@dataclass(frozen=True)
class TableRecord:
    """A stored table: where it is, who hosts it, and the game's fixed parameters."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    host_id: int
    variant: str
    players: int
    options: Mapping[str, Any]
    seed: int
    status: TableStatus
    rematch_of: int | None
    created_at: str
    updated_at: str
    #: A tournament round's table ends after this many scored hands (None: at the target).
    hand_limit: int | None = None
    #: A tournament round's table: its name ("Euchre night · round 2 · table 1").
    event_name: str | None = None


@dataclass(frozen=True)
class SeatRecord:
    """One seat: empty, a person, a computer player, or a computer standing in for a person."""

    table_id: int
    seat: int
    user_id: int | None = None
    computer_level: str | None = None
    standin: bool = False
    timeouts: int = 0


@dataclass(frozen=True)
class ActionRecord:
    """One applied action of a table's log."""

    table_id: int
    index: int
    seat: int
    action: str
    source: ActionSource
    actor_id: int | None
    created_at: str


@dataclass(frozen=True)
class HeldStep:
    """A step a person chose ahead, made when their turn for it comes in this hand."""

    action: str
    hand_number: int


@dataclass(frozen=True)
class NewSeat:
    """Who sits in a seat of a table being created (both None: empty)."""

    user_id: int | None = None
    computer_level: str | None = None


@dataclass(frozen=True)
class SeatChange:
    """Who holds a seat from ``changed_at`` on (both None: nobody, the seat was given up)."""

    seat: int
    user_id: int | None
    computer_level: str | None
    changed_at: str


class TableRepository:
    """Typed access to the ``tables``, ``seats`` (and their ``seat_changes``) and
    ``actions`` tables."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # ----- tables ----------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        variant: str,
        players: int,
        options: Mapping[str, Any],
        seed: int,
        seats: Sequence[NewSeat] = (),
        thread_id: int | None = None,
        rematch_of: int | None = None,
        hand_limit: int | None = None,
        event_name: str | None = None,
    ) -> TableRecord:
        """Store a new lobby and its ``players`` seats (``seats`` fills them from seat 0)."""
        if len(seats) > players:
            raise ValueError(f"{len(seats)} seats given for a table of {players}.")
        now = utc_now()
        async with self.db.transaction():
            table_id = await self.db.execute(
                "INSERT INTO tables (guild_id, channel_id, thread_id, host_id, variant, players,"
                " options, seed, status, rematch_of, created_at, updated_at, hand_limit,"
                " event_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    thread_id,
                    host_id,
                    variant,
                    players,
                    json.dumps(dict(options)),
                    seed,
                    rematch_of,
                    now,
                    now,
                    hand_limit,
                    event_name,
                ),
            )
            padded = list(seats) + [NewSeat()] * (players - len(seats))
            for index, seat in enumerate(padded):
                await self.db.execute(
                    "INSERT INTO seats (table_id, seat, user_id, computer_level)"
                    " VALUES (?, ?, ?, ?)",
                    (table_id, index, seat.user_id, seat.computer_level),
                )
                if seat.user_id is not None or seat.computer_level is not None:
                    await self.db.execute(*seat_change_write(
                        table_id, SeatChange(index, seat.user_id, seat.computer_level, now)))
            record = await self.get(table_id)
        assert record is not None
        return record

    async def get(self, table_id: int) -> TableRecord | None:
        """The table with this id, or None."""
        row = await self.db.fetchone("SELECT * FROM tables WHERE id = ?", (table_id,))
        return _table(row) if row else None

    async def with_status(self, statuses: Iterable[TableStatus]) -> list[TableRecord]:
        """Every table in one of ``statuses``, oldest first."""
        wanted = list(statuses)
        marks = ", ".join("?" * len(wanted))
        rows = await self.db.fetchall(
            f"SELECT * FROM tables WHERE status IN ({marks}) ORDER BY id", wanted
        )
        return [_table(row) for row in rows]

    async def finished_without_result(self) -> list[TableRecord]:
        """Finished tables whose result is missing (only after a crash between the two)."""
        rows = await self.db.fetchall(
            "SELECT * FROM tables WHERE status = 'finished'"
            " AND id NOT IN (SELECT table_id FROM results) ORDER BY id"
        )
        return [_table(row) for row in rows]

    async def closed_unshown(self) -> list[TableRecord]:
        """Closed tables whose message was not seen to show how they ended."""
        rows = await self.db.fetchall(
            "SELECT * FROM tables WHERE status IN ('finished', 'abandoned', 'cancelled')"
            " AND message_id IS NOT NULL AND (shown_status IS NULL OR shown_status <> status)"
            " ORDER BY id"
        )
        return [_table(row) for row in rows]

    async def set_shown(self, table_id: int, status: TableStatus) -> None:
        """Note that the table message now shows ``status``."""
        await self.db.execute(
            "UPDATE tables SET shown_status = ? WHERE id = ?", (status, table_id)
        )

    async def open_in_guild(self, guild_id: int) -> list[TableRecord]:
        """The guild's open tables (lobby or playing), oldest first."""
        rows = await self.db.fetchall(
            "SELECT * FROM tables WHERE guild_id = ? AND status IN ('lobby', 'playing')"
            " ORDER BY id",
            (guild_id,),
        )
        return [_table(row) for row in rows]

    async def count_open(self, guild_id: int) -> int:
        """How many tables are open (lobby or playing) in the guild."""
        row = await self.db.fetchone(
            "SELECT count(*) FROM tables WHERE guild_id = ? AND status IN ('lobby', 'playing')",
            (guild_id,),
        )
        return int(row[0]) if row else 0

    async def rematch_of(self, table_id: int) -> TableRecord | None:
        """The rematch table created from ``table_id``, if any."""
        row = await self.db.fetchone("SELECT * FROM tables WHERE rematch_of = ?", (table_id,))
        return _table(row) if row else None

    async def set_hand_limit(self, table_id: int, hands: int) -> None:
        """End the table's game after ``hands`` scored hands."""
        await self.db.execute("UPDATE tables SET hand_limit = ? WHERE id = ?", (hands, table_id))

    async def set_status(self, table_id: int, status: TableStatus) -> None:
        """Change a table's status."""
        await self.db.execute(
            "UPDATE tables SET status = ?, updated_at = ? WHERE id = ?",
            (status, utc_now(), table_id),
        )

    async def set_host(self, table_id: int, host_id: int) -> None:
        """Hand the table to another host."""
        await self.db.execute(
            "UPDATE tables SET host_id = ?, updated_at = ? WHERE id = ?",
            (host_id, utc_now(), table_id),
        )

    async def set_location(
        self, table_id: int, *, message_id: int | None, thread_id: int | None = None
    ) -> None:
        """Record where the public table message (and the table's thread) is."""
        await self.db.execute(
            "UPDATE tables SET message_id = ?, thread_id = coalesce(?, thread_id),"
            " updated_at = ? WHERE id = ?",
            (message_id, thread_id, utc_now(), table_id),
        )

    async def touch(self, table_id: int) -> None:
        """Mark the table as changed now."""
        await self.db.execute(
            "UPDATE tables SET updated_at = ? WHERE id = ?", (utc_now(), table_id)
        )

    # ----- seats -----------------------------------------------------------------------
    async def seats(self, table_id: int) -> list[SeatRecord]:
        """The table's seats in order."""
        rows = await self.db.fetchall(
            "SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return [_seat(row) for row in rows]

    async def set_seat(self, seat: SeatRecord) -> None:
        """Store who sits in a seat (and its stand-in and timeout state)."""
        await self.db.execute(*seat_write(seat))

    async def change_lobby_seat(self, seat: SeatRecord) -> None:
        """Store who now sits in a lobby seat, and note when it changed hands."""
        change = SeatChange(seat.seat, seat.user_id, seat.computer_level, utc_now())
        async with self.db.transaction():
            await self.db.execute(*seat_write(seat))
            await self.db.execute(*seat_change_write(seat.table_id, change))

    async def seat_changes(self, table_id: int) -> list[SeatChange]:
        """Who took or gave up each seat of the table, and when, in order (see
        migration 0012)."""
        rows = await self.db.fetchall(
            "SELECT seat, user_id, computer_level, changed_at FROM seat_changes"
            " WHERE table_id = ? ORDER BY id",
            (table_id,),
        )
        return [SeatChange(row["seat"], row["user_id"], row["computer_level"],
                           row["changed_at"]) for row in rows]

    async def tables_of_user(
        self, user_id: int, statuses: Iterable[TableStatus] = OPEN_STATUSES
    ) -> list[TableRecord]:
        """The tables where ``user_id`` is seated, in one of ``statuses``, oldest first."""
        wanted = list(statuses)
        marks = ", ".join("?" * len(wanted))
        rows = await self.db.fetchall(
            "SELECT tables.* FROM tables JOIN seats ON seats.table_id = tables.id"
            f" WHERE seats.user_id = ? AND tables.status IN ({marks}) ORDER BY tables.id",
            [user_id, *wanted],
        )
        return [_table(row) for row in rows]

    # ----- actions ---------------------------------------------------------------------
    async def append_action(
        self,
        table_id: int,
        index: int,
        seat: int,
        action: str,
        source: ActionSource,
        actor_id: int | None = None,
    ) -> ActionRecord:
        """Append one action; an error of ``INTEGRITY_ERRORS`` if that index is already stored."""
        now = utc_now()
        await self.db.write_many(
            action_writes(table_id, index, seat, [action], source, actor_id, now)
        )
        return ActionRecord(table_id, index, seat, action, source, actor_id, now)

    async def actions(self, table_id: int) -> list[ActionRecord]:
        """The table's action log in order."""
        rows = await self.db.fetchall(
            "SELECT * FROM actions WHERE table_id = ? ORDER BY idx", (table_id,)
        )
        return [_action(row) for row in rows]

    async def held_steps(self, table_id: int) -> dict[int, HeldStep]:
        """Seat → the step its person chose ahead (see migration 0007)."""
        rows = await self.db.fetchall(
            "SELECT seat, action, hand_number FROM held_steps WHERE table_id = ?", (table_id,)
        )
        return {row["seat"]: HeldStep(row["action"], row["hand_number"]) for row in rows}

    async def release_step(self, table_id: int, seat: int) -> None:
        """Forget the step the seat held (made, or no longer wanted)."""
        await self.db.execute(*release_step_write(table_id, seat))

    async def action_count(self, table_id: int) -> int:
        """How many actions the table's log holds."""
        row = await self.db.fetchone("SELECT count(*) FROM actions WHERE table_id = ?", (table_id,))
        return int(row[0]) if row else 0


def action_writes(
    table_id: int,
    index: int,
    seat: int,
    actions: Sequence[str],
    source: ActionSource,
    actor_id: int | None,
    now: str,
) -> list[Write]:
    """Append ``actions`` from ``index`` on, and touch the table."""
    inserts: list[Write] = [
        (
            "INSERT INTO actions (table_id, idx, seat, action, source, actor_id, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table_id, at, seat, action, source, actor_id, now),
        )
        for at, action in enumerate(actions, start=index)
    ]
    return [*inserts, ("UPDATE tables SET updated_at = ? WHERE id = ?", (now, table_id))]


def seat_write(seat: SeatRecord) -> Write:
    """Store who sits in a seat (and its stand-in and timeout state)."""
    return (
        "UPDATE seats SET user_id = ?, computer_level = ?, standin = ?, timeouts = ?"
        " WHERE table_id = ? AND seat = ?",
        (
            seat.user_id,
            seat.computer_level,
            int(seat.standin),
            seat.timeouts,
            seat.table_id,
            seat.seat,
        ),
    )


def seat_change_write(table_id: int, change: SeatChange) -> Write:
    """Note who holds a seat from ``change.changed_at`` on."""
    return (
        "INSERT INTO seat_changes (table_id, seat, user_id, computer_level, changed_at)"
        " VALUES (?, ?, ?, ?, ?)",
        (table_id, change.seat, change.user_id, change.computer_level, change.changed_at),
    )


def hold_step_write(table_id: int, seat: int, step: HeldStep) -> Write:
    """Keep ``step`` for the seat's turn (replacing one it held)."""
    return (
        "INSERT INTO held_steps (table_id, seat, action, hand_number) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (table_id, seat) DO UPDATE"
        " SET action = excluded.action, hand_number = excluded.hand_number",
        (table_id, seat, step.action, step.hand_number),
    )


def release_step_write(table_id: int, seat: int) -> Write:
    """Forget the step the seat held."""
    return ("DELETE FROM held_steps WHERE table_id = ? AND seat = ?", (table_id, seat))


def _table(row: Row) -> TableRecord:
    return TableRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        host_id=row["host_id"],
        variant=row["variant"],
        players=row["players"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        status=row["status"],
        rematch_of=row["rematch_of"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        hand_limit=row["hand_limit"],
        event_name=row["event_name"],
    )


def _seat(row: Row) -> SeatRecord:
    return SeatRecord(
        table_id=row["table_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        computer_level=row["computer_level"],
        standin=bool(row["standin"]),
        timeouts=row["timeouts"],
    )


def _action(row: Row) -> ActionRecord:
    return ActionRecord(
        table_id=row["table_id"],
        index=row["idx"],
        seat=row["seat"],
        action=row["action"],
        source=row["source"],
        actor_id=row["actor_id"],
        created_at=row["created_at"],
    )
