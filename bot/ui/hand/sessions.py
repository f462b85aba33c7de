"""Keeping each player's private hand message current while they wait for their turn.

A private hand is an ephemeral message: only the interaction that created or last updated
it can edit it, for 15 minutes. Each time a person gets their hand (My hand, /hand, a click
on it), that interaction is remembered here; when the table changes so that their hand
would look different in what matters (their turn begins or ends, a computer takes or gives
back their hand, the table closes) the publisher asks :class:`HandSessions` to edit it
through that interaction. A token near its 15 minutes is let go: the next click makes a
new one. A refresh's picture is drawn by a worker before the person's lock is taken; one
not ready by then (``REFRESH_WAIT``) follows in another edit (:meth:`HandSessions.follow_up`).

Refreshes and follow-ups, which no click waits for, edit ``PUSHES`` hands at a time, the
rest waiting their turn: a busy event loop then answers the clicks first, and tables play
more slowly rather than leave clicks unanswered. In the first seconds of 1,000 tables with
pictures on (a thousand first clicks in four seconds), the hands' edits, all under way at
once, took a quarter of the loop's time.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Coroutine, Hashable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord

from bot.drawing import PictureDrawer
from bot.tables import TableError, TableService
from bot.tables.models import HandView, Table
from bot.ui.hand.lasting import (
    lasting_key,
    message_origin,
    moved_embed,
    no_longer_seated_embed,
    stopped_updating_embed,
)
from bot.ui.hand.message import (
    closed_hand_controls,
    closed_hand_embed,
    hand_controls,
    hand_embed,
)
from bot.ui.namebook import NameBook
from bot.ui.pictures import REFRESH_WAIT, hand_files, hand_picture, start_hand_picture

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60.0
SAFETY_MARGIN = 90.0
MAX_PASSES = 3
LOCK_WAIT = 1.0
PUSHES = 16  # hand edits no click waits for (refreshes, follow-ups) under way at a time
BASELINE_BUCKET = 10.0  # seconds of arrivals whose least age is kept as one figure
BASELINE_BUCKETS = 12  # figures kept: the quickest delivery of the last two minutes


class DiscordClock:
    """An estimate of Discord's clock: local time, or later if interactions say so.

    An interaction's id carries Discord's time of creation; if that is ahead of the local
    clock, Discord's clock is ahead too, and tokens age by it.
    """

    def __init__(self) -> None:
        self._seen = 0.0
        self._seen_at = time.monotonic()
        self._least_ages: deque[tuple[int, float]] = deque()  # (bucket, least age in it)

    def delay(self, interaction: discord.Interaction) -> float:
        """How much later than usual ``interaction`` reached us, in seconds (a busy event
        loop reads the gateway late): its age on arrival less the least age of the last
        two minutes' arrivals, which is the two clocks' difference plus the quickest
        delivery. A window of time, not of arrivals: in a burst of a thousand clicks, the
        last few hundred all arrived late, and measured against each other none looked
        late, and were deferred too late (172 of the start-up clicks at 1,000 tables went
        unanswered in one run; 0, 85 and 60 in three with this)."""
        age = time.time() - interaction.created_at.timestamp()
        bucket = int(time.monotonic() // BASELINE_BUCKET)
        least = self._least_ages
        if least and least[-1][0] == bucket:
            least[-1] = (bucket, min(age, least[-1][1]))
        else:
            least.append((bucket, age))
        while least[0][0] <= bucket - BASELINE_BUCKETS:
            least.popleft()
        return max(0.0, age - min(a for _, a in least))

    def note(self, interaction: discord.Interaction) -> None:
        """Learn from an interaction's creation time."""
        created = interaction.created_at.timestamp()
        if created > self._seen:
            self._seen, self._seen_at = created, time.monotonic()

    def now(self) -> float:
        """Discord's time now (seconds since the epoch), as best known."""
        local = datetime.datetime.now(datetime.UTC).timestamp()
        return max(local, self._seen + time.monotonic() - self._seen_at)

    def age(self, created: float) -> float:
        """Seconds since ``created`` (Discord's time, seconds since the epoch)."""
        return self.now() - created


