"""Posting a table's message so that posting it again finds the first: one table, one message.

The bot may post a table's message (or its thread's announcement) and stop before it
stores the message's id: a restart right after ``/table create``, or an answer lost on the
way back. Posting again must not leave a second message with live buttons. Two guards:

- every post carries a nonce derived from the table, what is posted and the message it
  replaces (none at first; after a message was deleted, the deleted one's id, so a new
  post is not taken for the old one). Discord checks nonces with ``enforce_nonce`` for a
  few minutes and answers a repeated post with the message it created the first time;
- past that window (a table older than :data:`NONCE_TRUSTED`), Bower first looks among
  the latest messages where it would post for its own message of that table.

A message found either way is brought up to date by the caller (:func:`shows`).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime

import discord

from bot.tables.models import Table
from bot.ui.custom_ids import PREFIX

log = logging.getLogger(__name__)

#: How long after a table was created its first post relies on Discord's nonce check
#: (Discord keeps nonces "a few minutes").
NONCE_TRUSTED = 60.0
#: How many of the latest messages are searched for a table's own message.
LOOKBACK = 50


def post_nonce(table: Table, kind: str) -> str:
    """The nonce of posting ``kind`` ("table", "thread") for ``table``: digits, at most 20
    characters (Discord allows 25), the same each time the same post is repeated.

    Discord remembers nonces per author, the bot user of every shard: the guild is part of
    the seed so that processes of a cluster keeping their tables apart never collide."""
    seed = f"bower:{kind}:{table.guild_id}:{table.id}:{table.message_id or 0}"
    digest = hashlib.blake2b(seed.encode(), digest_size=8).digest()
    return str(int.from_bytes(digest, "big"))


def is_past_nonces(table: Table, now: datetime | None = None) -> bool:
    """Whether ``table`` was created longer ago than a nonce is trusted to be remembered."""
    try:
        created = datetime.fromisoformat(table.created_at)
    except ValueError:
        return False
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    return ((now or datetime.now(UTC)) - created).total_seconds() > NONCE_TRUSTED


def carries_table(message: discord.Message, table_id: int) -> bool:
    """Whether ``message`` has a control of table ``table_id`` (its table message)."""
    prefix = f"{PREFIX}:table:{table_id}:"
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if str(getattr(item, "custom_id", "") or "").startswith(prefix):
                return True
    return False


def announces_table(message: discord.Message, table_id: int) -> bool:
    """Whether ``message`` is the channel's announcement of table ``table_id``'s thread."""
    return f"table #{table_id} is open" in message.content or (
        f"(table #{table_id}) is on" in message.content
    )


async def find_own(
    bot: discord.Client,
    place: discord.abc.Messageable,
    wanted: Callable[[discord.Message], bool],
) -> discord.Message | None:
    """The newest of the bot's own latest messages in ``place`` that ``wanted`` accepts."""
    me = bot.user
    try:
        async for message in place.history(limit=LOOKBACK):
            if me is not None and message.author.id == me.id and wanted(message):
                return message
    except discord.HTTPException as exc:  # no history to read: post as before
        log.info("Could not look for an earlier table message: %s", exc)
    return None


def shows(message: discord.Message, embed: discord.Embed) -> bool:
    """Whether ``message`` already says what ``embed`` says (a repeated post answered
    with the first message shows what was posted then)."""
    if not message.embeds:
        return False
    shown = message.embeds[0]
    fields = [(f.name, f.value) for f in shown.fields]
    return (
        shown.title == embed.title
        and shown.description == embed.description
        and fields == [(f.name, f.value) for f in embed.fields]
        and shown.footer.text == embed.footer.text
    )
