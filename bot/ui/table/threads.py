"""Where a table's message goes: its own thread when the guild wants threads and the bot
may create them there, else the channel the table was opened in."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from typing import Literal

import discord

from bot.tables import TableService
from bot.tables.models import Table
from bot.ui.table.posting import (
    announces_table,
    carries_table,
    find_own,
    is_past_nonces,
    post_nonce,
    shows,
)
from bot.ui.views import StaticView, as_view

log = logging.getLogger(__name__)

ARCHIVE_AFTER_MINUTES: Literal[1440] = 1440
THREAD_ARCHIVED = 50083
THREAD_EXISTS = 160004
#: How long a table restored at start-up waits for the guilds before choosing where to post.
READY_WAIT = 10.0


async def open_table_message(
    bot: discord.Client,
    service: TableService,
    table: Table,
    embed: discord.Embed,
    controls: StaticView,
    files: Sequence[discord.File] = (),
) -> tuple[int, int]:
    """Post the table message (with its picture); returns (channel or thread id, message
    id). Repeatable: a post repeated before its id was stored gives the first message
    back, brought up to date (:mod:`bot.ui.table.posting`)."""
    target_id = table.thread_id or table.channel_id
    if table.thread_id is None and await wants_thread(bot, service, table):
        try:
            target_id = await start_thread(bot, table)
        except discord.HTTPException as exc:
            log.warning("Table %d: could not open a thread (%s); using the channel", table.id, exc)
    target = bot.get_partial_messageable(target_id)
    message = None
    if is_past_nonces(table):
        message = await find_own(bot, target, lambda m: carries_table(m, table.id))
    if message is None:
        message = await target.send(
            embed=embed, view=as_view(controls), files=list(files), nonce=post_nonce(table, "table")
        )
    if not shows(message, embed):  # posted before the restart: show the table as it is now
        log.info("Table %d: its message %d was posted before; updating it", table.id, message.id)
        for file in files:
            file.reset()  # the post that was answered with the old message read them
        await message.edit(embed=embed, view=as_view(controls), attachments=list(files))
    return target_id, message.id


async def wants_thread(bot: discord.Client, service: TableService, table: Table) -> bool:
    """Whether the guild asks for table threads (a tournament's tables always do) and the
    bot may start and post in one."""
    settings = await service.settings.get(table.guild_id)
    if not settings.use_threads and table.event_name is None:
        return False
    channel = bot.get_channel(table.channel_id)
    if channel is None and not bot.is_ready():  # a table restored before the guilds came
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(bot.wait_until_ready(), READY_WAIT)
        channel = bot.get_channel(table.channel_id)
    if not isinstance(channel, discord.TextChannel):
        return False
    me = channel.guild.me
    if me is None:
        return False
    allowed = channel.permissions_for(me)
    return allowed.create_public_threads and allowed.send_messages_in_threads


def thread_announcement(table: Table) -> str:
    """The channel's line that leads to a table's thread."""
    if table.event_name:
        return f"🏆 **{table.event_name}** (table #{table.id}) is on: play in the thread."
    return f"🃏 **{table.variant_name}** table #{table.id} is open: join in the thread."


async def start_thread(bot: discord.Client, table: Table) -> int:
    """Announce the table in its channel and open a thread on that announcement (the
    announcement and thread of an earlier try, if there are any)."""
    channel = bot.get_channel(table.channel_id)
    assert isinstance(channel, discord.TextChannel)
    starter = None
    if is_past_nonces(table):
        starter = await find_own(bot, channel, lambda m: announces_table(m, table.id))
    if starter is None:
        starter = await channel.send(
            thread_announcement(table),
            allowed_mentions=discord.AllowedMentions.none(),
            nonce=post_nonce(table, "thread"),
        )
    try:
        thread = await starter.create_thread(
            name=(table.event_name or f"{table.variant_name} · table #{table.id}")[:100],
            auto_archive_duration=ARCHIVE_AFTER_MINUTES,
        )
    except discord.HTTPException as exc:
        if exc.code != THREAD_EXISTS:
            raise
        return starter.id  # opened by the earlier try: a message's thread has its id
    return thread.id


async def reopen_if_archived(
    bot: discord.Client, exc: discord.HTTPException, thread_id: int
) -> bool:
    """Unarchive a table's thread after Discord refused a post for that; True if done."""
    if exc.code != THREAD_ARCHIVED:
        return False
    try:
        await bot.http.edit_channel(thread_id, archived=False)
    except discord.HTTPException as error:
        log.warning("Could not reopen archived thread %d: %s", thread_id, error)
        return False
    return True
