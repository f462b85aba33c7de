"""Posting moderator actions in a server's mod-log channel (the ``modlog_channel`` setting).

Every cog that carries out a moderator action calls :func:`announce_mod_actions` after it
(the action is already logged, in the store's own transaction). It posts every action of
that server newer than the last one announced, oldest first, one line each, worded as
``/modlog`` words them (a change of the channel itself is also posted in the channel the
log moves away from, so it is never moved or turned off unseen). What was announced is
kept in memory per server, starting from the newest action in the log when the moderation
cog loads, so old actions are never posted again after a restart; a lock per server stops
two moderators acting at once from posting the same line twice. Nothing here ever raises
to the caller: a missing channel or permission is logged as a warning (and those actions
are not retried).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

import discord

from bot.store.moderation.modlog import ModAction, ModLogRepository
from bot.ui.moderation.modlog import announcement_lines

from ..store_access import database, settings_repository

log = logging.getLogger(__name__)


class ModLogAnnouncer:
    """One bot's high-water marks (the newest action announced, per server) and locks."""

    def __init__(self, bot: Any, baseline: int) -> None:
        self.bot = bot
        self.baseline = baseline
        self.marks: dict[int, int] = {}
        self.locks: dict[int, asyncio.Lock] = {}

    async def announce(self, guild_id: int) -> int:
        """Post the server's actions newer than its mark; returns how many were new."""
        lock = self.locks.setdefault(guild_id, asyncio.Lock())
        async with lock:
            mark = self.marks.get(guild_id, self.baseline)
            actions = await ModLogRepository(database(self.bot)).after(guild_id, mark)
            if not actions:
                return 0
            # Marked before posting: a channel that fails is warned about, not retried.
            self.marks[guild_id] = actions[-1].id
            settings = await settings_repository(self.bot).get(guild_id)
            for channel_id, listed in destinations(actions, settings.modlog_channel).items():
                await self._post(guild_id, channel_id, listed)
            return len(actions)

    async def _post(self, guild_id: int, channel_id: int, actions: list[ModAction]) -> None:
        """Post ``actions`` in one channel, one line each; a failure is a warning."""
        channel = await self._channel(guild_id, channel_id)
        if channel is None:
            return
        for text in announcement_lines(actions):
            try:
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as error:
                log.warning(
                    "Guild %d: could not post moderator actions in mod-log channel %d: %s",
                    guild_id,
                    channel_id,
                    error,
                )
                return

    async def _channel(self, guild_id: int, channel_id: int) -> Any:
        """The server's mod-log channel, or None (warned about) if it cannot be used."""
        channel: Any = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException as error:
                log.warning(
                    "Guild %d: mod-log channel %d is missing or hidden from Bower: %s",
                    guild_id,
                    channel_id,
                    error,
                )
                return None
        in_guild = getattr(getattr(channel, "guild", None), "id", None) == guild_id
        if not in_guild or not callable(getattr(channel, "send", None)):
            log.warning(
                "Guild %d: mod-log channel %d is not a text channel of this server",
                guild_id,
                channel_id,
            )
            return None
        return channel


def destinations(actions: list[ModAction], current: int) -> dict[int, list[ModAction]]:
    """Where each action is posted: the mod-log channel in effect right after it (the one
    set now, traced back through the ``modlog_channel`` changes among ``actions``) and, for
    a change of ``modlog_channel`` itself, also the channel it moved away from, so the log
    is never moved or turned off unseen. Channel id → its actions, oldest first."""
    targets: list[tuple[ModAction, list[int]]] = []
    effective = current
    for action in reversed(actions):
        where = [effective] if effective else []
        if _is_channel_change(action):
            before = action.detail.get("old")
            before = before if type(before) is int and before > 0 else 0
            if before and before != effective:
                where.append(before)
            effective = before
        targets.append((action, where))
    posts: dict[int, list[ModAction]] = {}
    for action, where in reversed(targets):
        for channel_id in where:
            posts.setdefault(channel_id, []).append(action)
    return posts


def _is_channel_change(action: ModAction) -> bool:
    return action.kind == "setting" and action.detail.get("key") == "modlog_channel"


_ANNOUNCERS: weakref.WeakKeyDictionary[Any, ModLogAnnouncer] = weakref.WeakKeyDictionary()


async def start_announcing(bot: Any) -> ModLogAnnouncer:
    """Set the bot's announcer up: nothing already in the log will be posted."""
    baseline = await ModLogRepository(database(bot)).newest_id()
    announcer = ModLogAnnouncer(bot, baseline)
    _ANNOUNCERS[bot] = announcer
    return announcer


def stop_announcing(bot: Any) -> None:
    """Forget the bot's announcer (the moderation cog unloading)."""
    _ANNOUNCERS.pop(bot, None)


async def announce_mod_actions(bot: Any, guild_id: int) -> None:
    """Post the server's new moderator actions in its mod-log channel, if it has one.

    Call it after every moderator action. Never raises: failures are logged. Does
    nothing while the moderation cog is not loaded.
    """
    announcer = _ANNOUNCERS.get(bot)
    if announcer is None:
        log.debug("Guild %d: moderator actions not announced (moderation cog not loaded)", guild_id)
        return
    try:
        await announcer.announce(guild_id)
    except Exception:
        if bot.is_closed():  # stopping: the database may be closed; the log keeps them
            log.info("Guild %d: moderator actions not announced: Bower is stopping", guild_id)
            return
        log.exception("Guild %d: could not announce moderator actions", guild_id)
