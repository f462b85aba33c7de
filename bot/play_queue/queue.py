"""The ``/play`` queue: kept in the store, matched by :mod:`.matching`, tables opened
through the table service.

Every change (a member joins, a wait ends) runs :meth:`PlayQueue._settle` under one
lock: it reads the queue from the store once (in a cluster process, of its shards'
guilds only), drops members seated at an open table, opens full tables and tables with
computer players for waits that ended, and sets the timer to the next end of a wait.
Between settles the queue keeps a copy of who waits
(every write goes to the store and the copy), so leaving, and the events of tables
where nobody waiting sits down, need no read of the whole queue; a member who sits down
at a table (by hand, or a rematch) leaves the queue.

A table opens with everyone seated and its game started at once (the longest-waiting
member as host, computers in the empty seats at the server's level): it counts against
the server's table limit and channels as one made by hand, but is never seen as a lobby;
if it cannot open, the members keep waiting (after a wait, it is tried again
``retry_after`` seconds later).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from bot.shards import GuildOwner, owns_all
from bot.store.play_queue import PlayQueueRepository, QueuedMember
from bot.tables import TableError, TableService
from bot.tables.events import TableChanged, TableEvent
from bot.tables.models import Table

from .matching import Seating, due_tables, full_tables, next_deadline
from .timer import WaitTimer

log = logging.getLogger(__name__)

#: Table changes that seat a person (by hand or by the queue).
SEATING_REASONS = frozenset({"created", "joined", "rematch", "started"})
RETRY_AFTER = 60.0


@dataclass(frozen=True)
class OpenedTable:
    """A table the queue opened and started, and who it seated."""

    table: Table
    seating: Seating


@dataclass(frozen=True)
class JoinOutcome:
    """What ``/play`` did: the member's wait as stored, the wait it replaced (for another
    game or other options), whether they already waited for exactly this, and their
    table if it opened at once."""

    entry: QueuedMember
    moved_from: QueuedMember | None = None
    already: bool = False
    opened: OpenedTable | None = None


Announce = Callable[[OpenedTable], Awaitable[None]]


class PlayQueue:
    """Every server's ``/play`` queue."""

    def __init__(
        self,
        repo: PlayQueueRepository,
        service: TableService,
        announce: Announce,
        *,
        scale: float = 1.0,
        clock: Callable[[], float] = time.time,
        retry_after: float = RETRY_AFTER,
        stopping: Callable[[], bool] = lambda: False,
        owns: GuildOwner = owns_all,
    ) -> None:
        self.repo = repo
        self._owns = owns  # a cluster process settles its shards' guilds' queues only
        self.service = service
        self._announce = announce
        self.scale = scale
        self._clock = clock
        self._retry_after = retry_after
        self._stopping = stopping
        self._lock = asyncio.Lock()
        self._retry_full: float | None = None
        #: Who waits, as in the store: read at every settle, kept in step by every write.
        self._waiting: dict[tuple[int, int], QueuedMember] = {}
        self.timer = WaitTimer(self._wait_ended, clock)

    # ----- members ---------------------------------------------------------------------------
    def seated_at(self, guild_id: int, user_id: int) -> Table | None:
        """The open table of that server where the member sits, if any."""
        for table in self.service.open_tables(guild_id):
            if table.seat_of(user_id) is not None:
                return table
        return None

    async def join(self, wanted: QueuedMember) -> JoinOutcome:
        """Put a member in the queue (their ``joined_at``/``wait_ends`` are set here), out
        of any other queue of the server; a table opens at once if they complete one.
        :class:`TableError` if they already sit at an open table there."""
        async with self._lock:
            seated = self.seated_at(wanted.guild_id, wanted.user_id)
            if seated is not None:
                raise TableError(already_seated(seated))
            before = await self.repo.get(wanted.guild_id, wanted.user_id)
            now = self._clock()
            if before is not None and before.key == wanted.key:
                entry = replace(
                    before,
                    computers=wanted.computers,
                    wait_minutes=wanted.wait_minutes,
                    wait_ends=self.wait_end(before.joined_at, wanted.wait_minutes),
                )
            else:
                entry = replace(
                    wanted, joined_at=now, wait_ends=self.wait_end(now, wanted.wait_minutes)
                )
            await self._put(entry)
            opened = await self._settle()
        await self._tell(opened)
        mine = next(
            (
                o
                for o in opened
                if o.table.guild_id == wanted.guild_id and wanted.user_id in o.seating.user_ids
            ),
            None,
        )
        same = before is not None and before.key == wanted.key
        return JoinOutcome(
            entry=entry,
            moved_from=None if before is None or same else before,
            already=same,
            opened=mine,
        )

    async def leave(self, guild_id: int, user_id: int) -> QueuedMember | None:
        """Take a member out of the server's queue; their wait, or None if they had none."""
        async with self._lock:
            entry = await self.repo.get(guild_id, user_id)
            if entry is not None:
                await self._remove(guild_id, [user_id])
                self._reschedule()
            return entry

    async def entry(self, guild_id: int, user_id: int) -> QueuedMember | None:
        """The member's wait in that server, or None."""
        return await self.repo.get(guild_id, user_id)

    async def waiting(self, guild_id: int) -> list[QueuedMember]:
        """Everyone waiting in that server, longest waiting first."""
        return await self.repo.of_guild(guild_id)

    def wait_end(self, joined_at: float, minutes: int) -> float:
        """When a wait of ``minutes`` that began at ``joined_at`` ends (timer scale counted)."""
        return joined_at + minutes * 60 * self.scale

    # ----- life cycle ------------------------------------------------------------------------
    async def restore(self) -> list[OpenedTable]:
        """After a restart (the table service restored first): drop members seated
        meanwhile, open what is due (waits that ended during the downtime at once) and set
        the timer."""
        async with self._lock:
            opened = await self._settle()
        await self._tell(opened)
        waiting = len(self._waiting)
        log.info("Restored the /play queue: %d waiting, %d tables opened", waiting, len(opened))
        return opened

    async def on_table_event(self, event: TableEvent) -> None:
        """A member who sits down at a table (by hand, or a rematch) leaves the queue.

        The event's table is as it was when the event was made: the queue decides from
        where the members sit now (a table the queue could not open is cancelled by the
        time its events arrive, and its members keep waiting)."""
        if not isinstance(event, TableChanged) or event.reason not in SEATING_REASONS:
            return
        guild_id = event.table.guild_id
        if not any((guild_id, user) in self._waiting for user in event.table.people):
            return  # nobody waiting sits there: most tables, and no store access
        async with self._lock:
            seated = [
                user
                for user in event.table.people
                if (guild_id, user) in self._waiting and self.seated_at(guild_id, user) is not None
            ]
            if seated and await self._remove(guild_id, seated):
                log.info("Table %d seated members who waited in the /play queue", event.table.id)
                self._reschedule()

    async def close(self) -> None:
        """Stop the timer (the queue itself is in the store)."""
        await self.timer.close()

    # ----- matching --------------------------------------------------------------------------
    async def _wait_ended(self) -> None:
        if self._stopping():  # the bot is shutting down: the store may be closed already
            return
        async with self._lock:
            opened = await self._settle()
        await self._tell(opened)

    async def _settle(self) -> list[OpenedTable]:
        """Read the queue, drop the seated, open full and due tables, set the timer (under
        the lock; the caller announces the tables opened)."""
        everyone = [m for m in await self.repo.every() if self._owns(m.guild_id)]
        self._waiting = {(m.guild_id, m.user_id): m for m in everyone}
        waiting = await self._not_seated(everyone)
        opened: list[OpenedTable] = []
        self._retry_full = None
        for seating in full_tables(waiting):
            table = await self._open(seating)
            if table is None:  # e.g. the server's table limit: try again a bit later
                self._retry_full = self._clock() + self._retry_after
            else:
                opened.append(table)
        waiting = _without(waiting, opened)
        computers_off = await self._computers_off(waiting)
        now = self._clock()
        for seating in due_tables(waiting, now):
            if seating.host.guild_id in computers_off:
                await self._retry_later(seating)
                continue
            table = await self._open(seating)
            if table is None:
                await self._retry_later(seating)
            else:
                opened.append(table)
        self._reschedule()
        return opened

    def _reschedule(self) -> None:
        """Wake at the next end of a wait, or when a full table that could not open is
        tried again, whichever comes first."""
        times = [next_deadline(self._waiting.values()), self._retry_full]
        self.timer.set(min((t for t in times if t is not None), default=None))

    async def _put(self, member: QueuedMember) -> None:
        """Store a member's wait (and keep the copy in step)."""
        await self.repo.put(member)
        self._waiting[(member.guild_id, member.user_id)] = member

    async def _remove(self, guild_id: int, user_ids: Sequence[int]) -> int:
        """Take members out of the store (and the copy); how many were in the store."""
        removed = await self.repo.remove(guild_id, user_ids)
        for user_id in user_ids:
            self._waiting.pop((guild_id, user_id), None)
        return removed

    async def _not_seated(self, waiting: Sequence[QueuedMember]) -> list[QueuedMember]:
        """The waiting members who sit at no open table; the others leave the queue."""
        kept: list[QueuedMember] = []
        for member in waiting:
            if self.seated_at(member.guild_id, member.user_id) is None:
                kept.append(member)
            else:
                await self._remove(member.guild_id, [member.user_id])
        return kept

    async def _computers_off(self, waiting: Sequence[QueuedMember]) -> set[int]:
        """The servers (of those with members waiting) where computers are turned off."""
        off: set[int] = set()
        for guild_id in {m.guild_id for m in waiting}:
            if not (await self.service.settings.get(guild_id)).computers_allowed:
                off.add(guild_id)
        return off

    async def _retry_later(self, seating: Seating) -> None:
        """The table could not open now: try again ``retry_after`` seconds from now."""
        host = seating.host
        later = replace(host, wait_ends=self._clock() + self._retry_after)
        await self._put(later)

    async def _open(self, seating: Seating) -> OpenedTable | None:
        """Open the table with everyone seated and start it at once (it is first seen
        started); None (nothing left open) if it cannot be."""
        host = seating.host
        try:
            table = await self.service.open_started(
                guild_id=host.guild_id,
                channel_id=host.channel_id,
                host_id=host.user_id,
                variant=host.variant,
                options=host.options,
                people=seating.user_ids,
                computers=seating.computers,
                thread_id=host.thread_id,
            )
        except TableError as refused:
            log.warning("The /play queue could not open a table: %s", refused.message)
            return None
        await self._remove(host.guild_id, seating.user_ids)
        log.info(
            "The /play queue opened table %d for %d members and %d computers",
            table.id,
            len(seating.members),
            seating.computers,
        )
        return OpenedTable(table, seating)

    async def _tell(self, opened: Sequence[OpenedTable]) -> None:
        """Announce each opened table (outside the lock: it talks to Discord)."""
        for table in opened:
            try:
                await self._announce(table)
            except Exception:
                log.exception("Could not announce table %d", table.table.id)


def already_seated(table: Table) -> str:
    """The refusal for a member who sits at an open table of the server."""
    where = f"<#{table.thread_id or table.channel_id}>"
    return (
        f"You already sit at table #{table.id} ({table.variant_name}) in {where}, so you "
        "can't wait for another game. Finish it or leave it first (/table leave); nothing "
        "was changed."
    )


def _without(waiting: Sequence[QueuedMember], opened: Sequence[OpenedTable]) -> list[QueuedMember]:
    seated = {(o.seating.host.guild_id, u) for o in opened for u in o.seating.user_ids}
    return [m for m in waiting if (m.guild_id, m.user_id) not in seated]
