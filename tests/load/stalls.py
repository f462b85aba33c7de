"""Telling a stalled table from a long wait, and saying which when a wait fails.

A person can wait a long time for their turn with nothing wrong: when their partner goes
alone they sit the whole hand out, and at 500 tables a computer's move takes two or three
seconds, so their next turn can be more than a minute away. A wait for one's turn
therefore fails only when the bot has stored no action at the table for the whole
allowance (:meth:`StoredTables.quiet`): then the table is stalled, or the person's turn
came and their hand never showed it.

When a wait fails, its error says what the harness followed and what the bot had stored:
each followed message's id and which request last edited it, when (:class:`EditLog`), and
the table's stored actions and whose turn they make it (:meth:`StoredTables.describe`).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.store.database import Database
from bot.store.opening import open_database
from bot.store.tables import ActionRecord, TableRepository
from bot.tables.games import ReplayError, acting_seat, replay
from tests.emulator.world.model import Message

#: The last stored actions an error lists.
LISTED_ACTIONS = 8
TABLE_BUTTON = re.compile(r"bower:table:(\d+):")
TITLE_NUMBER = re.compile(r"table #(\d+)")


def clock_text(at: float) -> str:
    """A moment (seconds since the epoch) as UTC hours to milliseconds."""
    moment = datetime.datetime.fromtimestamp(at, datetime.UTC)
    return moment.strftime("%H:%M:%S.%f")[:-3]


def stamp_seconds(stamp: str) -> float:
    """A stored or posted ISO 8601 time as seconds since the epoch."""
    return datetime.datetime.fromisoformat(stamp).timestamp()


def table_number(message: Message) -> int | None:
    """The table a table or hand message belongs to: its title's number, or its buttons'."""
    title = (message.embed or {}).get("title", "")
    if found := TITLE_NUMBER.search(title):
        return int(found[1])
    for button in message.buttons():
        if found := TABLE_BUTTON.match(str(button.get("custom_id", ""))):
            return int(found[1])
    return None


@dataclass(frozen=True)
class Edit:
    """One edit of a message: when (the emulator's clock) and by which request."""

    at: float
    request: str


class EditLog:
    """Which request last edited each message, and when."""

    def __init__(self) -> None:
        self._last: dict[int, Edit] = {}
        self._request = "no request (the harness itself)"

    @contextmanager
    def serving(self, request: str) -> Iterator[None]:
        """The edits made inside the block are ``request``'s."""
        before, self._request = self._request, request
        try:
            yield
        finally:
            self._request = before

    def edited(self, message_id: int, at: float) -> None:
        """Message ``message_id`` was edited at ``at`` by the request being served."""
        self._last[message_id] = Edit(at, self._request)

    def last(self, message_id: int) -> Edit | None:
        """The message's last edit, if it was ever edited."""
        return self._last.get(message_id)

    def describe(self, what: str, message: Message | None, now: float) -> str:
        """``what`` message: its id, and its last edit (or its posting) and how long ago."""
        if message is None:
            return f"{what} message: none"
        edit = self.last(message.id)
        if edit is None:
            posted = stamp_seconds(message.timestamp)
            return (f"{what} message {message.id}: never edited since it was posted at "
                    f"{clock_text(posted)} ({now - posted:.1f} s before)")
        return (f"{what} message {message.id}: last edited at {clock_text(edit.at)} "
                f"({now - edit.at:.1f} s before) by {edit.request}")


class StoredTables:
    """The bot's stored tables, read (never written) while it plays."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._tables = TableRepository(db)

    @classmethod
    async def open(cls, target: str | Path) -> StoredTables:
        """Open the bot's database (a SQLite file, or a PostgreSQL URL) for reading."""
        return cls(await open_database(target, synchronous="NORMAL"))

    async def close(self) -> None:
        """Close the connection."""
        await self._db.close()

    async def actions(self, table_id: int) -> list[ActionRecord]:
        """The table's stored actions, in order."""
        return await self._tables.actions(table_id)

    async def quiet(self, table_id: int, now: float) -> float:
        """Seconds until ``now`` since the table's last stored action (or its creation)."""
        actions = await self._tables.actions(table_id)
        if actions:
            return now - stamp_seconds(actions[-1].created_at)
        record = await self._tables.get(table_id)
        return now - stamp_seconds(record.created_at) if record else float("inf")

    async def describe(
        self, table_id: int, now: float, name_of: Callable[[int], str], waiting: int | None = None
    ) -> str:
        """The table as stored at ``now``: status, seats, whose turn, what happened since
        member ``waiting`` last acted (a partner going alone, say), its last actions."""
        record = await self._tables.get(table_id)
        if record is None:
            return f"stored: no table {table_id}"
        seat_records = await self._tables.seats(table_id)
        seats = {s.seat: name_of(s.user_id) if s.user_id else f"computer ({s.computer_level})"
                 for s in seat_records}
        actions = await self._tables.actions(table_id)
        try:
            seat = acting_seat(replay(record, actions))
            turn = "nobody (the game is over)" if seat is None else f"seat {seat} {seats[seat]}"
        except ReplayError as error:
            turn = f"unknown ({error})"
        quiet = await self.quiet(table_id, now)
        seated = ", ".join(f"{seat} {name}" for seat, name in sorted(seats.items()))
        parts = [f"stored at {clock_text(now)}: table {table_id} {record.status}, seats {seated}",
                 f"{len(actions)} actions, the last {quiet:.1f} s before", f"to act: {turn}"]
        own = next((s.seat for s in seat_records if s.user_id == waiting), None)
        if own is not None:
            parts.append(_since(own, actions))
        listed = ", ".join(_action_text(action) for action in actions[-LISTED_ACTIONS:])
        parts.append(f"the last {min(len(actions), LISTED_ACTIONS)}: {listed}")
        return "; ".join(parts)


def _since(seat: int, actions: list[ActionRecord]) -> str:
    """What the other seats did since ``seat`` last acted, loners named."""
    last = next((a for a in reversed(actions) if a.seat == seat), None)
    since = actions[last.index + 1:] if last else actions
    alone = [_action_text(a) for a in since if "alone" in a.action]
    when = f"#{last.index} at {clock_text(stamp_seconds(last.created_at))}" if last else "never"
    loners = f", going alone: {', '.join(alone)}" if alone else ""
    return f"seat {seat} last acted {when}; {len(since)} actions since{loners}"


def long_waits(waits: list[tuple[float, str]], allowance: float) -> list[str]:
    """The report's lines on the waits for a turn that outlasted ``allowance`` while their
    table played on (each: its seconds in all, the table when it ran past): not errors, but
    the longest waits people had."""
    if not waits:
        return []
    ordered = sorted(waits, key=lambda wait: -wait[0])
    shown = ordered[:3]
    lines = [f"waits for a turn past {allowance:.0f} s while the table played on: {len(waits)},"
             f" the longest {ordered[0][0]:.1f} s; the longest {len(shown)} in full:"]
    return lines + [f"  {seconds:.1f} s in all; {table}" for seconds, table in shown]


def _action_text(action: ActionRecord) -> str:
    at = clock_text(stamp_seconds(action.created_at))
    return f"#{action.index} seat {action.seat} {action.action} ({action.source}) {at}"
