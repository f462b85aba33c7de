"""Each waiting member's private ``/play`` message, kept so that it can be changed when the
queue seats them: it then says where their table is, and its **Leave queue** button goes.

A private message can be edited only through the token of the interaction that sent it,
for 15 minutes: the token is kept (in memory, the newest per member), and a message older
than that stays as it is (its button then says the wait is over when pressed).
"""

from __future__ import annotations

import logging
import time

import discord

from bot.play_queue import OpenedTable
from bot.ui.play_queue.words import ready_text

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60.0
SAFETY_MARGIN = 60.0


class QueueMessages:
    """The newest private queue message of every waiting member, by (guild, member)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._tokens: dict[tuple[int, int], tuple[str, float]] = {}

    def remember(self, interaction: discord.Interaction, guild_id: int) -> None:
        """The answer to ``interaction`` (its original response) is the member's queue
        message now."""
        created = interaction.created_at.timestamp()
        self._tokens[(guild_id, interaction.user.id)] = (interaction.token, created)

    def forget(self, guild_id: int, user_id: int) -> None:
        """The member's queue message has been dealt with (they left the queue)."""
        self._tokens.pop((guild_id, user_id), None)

    async def seated(self, opened: OpenedTable) -> None:
        """Tell each member seated at ``opened`` where their table is, in their queue
        message (none left with a live Leave queue button)."""
        table, host = opened.table, opened.seating.host
        text = ready_text(table.id, table.thread_id or table.channel_id, host,
                          opened.seating.computers)
        for user_id in opened.seating.user_ids:
            kept = self._tokens.pop((table.guild_id, user_id), None)
            if kept is None or time.time() - kept[1] > TOKEN_LIFETIME - SAFETY_MARGIN:
                continue
            await self._edit(kept[0], text, table.id, user_id)

    async def _edit(self, token: str, text: str, table_id: int, user_id: int) -> None:
        application_id = self.client.application_id
        if application_id is None:
            return
        webhook = discord.Webhook.partial(application_id, token, client=self.client)
        try:
            await webhook.edit_message(  # type: ignore[call-overload]
                "@original", content=text, embed=None, view=None, attachments=[]
            )
        except discord.HTTPException as exc:  # dismissed by the member, or expired
            log.info("Queue message of %d (table %d) not updated: %s", user_id, table_id, exc)
