"""Keeping every table's public message current, narrating, and pinging players.

The publisher subscribes to the table service. Its event callback only records news (it
never waits on Discord); three worker tasks per table then do the talking:

1. the table message is created (in a thread of its own when the guild wants threads and
   the bot may create them) or edited to show the table as it is *now*, its picture drawn
   from that state just before it is sent (a picture that waits for a busy worker is drawn
   from the table as it is when the worker takes it, and the text shows that state too;
   the workers take first the table that has owed a person's move longest) —
   edits coalesce, so a burst of moves, or a 429 storm, costs one edit per round trip (and
   one picture) and nothing is lost;
2. the narration lines and turn pings gathered meanwhile go out as one message, on their
   own so that a table's message never waits behind its narration (see :mod:`.pacing`);
3. the private hands being watched are refreshed (see :mod:`bot.ui.hand.sessions`).

A failed request is retried with a growing pause; tables never wait for each other.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

from bot.drawing import PictureDrawer
from bot.pictures import SeatTag
from bot.store.guild_settings import GuildSettings
from bot.tables import TableError, TableService
from bot.tables.events import ActionApplied, TableChanged, TableEvent
from bot.tables.models import Table
from bot.ui.hand.sessions import HandSessions
from bot.ui.messages import chunks
from bot.ui.namebook import NameBook
from bot.ui.pictures import (
    TABLE_FILE,
    picture_file,
    picture_key,
    seat_tags,
    show_picture,
)
from bot.ui.table.failures import MAX_FAILURES, TRANSIENT, refused, retry_pause
from bot.ui.table.feed import PictureChange, PicturePlan, TableFeed, TableShot
from bot.ui.table.message import table_controls, table_embed
from bot.ui.table.narration import narrate
from bot.ui.table.news import ping_lines
from bot.ui.table.pacing import Kind, RequestBudget
from bot.ui.table.threads import open_table_message, reopen_if_archived
from bot.ui.views import as_view

log = logging.getLogger(__name__)

#: Seconds a picture showing only computer players' moves waits behind pictures owed for
#: a person's move (see :meth:`TablePublisher._picture`).
COMPUTER_MOVES_WAIT = 10.0


class TablePublisher:
    """The Discord side of every table's public life."""

    def __init__(
        self,
        bot: discord.Client,
        service: TableService,
        names: NameBook,
        hands: HandSessions,
        drawer: PictureDrawer,
        *,
        retry_delay: float = 0.25,
        ping_quiet: float = 30.0,
        edit_interval: float = 0.25,
        budget: RequestBudget | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self.names = names
        self.hands = hands
        self.drawer = drawer
        self.retry_delay = retry_delay
        self.ping_quiet = ping_quiet
        self.edit_interval = edit_interval
        self.budget = budget or RequestBudget()
        self._feeds: dict[int, TableFeed] = {}
        self._closing = False

    # ----- receiving events (never waits on Discord) ------------------------------------
    async def on_event(self, event: TableEvent) -> None:
        """Record what the event means for the table's message, narration and pings."""
        feed = self._feeds.get(event.table_id)
        if feed is None:
            feed = self._feeds[event.table_id] = TableFeed(event.table)
        feed.table = event.table
        if feed.message_id is None and event.table.message_id is not None:
            feed.channel_id = event.table.thread_id or event.table.channel_id
            feed.message_id = event.table.message_id
        feed.lines += narrate(event, self.names.names)
        if isinstance(event, ActionApplied):
            feed.last_actor = event.actor_id
            if event.actor_id is not None:
                feed.active[event.actor_id] = time.monotonic()
            if event.source == "person":
                if feed.person_move_since is None:
                    feed.person_move_since = time.monotonic()
                if feed.place is not None:
                    self.budget.promote(feed.place)
        if isinstance(event, TableChanged):
            feed.dirty = feed.hands_due = True
            feed.changed_at = discord.utils.utcnow()
            feed.version += 1
            self._note_turn(feed, event)
        self._kick(feed)

    def _note_turn(self, feed: TableFeed, event: TableChanged) -> None:
        """Ping the person whose turn it now is, unless they are following the game.

        Someone who moved at this table in the last ``ping_quiet`` seconds is watching
        (their private hand is refreshed when their turn comes): pinging them every trick
        would only spam the channel. Everyone is pinged once when the game starts, by a
        greeting that says whose turn it is; a turn of theirs within ``ping_quiet``
        seconds of it is not pinged again.
        """
        table = event.table
        if event.reason == "started":  # the greeting says whose turn it is: one ping each
            feed.greet = list(table.people)
            feed.active.update(dict.fromkeys(table.people, time.monotonic()))
        user = table.current_user
        if user is None or table.status != "playing" or event.reason == "restored":
            return
        if feed.pinged_turn == table.turn:
            return
        feed.pinged_turn = table.turn
        away = time.monotonic() - feed.active.get(user, -math.inf) >= self.ping_quiet
        fresh = user != feed.last_actor and user not in feed.pings and away
        if fresh and event.reason in ("action", "started", "replaced", "left"):
            feed.pings.append(user)

    def _kick(self, feed: TableFeed) -> None:
        if self._closing:
            return
        if feed.worker is None and feed.dirty:
            feed.worker = asyncio.create_task(
                self._work(feed), name=f"publisher-table-{feed.table.id}"
            )
        placed = feed.message_id is not None or not feed.table.is_open  # thread known
        if feed.news_worker is None and feed.has_news and placed:
            feed.news_worker = asyncio.create_task(
                self._work_news(feed), name=f"publisher-news-{feed.table.id}"
            )
        if feed.hand_worker is None and feed.hands_due:
            feed.hand_worker = asyncio.create_task(
                self._work_hands(feed), name=f"publisher-hands-{feed.table.id}"
            )

    # ----- the workers of one table ------------------------------------------------------
    async def _work(self, feed: TableFeed) -> None:
        """The table message, paced and within the request budget."""
        await self._rounds(feed, "worker", lambda: feed.dirty, self._edit_round, "Publisher")

    async def _work_news(self, feed: TableFeed) -> None:
        """The narration and pings, within the request budget."""
        await self._rounds(feed, "news_worker", lambda: feed.has_news, self._news_round,
                           "Narration")

    async def _work_hands(self, feed: TableFeed) -> None:
        """The private hands: not paced, not budgeted (interaction webhooks are exempt)."""
        await self._rounds(feed, "hand_worker", lambda: feed.hands_due, self._hands_round,
                           "Hands")

    async def _rounds(
        self,
        feed: TableFeed,
        slot: str,
        due: Callable[[], bool],
        one_round: Callable[[TableFeed], Awaitable[None]],
        what: str,
    ) -> None:
        """Run ``one_round`` while it is ``due``; then free the worker's ``slot``."""
        try:
            while due():
                await one_round(feed)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s of table %d stopped", what, feed.table.id)
        finally:
            setattr(feed, slot, None)
            self._done(feed)

    async def _hands_round(self, feed: TableFeed) -> None:
        feed.hands_due = False
        try:
            await self._refresh_hands(feed)
            feed.hand_failures = 0
        except TRANSIENT as exc:
            if refused(exc):
                log.error("Table %d: Discord refused a hand message: %s", feed.table.id, exc)
                return
            feed.hands_due = True
            feed.hand_failures += 1
            await self._after_failure(feed, exc, feed.hand_failures)

    def _done(self, feed: TableFeed) -> None:
        """A worker ended: start again if news came meanwhile, or let a closed table go."""
        if self._closing:
            return
        if feed.dirty or feed.has_news or feed.hands_due:
            self._kick(feed)
        elif not feed.table.is_open and not feed.workers and self._feeds.get(feed.table.id) is feed:
            del self._feeds[feed.table.id]

    async def _edit_round(self, feed: TableFeed) -> None:
        """Show the table as it is now, after the pause and within the budget."""
        await self._pace(feed)  # what happens meanwhile joins this edit
        if feed.shown_version == feed.version and feed.message_id is not None:
            feed.dirty, feed.person_move_since = False, None  # an earlier edit showed it
            return
        feed.place = self.budget.ask("urgent" if feed.person_moved else "table")
        try:
            await feed.place
        finally:
            feed.place = None
        feed.dirty = False
        try:
            await self._show_table(feed)
        except TRANSIENT as exc:
            if refused(exc):
                log.error("Table %d: Discord refused its table message: %s", feed.table.id, exc)
                return
            if feed.failures >= MAX_FAILURES and not feed.table.is_open:
                log.warning("Table %d: giving up on its closed table's message", feed.table.id)
                return
            feed.dirty = True
            feed.failures += 1
            await self._after_failure(feed, exc, feed.failures)
            return
        feed.edited_at = time.monotonic()
        feed.failures = 0

    async def _news_round(self, feed: TableFeed) -> None:
        """Post the narration and pings gathered so far; a failed post is retried (after a
        pause) without losing or repeating a line."""
        urgent = bool(feed.greet or feed.pings)
        await self.budget.take("urgent" if urgent else "news")  # lines meanwhile join
        lines, feed.lines = feed.lines, []
        pings, feed.pings = feed.pings, []
        greet, feed.greet = feed.greet, []
        now = feed.table
        turn = [u for u in pings if now.status == "playing" and u == now.current_user]
        if not (lines or turn or greet):
            return
        try:
            await self._post_news(feed, lines, ping_lines(now, greet, turn), greet + turn)
        except TRANSIENT as exc:
            if refused(exc):
                log.error("Table %d: Discord refused its narration: %s", feed.table.id, exc)
                return
            if feed.news_failures >= MAX_FAILURES and not feed.table.is_open:
                log.warning("Table %d: giving up on its closed table's narration", feed.table.id)
                return
            if feed.news_failures < MAX_FAILURES:
                feed.lines[:0], feed.greet[:0] = lines, greet
                feed.pings[:0] = [p for p in pings if p not in feed.pings]
            feed.news_failures += 1
            await self._after_failure(feed, exc, feed.news_failures)
            return
        feed.news_failures = 0

    async def _after_failure(self, feed: TableFeed, exc: BaseException, failures: int) -> None:
        log.warning("Table %d: Discord request failed (%s); retry %d", feed.table.id, exc, failures)
        if isinstance(exc, discord.HTTPException) and feed.channel_id is not None:
            await reopen_if_archived(self.bot, exc, feed.channel_id)
        await asyncio.sleep(retry_pause(exc, failures, self.retry_delay))

    async def _pace(self, feed: TableFeed) -> None:
        """Leave ``edit_interval`` between two edits of a table message (changes meanwhile
        are shown together): Discord limits edits per channel, and people can't read
        faster anyway."""
        wait = feed.edited_at + self.edit_interval - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    async def _show_table(self, feed: TableFeed) -> None:
        """Create or edit the table message so that it shows the table as it is now."""
        await self.names.ensure(feed.table.guild_id, [*feed.table.people, feed.table.host_id])
        await self.service.settled(feed.table.id)
        shot = self._shot(feed, self.service.public_state(feed.table.id))  # no await above
        shown = shot.view if shot.view is not None else await self._final_view(feed, shot.table)
        settings = await self.service.settings.get(shot.table.guild_id)
        if feed.message_id is not None and feed.channel_id is not None:
            shot, picture = await self._picture(feed, shot, shown, settings)
            message = self.bot.get_partial_messageable(feed.channel_id).get_partial_message(
                feed.message_id
            )
            try:
                await message.edit(embed=self._embed(shot, picture),
                                   view=as_view(table_controls(shot.table)), **picture.changes)
                self._shown(feed, shot, picture)
                if not shot.table.is_open:
                    await self.service.mark_shown(shot.table.id, shot.table.status)
                return
            except discord.NotFound:
                log.warning("Table %d: its message is gone; posting a new one", shot.table.id)
        if not shot.table.is_open:
            return  # a closed table whose message is gone stays without one
        shot, picture = await self._picture(feed, shot, shown, settings, fresh=True)
        table = shot.table
        channel_id, message_id = await open_table_message(
            self.bot, self.service, table, self._embed(shot, picture), table_controls(table),
            picture.files or [],
        )
        feed.channel_id, feed.message_id = channel_id, message_id
        self._shown(feed, shot, picture)
        try:
            await self.service.set_location(
                table.id, message_id=message_id, thread_id=_thread_of(table, channel_id)
            )
        except TableError:
            feed.dirty = True  # closed meanwhile: the next round shows it

    def _shot(
        self, feed: TableFeed, state: tuple[Table, Mapping[str, Any] | None] | None
    ) -> TableShot:
        """What the table message is to show: ``state`` read just now (None: the table
        closed, its last snapshot), stamped with the publisher's news of it; the person's
        moves it is the first to show are taken off the feed."""
        table, view = state if state is not None else (feed.table, None)
        since, feed.person_move_since = feed.person_move_since, None
        return TableShot(table, view, feed.changed_at, feed.version, since)

    def _embed(self, shot: TableShot, picture: PictureChange) -> discord.Embed:
        """The table message's embed for ``shot``, pointed at its picture if it has one."""
        embed = table_embed(shot.table, shot.view, self.names.names)
        embed.timestamp = shot.changed_at  # "Today at 20:41": when the table last changed
        if picture.key is not None:
            show_picture(embed, TABLE_FILE)
        return embed

    @staticmethod
    def _shown(feed: TableFeed, shot: TableShot, picture: PictureChange) -> None:
        feed.picture_key = picture.key
        feed.shown_version = shot.version

    async def _final_view(self, feed: TableFeed, table: Table) -> Mapping[str, Any] | None:
        """A finished game's last public view (its final trick and scores), read once."""
        if table.status == "finished" and feed.final_view is None:
            feed.final_view = await self.service.final_view(table.id)
        return feed.final_view

    async def _picture(
        self,
        feed: TableFeed,
        shot: TableShot,
        shown: Mapping[str, Any] | None,
        settings: GuildSettings,
        *,
        fresh: bool = False,
    ) -> tuple[TableShot, PictureChange]:
        """The picture the table message needs, and the shot it shows.

        A file is drawn only when what the picture shows changed (or for a ``fresh``
        message); turning pictures off takes the one shown away. A picture that waits for
        a worker is drawn from the table as it is when the worker takes it (the shot
        becomes that newer one), so the wait delays no move made meanwhile. Waiting
        pictures are taken by how long they have owed a person's move; one with only
        computers' moves to show counts as owing from ``COMPUTER_MOVES_WAIT`` after it
        joined the line.
        """
        if shown is None or not settings.pictures:
            gone = feed.picture_key is not None and not fresh
            return shot, PictureChange(None, [] if gone else None)

        def plan(now: TableShot) -> PicturePlan:
            view = now.view if now.view is not None else shown
            tags = seat_tags(now.table, self.names.names)
            return PicturePlan(now, view, tags, picture_key(view, tags, settings.four_colour))

        chosen = plan(shot)
        if chosen.key == feed.picture_key and not fresh:
            return shot, PictureChange(chosen.key, None)

        def newest() -> tuple[Mapping[str, Any], Sequence[SeatTag]] | None:
            nonlocal chosen
            now = self._newer(feed, shot)
            if now is not None:
                chosen = plan(now)
            if chosen.key == feed.picture_key and not fresh:
                return None
            return chosen.view, chosen.tags

        joined = time.monotonic()

        def owed() -> float:  # a person's move first; computers' after COMPUTER_MOVES_WAIT
            since = [s for s in (shot.person_move_since, feed.person_move_since) if s is not None]
            return min(since, default=joined + COMPUTER_MOVES_WAIT)

        try:
            png = await self.drawer.table(newest, settings.four_colour, owed)
        except Exception:  # the text alone, rather than a picture that says something else
            log.exception("Table %d: its picture could not be drawn", shot.table.id)
            gone = feed.picture_key is not None or fresh
            return chosen.shot, PictureChange(None, [] if gone else None)
        if png is None:
            return chosen.shot, PictureChange(chosen.key, None)
        table = chosen.shot.table
        alt = f"{table.variant_name} table #{table.id}, as the message describes it"
        return chosen.shot, PictureChange(chosen.key, [picture_file(png, TABLE_FILE, alt)])

    def _newer(self, feed: TableFeed, shot: TableShot) -> TableShot | None:
        """The open table as stored now, if it changed since ``shot`` and shows the same
        people (whose names are known); None otherwise."""
        if shot.view is None or feed.version == shot.version:
            return None
        state = self.service.settled_public_state(shot.table.id)
        if state is None or state[1] is None or state[0].people != shot.table.people:
            return None
        return self._shot(feed, state)

    async def _post_news(
        self,
        feed: TableFeed,
        lines: Sequence[str],
        ping_lines: Sequence[str],
        pinged: Sequence[int],
    ) -> None:
        """Narration and pings in as few messages as fit; pings notify only those pinged.

        The first request's turn in the budget is already taken. A message that is only a
        turn ping replaces the table's previous ping-only message (deleted), so a long game
        does not fill the channel with pings.
        """
        channel_id = feed.channel_id or feed.table.thread_id or feed.table.channel_id
        channel = self.bot.get_partial_messageable(channel_id)
        once = dict.fromkeys(pinged)  # greeted and whose turn: Discord refuses a repeated id
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in once]
        )
        if not lines:
            sent = await channel.send("\n".join(ping_lines), allowed_mentions=mentions)
            old, feed.ping_message = feed.ping_message, sent.id
            if old is not None:
                await self.budget.take("news")
                await self._delete_quietly(channel, old)
            return
        kind: Kind = "urgent" if pinged else "news"
        for number, chunk in enumerate(chunks([*lines, *ping_lines])):
            if number:
                await self.budget.take(kind)
            await channel.send(chunk, allowed_mentions=mentions)

    @staticmethod
    async def _delete_quietly(channel: discord.PartialMessageable, message_id: int) -> None:
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException as exc:
            log.info("Old ping message %d not deleted: %s", message_id, exc)

    async def _refresh_hands(self, feed: TableFeed) -> None:
        closed = None if feed.table.is_open else feed.table
        if self.hands.tracked(feed.table.id):
            await self.names.ensure(feed.table.guild_id, feed.table.people)
            await self.hands.refresh(feed.table.id, closed)
        elif closed is not None:
            self.hands.forget(feed.table.id)

    # ----- life cycle ------------------------------------------------------------------------
    async def drain(self, timeout: float = 10.0) -> None:
        """Wait (up to ``timeout``) until every table's news is out."""
        async with asyncio.timeout(timeout):
            while True:
                workers = [w for f in self._feeds.values() for w in f.workers]
                if not workers:
                    return
                await asyncio.gather(*workers, return_exceptions=True)

    async def close(self, timeout: float = 5.0) -> None:
        """Flush what can be flushed in ``timeout`` seconds, then stop every worker."""
        try:
            await self.drain(timeout)
        except TimeoutError:
            log.warning("Publisher: some table messages were not updated before shutdown")
        self._closing = True
        workers = [w for f in self._feeds.values() for w in f.workers]
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        self._feeds.clear()


def _thread_of(table: Table, channel_id: int) -> int | None:
    return channel_id if channel_id != table.channel_id else None
