"""What the channel sees of a tournament: its sign-up message kept up to date, each
round's message, the notices and the final message, posted as the service tells of them.

Each update is handled in a task of its own (the service waits for nobody), one at a time
per tournament in the order they came. The final message goes out once: the store notes
it (``announced``), so a second end of the same tournament posts nothing more. Standings
pictures are drawn in the drawing workers (:mod:`bot.drawing`), never on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from functools import partial

import discord

from bot.pictures.standings import draw_standings
from bot.process_pool import run_off_loop
from bot.store.tournaments import RoundTable, TournamentRecord
from bot.tables import TableError
from bot.tournaments.models import CutRound, Standing
from bot.tournaments.rounds import layout_of, players_needed
from bot.tournaments.service import TournamentService, TournamentUpdate
from bot.ui.pictures import picture_file
from bot.ui.runtime import TableRuntime
from bot.ui.tournaments.common import (
    CONTENT_LIMIT,
    PICTURE_FILE,
    picture_alt,
    standings_embed,
    standings_title,
)
from bot.ui.tournaments.notices import (
    clock_text,
    dropped_text,
    ended_early_text,
    final_content,
    paused_text,
    resumed_text,
    waiting_text,
    winners_of,
)
from bot.ui.tournaments.rounds import round_embed, round_where
from bot.ui.tournaments.signup import signup_embed
from bot.ui.tournaments.views import round_view, signup_view
from bot.ui.views import as_view

log = logging.getLogger(__name__)

LINK_WAIT = 8.0  # seconds a round message waits for its tables' threads to link to
LINK_POLL = 0.25
CLOSE_WAIT = 5.0  # seconds closing waits for cancelled posts to end
NOTICES = ("clock", "paused", "resumed", "dropped", "waiting")


class TournamentPoster:
    """Posts and edits a tournament's messages in its channel."""

    def __init__(self, bot: discord.Client, runtime: TableRuntime,
                 service: TournamentService) -> None:
        self.bot = bot
        self.runtime = runtime
        self.service = service
        self._locks: dict[int, asyncio.Lock] = {}  # of tournaments with updates in hand
        self._in_hand: dict[int, int] = {}  # how many updates of each
        self._tasks: set[asyncio.Task[None]] = set()

    async def on_update(self, update: TournamentUpdate) -> None:
        """Handle ``update`` in the background, after this tournament's earlier ones."""
        task = asyncio.create_task(self._handle(update))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop posting (at shutdown): cancel every update in hand and wait for each to end
        (up to ``CLOSE_WAIT`` s, so a post that ignores cancellation cannot hold the stop)."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if not tasks:
            return
        done, pending = await asyncio.wait(tasks, timeout=CLOSE_WAIT)
        await asyncio.gather(*done, return_exceptions=True)  # collect every outcome
        if pending:
            log.warning("%d tournament update(s) still posting %.0f s after Bower stopped them",
                        len(pending), CLOSE_WAIT)

    async def idle(self) -> None:
        """Wait for every update in hand to be posted."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _handle(self, update: TournamentUpdate) -> None:
        record = update.tournament
        lock = self._locks.setdefault(record.id, asyncio.Lock())
        self._in_hand[record.id] = self._in_hand.get(record.id, 0) + 1
        try:
            async with lock:
                await self._post(update)
        except Exception:
            if getattr(self.bot, "closing", False) or self.bot.is_closed():
                log.info("Tournament %d: %s not posted: Bower is stopping", record.id,
                         update.reason)
            else:
                log.exception("Tournament %d: could not post %s", record.id, update.reason)
        finally:
            self._in_hand[record.id] -= 1
            if not self._in_hand[record.id]:  # nobody waits for the lock: forget both
                del self._in_hand[record.id], self._locks[record.id]

    async def _post(self, update: TournamentUpdate) -> None:
        record, reason = update.tournament, update.reason
        if reason in ("registered", "withdrawn", "finished", "ended") or (
            reason == "round" and record.round == 1
        ):
            await self.refresh_signup(record.id)
        if reason == "round":
            await self._round(update)
        elif reason in ("finished", "ended"):
            stored = await self.service.repo.get(record.id)
            if stored is not None and stored.announced == "final":
                return  # told twice: the final message is out already
            if record.round == 0:
                await self._send(record, ended_early_text(record))
            else:
                await self._final(record, update.standings, update.cut)
            await self.service.repo.set_announced(record.id, "final")
        elif reason in NOTICES:
            await self._send(record, await self._notice(update))

    async def _notice(self, update: TournamentUpdate) -> str:
        record = update.tournament
        if update.reason == "clock":
            return clock_text(record)
        if update.reason == "paused":
            return paused_text(record, update.user_id)
        if update.reason in ("resumed", "dropped"):
            tables = await self.service.repo.round_tables(record.id, record.round)
            if update.reason == "resumed":
                return resumed_text(record, all(t.scores is not None for t in tables))
            return dropped_text(record, update.user_id, any(
                update.user_id in t.seats and t.table_id is not None and t.scores is None
                for t in tables
            ))
        registered = len(await self.service.repo.players(record.id))
        return waiting_text(record, registered, players_needed(record))

    # ----- the channel --------------------------------------------------------------------
    async def channel(self, record: TournamentRecord) -> discord.abc.Messageable | None:
        """The tournament's channel, or None when Bower cannot reach it."""
        channel = self.bot.get_channel(record.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(record.channel_id)
            except discord.HTTPException as exc:
                log.warning("Tournament %d: channel %d: %s", record.id, record.channel_id, exc)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def _send(self, record: TournamentRecord, content: str) -> None:
        channel = await self.channel(record)
        if channel is not None:
            await channel.send(content[:CONTENT_LIMIT],
                               allowed_mentions=discord.AllowedMentions.none())

    async def names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """Display names of ``user_ids`` (looked up once when unknown)."""
        await self.runtime.names.ensure(guild_id, user_ids)
        return dict(self.runtime.names.names)

    # ----- the sign-up message ---------------------------------------------------------
    async def signup_message(
        self, record: TournamentRecord
    ) -> tuple[discord.Embed, discord.ui.View]:
        """The sign-up message's embed and buttons as they are now."""
        players = await self.service.repo.players(record.id)
        names = await self.names(record.guild_id, players)
        return signup_embed(record, players, names), as_view(signup_view(record))

    async def refresh_signup(self, tournament_id: int) -> None:
        """Show the sign-up message as the tournament is now."""
        record = await self.service.get(tournament_id)
        if record.message_id is None:
            return
        channel = await self.channel(record)
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            return
        embed, view = await self.signup_message(record)
        message = channel.get_partial_message(record.message_id)
        try:
            await message.edit(embed=embed, view=view)
        except discord.NotFound:
            log.info("Tournament %d: its sign-up message is gone", record.id)

    # ----- pictures ----------------------------------------------------------------------
    async def picture(
        self, record: TournamentRecord, standings: Sequence[Standing],
        names: Mapping[int, str], *, final: bool,
    ) -> discord.File | None:
        """The standings picture as an attachment (None when the server has pictures off)."""
        settings = await self.runtime.service.settings.get(record.guild_id)
        if not settings.pictures or not standings:
            return None
        title = standings_title(record, standings)
        draw = partial(draw_standings, title, list(standings), dict(names), final=final)
        png = await run_off_loop(self.runtime.drawer.executor, draw)
        alt = picture_alt(record, standings, names, final=final)
        return picture_file(png, PICTURE_FILE, alt)

    # ----- rounds ------------------------------------------------------------------------
    async def where(self, record: TournamentRecord, tables: Sequence[RoundTable],
                    *, wait: float = 0.0) -> dict[int, str]:
        """Table id → a link to each table (waiting up to ``wait`` s for all to be posted)."""
        found: dict[int, str] = {}
        deadline = asyncio.get_running_loop().time() + wait
        while True:
            for table in tables:
                if table.table_id is None or table.table_id in found:
                    continue
                try:
                    live = await self.runtime.service.get(table.table_id)
                except TableError:
                    found[table.table_id] = f"table #{table.table_id}"
                    continue
                if live.thread_id or live.message_id or wait <= 0:
                    found[table.table_id] = round_where(
                        record.guild_id, live.id, live.channel_id, live.thread_id,
                        live.message_id)
            done = all(t.table_id is None or t.table_id in found for t in tables)
            if done or asyncio.get_running_loop().time() >= deadline:
                return found
            await asyncio.sleep(LINK_POLL)

    async def _round(self, update: TournamentUpdate) -> None:
        record = update.tournament
        number = record.round
        tables = list(update.tables) or await self.service.repo.round_tables(record.id, number)
        people = [u for t in tables for u in t.seats if u is not None]
        names = await self.names(record.guild_id,
                                 [*people, *update.byes, *(s.user_id for s in update.standings)])
        drawing = None
        if number > 1 and update.standings:
            drawing = asyncio.create_task(
                self.picture(record, update.standings, names, final=False))
        where = await self.where(record, tables, wait=LINK_WAIT)
        file = await drawing if drawing is not None else None
        embed = round_embed(
            record, number, tables, update.byes, layout_of(record.variant, record.players),
            names, where, update.standings, picture=file is not None,
        )
        channel = await self.channel(record)
        if channel is None:
            return
        await channel.send(embed=embed, view=as_view(round_view(record.id, number)),
                           files=[file] if file else [],
                           allowed_mentions=discord.AllowedMentions.none())
        await self.service.repo.set_announced(record.id, f"round {number}")

    # ----- the end ------------------------------------------------------------------------
    async def _final(
        self, record: TournamentRecord, standings: Sequence[Standing], cut: CutRound | None
    ) -> None:
        names = await self.names(record.guild_id, [s.user_id for s in standings])
        file = await self.picture(record, standings, names, final=True)
        embed = standings_embed(record, standings, names, final=True,
                                picture=file is not None)
        channel = await self.channel(record)
        if channel is None:
            return
        winners = winners_of(standings)
        await channel.send(
            final_content(record, standings, cut), embed=embed, files=[file] if file else [],
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in winners]),
        )