def signature(hand: HandView) -> Hashable:
    """What must change for a waiting player's hand message to need an edit."""
    seat = hand.table.seats[hand.seat]
    return (hand.turn if hand.legal else None, seat.standin, hand.table.status, lasting_key(hand))


@dataclass
class HandSession:
    """The token of the interaction through which a person's hand message can be edited.

    Only the token is kept, not the interaction object: a kept ``discord.Interaction``
    (with its message, member and response, which refer to each other) would become
    long-lived cyclic garbage at every click, and the cycle collector's full passes would
    stall the event loop.
    """

    token: str
    created: float
    signature: Hashable
    version: int = 0
    #: Which message it edits: the id of the interaction that created that message.
    origin: int = 0


class HandSessions:
    """The live private hands of every table, and their refreshing."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        names: NameBook,
        clock: DiscordClock,
        drawer: PictureDrawer,
    ) -> None:
        self.client = client
        self.service = service
        self.names = names
        self.clock = clock
        self.drawer = drawer
        self._sessions: dict[int, dict[int, HandSession]] = {}
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._pushes = asyncio.Semaphore(PUSHES)
        self._closed = False

    @asynccontextmanager
    async def answering(self, table_id: int, user_id: int) -> AsyncIterator[None]:
        """Hold off refreshes of the person's hand while their click is answered.

        A refresh already on its way is let through first (for at most ``LOCK_WAIT``), so
        the answer always lands after it and shows the newest state. An answer that could
        not wait is shown again once the lock is free (:meth:`_reshow`).
        """
        lock = self._locks.setdefault((table_id, user_id), asyncio.Lock())
        try:
            async with asyncio.timeout(LOCK_WAIT):
                await lock.acquire()
        except TimeoutError:
            yield  # answer anyway: the 3 seconds matter more than the order
            self._spawn(self._reshow(table_id, user_id))
            return
        try:
            yield
        finally:
            lock.release()
            self._recheck(table_id, user_id)

    def _recheck(self, table_id: int, user_id: int) -> None:
        """Check once more after an answer: the table may have moved on while it was being
        sent, before its hand was registered, when no refresh could see it."""
        if table_id not in self._sessions:
            return
        self._spawn(self._recheck_quietly(table_id, user_id))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on its own, unless the bot is stopping."""
        if self._closed:
            work.close()
            return
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop the rechecks and closings under way: the bot is stopping,
        and the store they read is about to close."""
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def follow_up(
        self, table_id: int, user_id: int, shown: Hashable, picture: bytes, *, after: float = 0.0
    ) -> None:
        """Edit ``picture`` into the person's hand message: it shows the state the message
        shows (``shown``, its signature), drawn too late for it. ``after``: seconds to
        wait first, for a newer state that brings its own picture."""
        self._spawn(self._follow_up(table_id, user_id, shown, picture, after))

    async def _follow_up(
        self, table_id: int, user_id: int, shown: Hashable, picture: bytes, after: float
    ) -> None:
        """Not if the message has shown a newer state since, nor if the game has moved on
        (the refresh that brings the newer state brings its picture): under load, a
        follow-up for every late picture made as many edits again. The picture is the one
        drawn, not drawn again: by the time a busy bot edits it in, it has left the recent
        pictures, and drawn again it was late again, each follow-up making another."""
        await asyncio.sleep(after)
        if not self.service.is_open(table_id):
            return  # closed: the publisher tells the hands so
        async with self._pushes, self._locks.setdefault((table_id, user_id), asyncio.Lock()):
            session = self._sessions.get(table_id, {}).get(user_id)
            if session is None or session.signature != shown:
                return
            try:
                if signature(self.service.hand(table_id, user_id)) != shown:
                    return
            except TableError:
                return  # no longer seated: the next refresh says so
            try:
                await self._refresh_unlocked(
                    table_id, user_id, None, True, time.monotonic(), (shown, picture)
                )
            except discord.HTTPException as exc:
                log.info("Hand of %d at table %d not refreshed: %s", user_id, table_id, exc)

    async def _reshow(self, table_id: int, user_id: int) -> None:
        """Edit the newest state into the person's hand once the lock is free, after an
        answer that did not wait for it: the edit of the refresh holding it, sent before
        the answer, may land after it, and show the turn just played (its check for a
        newer answer ran before that answer was registered)."""
        if not self.service.is_open(table_id):
            return  # closed: the publisher tells the hands so
        async with self._pushes, self._locks.setdefault((table_id, user_id), asyncio.Lock()):
            try:
                await self._refresh_unlocked(table_id, user_id, None, True, time.monotonic())
            except discord.HTTPException as exc:
                log.info("Hand of %d at table %d not shown again: %s", user_id, table_id, exc)

    async def _recheck_quietly(self, table_id: int, user_id: int) -> None:
        if not self.service.is_open(table_id):
            return  # closed: the publisher tells the hands so
        try:
            await self._refresh_one(table_id, user_id, None)
        except discord.HTTPException as exc:
            log.info("Hand of %d at table %d not refreshed: %s", user_id, table_id, exc)

    def register(self, interaction: discord.Interaction, hand: HandView) -> None:
        """Remember that ``interaction`` now shows ``hand`` to its user."""
        table_sessions = self._sessions.setdefault(hand.table.id, {})
        old = table_sessions.get(interaction.user.id)
        version = old.version + 1 if old else 0
        created = interaction.created_at.timestamp()
        origin = message_origin(interaction)
        session = HandSession(interaction.token, created, signature(hand), version, origin)
        table_sessions[interaction.user.id] = session
        if old is not None and old.origin != origin:  # a newer message: the old one stops
            self._close_replaced(hand.table, interaction.user.id, old)

    def _close_replaced(self, table: Table, user_id: int, old: HandSession) -> None:
        """Say on a hand message no session keeps current any more that it has stopped
        (after the answer that replaced it: the caller holds the person's lock), unless by
        the time the close holds that lock a click in that message has made it the one in
        use again: the message a person used last stays live."""
        if self.clock.age(old.created) > TOKEN_LIFETIME - SAFETY_MARGIN:
            return  # Discord no longer lets us edit it
        embed = moved_embed(table.id, table.variant_name)
        self._spawn(self._close_quietly(table.id, user_id, old, embed))

    async def _close_quietly(
        self, table_id: int, user_id: int, session: HandSession, embed: discord.Embed
    ) -> None:
        async with self._locks.setdefault((table_id, user_id), asyncio.Lock()):
            current = self._sessions.get(table_id, {}).get(user_id)
            if current is not None and current.origin == session.origin:
                return  # a click in it, answered first, made it the message in use again
            try:
                await self._close(session, embed)
            except discord.HTTPException as exc:  # dismissed, or its token expired
                log.info("Old hand of %d at table %d not closed: %s", user_id, table_id, exc)

    def tracked(self, table_id: int) -> list[int]:
        """The people of a table whose hand message is being kept current."""
        return list(self._sessions.get(table_id, {}))

    def forget(self, table_id: int) -> None:
        """Stop tracking a table's hands."""
        self._sessions.pop(table_id, None)
        for key in [key for key in self._locks if key[0] == table_id]:
            if not self._locks[key].locked():
                del self._locks[key]

    async def refresh(self, table_id: int, closed: Table | None = None) -> None:
        """Edit every tracked hand of the table that no longer shows what matters.

        ``closed``: the table has closed; its hands show the result (or why it ended) and
        keep only what still makes sense (Rematch).
        A hand Discord will not let us edit any more is forgotten; a 429 or 5xx is raised
        (after trying the other hands) so that the caller retries later.
        """
        transient: discord.HTTPException | None = None
        for user_id in self.tracked(table_id):
            try:
                await self._refresh_one(table_id, user_id, closed)
            except discord.HTTPException as exc:
                if exc.status == 429 or exc.status >= 500:
                    transient = transient or exc
                    continue
                log.info("Hand of %d at table %d not refreshed: %s", user_id, table_id, exc)
                self._drop(table_id, user_id)
        if transient is not None:
            raise transient
        if closed is not None:
            self.forget(table_id)

    async def _refresh_one(self, table_id: int, user_id: int, closed: Table | None) -> None:
        deadline = time.monotonic() + REFRESH_WAIT  # for the picture, in all
        if closed is None and not await self._draw_ahead(table_id, user_id):
            return
        async with self._pushes, self._locks.setdefault((table_id, user_id), asyncio.Lock()):
            await self._refresh_unlocked(table_id, user_id, closed, False, deadline)

    async def _draw_ahead(self, table_id: int, user_id: int) -> bool:
        """Have the hand's new picture drawn before taking the person's lock, so that a
        click meanwhile is not held up while a worker draws it; False when there is
        nothing to do (no session, or it shows this state already), most refreshes."""
        session = self._sessions.get(table_id, {}).get(user_id)
        if session is None:
            return False
        if self.clock.age(session.created) > TOKEN_LIFETIME - SAFETY_MARGIN:
            return True  # its last edit says it stops here
        try:
            hand = self.service.hand(table_id, user_id)
        except TableError:
            return True  # no longer seated: said under the lock
        if signature(hand) == session.signature:
            return False
        settings = await self.service.settings.get(hand.table.guild_id)
        drawing = start_hand_picture(self.drawer, hand, settings)
        if drawing is not None:  # a late one is said and followed up under the lock
            await asyncio.wait([drawing], timeout=REFRESH_WAIT)
        return True

    async def _refresh_unlocked(
        self,
        table_id: int,
        user_id: int,
        closed: Table | None,
        forced: bool,
        deadline: float,
        drawn: tuple[Hashable, bytes] | None = None,
    ) -> None:
        """Edit the hand if it no longer shows what matters (or ``forced``), its picture
        waited for until ``deadline``; ``drawn``: a state's signature and its picture,
        already drawn."""
        for _ in range(MAX_PASSES):
            session = self._sessions.get(table_id, {}).get(user_id)
            if session is None:
                return
            if self.clock.age(session.created) > TOKEN_LIFETIME - SAFETY_MARGIN:
                self._drop(table_id, user_id)  # its last edit says it stops here
                table = await self.service.get(table_id)
                await self._close(session, stopped_updating_embed(table.id, table.variant_name))
                return
            version = session.version
            if closed is not None:
                await self._show_closed(session, closed)
                return
            await self.service.settled(table_id)
            try:
                hand = self.service.hand(table_id, user_id)  # stored state (no await since)
            except TableError:
                table = await self.service.get(table_id)
                if table.is_open:  # no longer seated: closed, and why
                    await self._close(session, no_longer_seated_embed(table, user_id))
                else:  # closed meanwhile: its result, not a refusal
                    await self._show_closed(session, table)
                self._drop(table_id, user_id)
                return
            new = signature(hand)
            if new == session.signature and not forced:
                return
            embed = hand_embed(hand, self.names.names)
            settings = await self.service.settings.get(hand.table.guild_id)
            if drawn is not None and drawn[0] == new and settings.pictures:
                png: bytes | None = drawn[1]
            else:
                late = partial(self.follow_up, table_id, user_id, new)
                wait = max(0.0, deadline - time.monotonic())
                png = await hand_picture(self.drawer, hand, settings, late=late, wait=wait)
            drawn = None
            files = hand_files(png, embed)
            await self._edit(session, embed=embed, view=hand_controls(hand), attachments=files)
            session.signature = new
            current = self._sessions.get(table_id, {}).get(user_id)
            if current is None or current.version == version:
                return
            forced = True  # the player clicked meanwhile: make sure the newest state shows

    async def _show_closed(self, session: HandSession, table: Table) -> None:
        """The closed table's result (or why it ended) and Rematch, in place of the hand."""
        await self._edit(
            session, content=None, embed=closed_hand_embed(table, self.names.names),
            view=closed_hand_controls(table), attachments=[],
        )

    async def _close(self, session: HandSession, embed: discord.Embed) -> None:
        """Replace the hand by ``embed`` saying why it is closed, without controls."""
        await self._edit(session, content=None, embed=embed, view=None, attachments=[])

    async def _edit(self, session: HandSession, **changes: Any) -> None:
        """Edit the hand message through its interaction's token (``@original``)."""
        application_id = self.client.application_id
        assert application_id is not None
        webhook = discord.Webhook.partial(application_id, session.token, client=self.client)
        await webhook.edit_message("@original", **changes)  # type: ignore[call-overload]

    def _drop(self, table_id: int, user_id: int) -> None:
        sessions = self._sessions.get(table_id)
        if sessions is not None:
            sessions.pop(user_id, None)
            if not sessions:
                self._sessions.pop(table_id, None)
