"""A stand-in for the discord.py client, recording what the publisher sends and edits."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from typing import Any

import discord


@dataclass
class Sent:
    """One message the fake bot holds."""

    id: int
    channel_id: int
    content: str | None = None
    embed: discord.Embed | None = None
    edits: int = 0
    deleted: bool = False
    nonce: str | None = None
    mentioned: list[int] = field(default_factory=list)  # allowed_mentions.users

    @property
    def embeds(self) -> list[discord.Embed]:
        """The message's embeds, as discord.py's ``Message`` has them."""
        return [self.embed] if self.embed is not None else []

    async def edit(self, **kwargs: Any) -> None:
        """Edit in place (for a message found again rather than posted)."""
        self.embed, self.edits = kwargs.get("embed"), self.edits + 1


@dataclass
class FakeBot:
    """Channels that accept sends, edits and deletes, each taking ``delay`` seconds."""

    delay: float = 0.0
    fail_edits: int = 0
    messages: dict[int, Sent] = field(default_factory=dict)
    ids: Any = field(default_factory=lambda: itertools.count(1000))
    http: Any = None

    def get_partial_messageable(self, channel_id: int) -> FakeChannel:
        return FakeChannel(self, channel_id)

    def get_channel(self, channel_id: int) -> None:
        return None

    def is_ready(self) -> bool:
        return True

    def channel_messages(self, channel_id: int) -> list[Sent]:
        return [m for m in self.messages.values() if m.channel_id == channel_id and not m.deleted]


@dataclass
class FakeChannel:
    bot: FakeBot
    id: int

    async def send(self, content: str | None = None, **kwargs: Any) -> Sent:
        await asyncio.sleep(self.bot.delay)
        nonce = kwargs.get("nonce")
        earlier = next((m for m in self.bot.messages.values() if nonce and m.nonce == nonce), None)
        if earlier is not None and not earlier.deleted:  # Discord's enforce_nonce
            return earlier
        users = getattr(kwargs.get("allowed_mentions"), "users", None)
        mentioned = [user.id for user in users] if isinstance(users, list) else []
        if len(set(mentioned)) != len(mentioned):  # uniqueItems in Discord's API description
            refusal = {"message": "Invalid Form Body", "code": 50035}
            raise discord.HTTPException(_Response(400, "Bad Request"), refusal)
        message = Sent(next(self.bot.ids), self.id, content, kwargs.get("embed"), nonce=nonce,
                       mentioned=mentioned)
        self.bot.messages[message.id] = message
        return message

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return FakeMessage(self.bot, message_id)


@dataclass
class FakeMessage:
    bot: FakeBot
    id: int

    async def edit(self, **kwargs: Any) -> None:
        await asyncio.sleep(self.bot.delay)
        if self.bot.fail_edits > 0:
            self.bot.fail_edits -= 1
            raise discord.HTTPException(_Response(500), {"message": "boom", "code": 0})
        message = self.bot.messages[self.id]
        message.embed, message.edits = kwargs.get("embed"), message.edits + 1

    async def delete(self) -> None:
        self.bot.messages[self.id].deleted = True


@dataclass
class _Response:
    status: int
    reason: str = "Server Error"
    headers: dict[str, str] = field(default_factory=dict)
