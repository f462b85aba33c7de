"""The emulated Discord's data: users, guilds, roles, members, channels and messages.

Each object renders itself as the JSON payload Discord sends (`payload()`), including
the fields discord.py 2.7 requires (member `flags`, role `colors`, …).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.emulator.client import components as comp
from tests.emulator.world import permissions as perm

Json = dict[str, Any]

TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15


@dataclass
class User:
    """A Discord user (a person or the bot)."""

    id: int
    username: str
    bot: bool = False
    global_name: str | None = None

    def payload(self) -> Json:
        """User object."""
        data: Json = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name or self.username,
            "avatar": None,
            "avatar_decoration_data": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "flags": 0,
            "collectibles": None,
            "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __str__(self) -> str:
        return self.username


@dataclass
class Role:
    """A guild role."""

    id: int
    name: str
    permissions: int
    position: int
    colour: int = 0
    hoist: bool = False
    managed: bool = False

    def payload(self) -> Json:
        """Role object."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": self.colour,
            "colors": {
                "primary_color": self.colour,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": self.hoist,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class Member:
    """A user's membership of a guild."""

    user: User
    guild_id: int
    role_ids: list[int]
    joined_at: str
    nick: str | None = None

    @property
    def id(self) -> int:
        """The user id."""
        return self.user.id

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> Json:
        """Guild member object (with `permissions` when inside an interaction)."""
        data: Json = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(role_id) for role_id in self.role_ids],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class Channel:
    """A text channel, thread or DM channel."""

    id: int
    type: int
    name: str
    guild_id: int | None
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    overwrites: list[perm.Overwrite] = field(default_factory=list)
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    created_at: str | None = None
    thread_member_ids: set[int] = field(default_factory=set)
    recipient: User | None = None
    last_message_id: int | None = None
    message_ids: list[int] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        """True for public and private threads."""
        return self.type in THREAD_TYPES

    def payload(self) -> Json:
        """Channel object."""
        data: Json = {
            "id": str(self.id),
            "type": self.type,
            "flags": 0,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
        }
        if self.type == DM:
            assert self.recipient is not None
            data["recipients"] = [self.recipient.payload()]
            return data
        data.update(
            {
                "guild_id": str(self.guild_id),
                "name": self.name,
                "nsfw": False,
                "rate_limit_per_user": 0,
                "parent_id": str(self.parent_id) if self.parent_id else None,
            }
        )
        if self.is_thread:
            data.update(
                {
                    "owner_id": str(self.owner_id),
                    "message_count": len(self.message_ids),
                    "total_message_sent": len(self.message_ids),
                    "member_count": len(self.thread_member_ids),
                    "thread_metadata": {
                        "archived": self.archived,
                        "locked": self.locked,
                        "auto_archive_duration": 1440,
                        "archive_timestamp": self.created_at,
                        "create_timestamp": self.created_at,
                        "invitable": False,
                    },
                }
            )
        else:
            data.update(
                {
                    "position": self.position,
                    "topic": self.topic,
                    "permission_overwrites": [o.payload() for o in self.overwrites],
                    "default_auto_archive_duration": 1440,
                }
            )
        return data


@dataclass
class Attachment:
    """An uploaded file, served back by the emulator at `url`."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    def payload(self, *, ephemeral: bool = False) -> Json:
        """Attachment object."""
        data: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        if ephemeral:
            data["ephemeral"] = True
        return data


@dataclass
class Message:
    """A message as Discord keeps it; ephemeral ones are visible to one user only."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    timestamp: str
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: Json | None = None
    interaction: Json | None = None
    ephemeral_for: int | None = None
    deleted: bool = False
    edits: int = 0
    nonce: str | None = None

    @property
    def ephemeral(self) -> bool:
        """True if only `ephemeral_for` can see it."""
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        """True while a deferred response still shows "… is thinking"."""
        return bool(self.flags & LOADING)

    @property
    def embed(self) -> Json | None:
        """The first embed, or None."""
        return self.embeds[0] if self.embeds else None

    @property
    def text(self) -> str:
        """Everything a reader sees as text: content, embeds and text displays."""
        parts = [self.content] + [comp.embed_text(embed) for embed in self.embeds]
        parts += comp.text_displays(self.components)
        return "\n".join(part for part in parts if part)

    def buttons(self) -> list[Json]:
        """Every button on the message, in reading order."""
        return [c for c in comp.walk(self.components) if c.get("type") == comp.BUTTON]

    def selects(self) -> list[Json]:
        """Every select menu on the message, in reading order."""
        return [c for c in comp.walk(self.components) if c.get("type") in comp.SELECTS]

    def payload(self) -> Json:
        """Message object."""
        data: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(ephemeral=self.ephemeral) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.interaction is not None:
            data["interaction"] = self.interaction
        if self.nonce is not None:
            data["nonce"] = self.nonce
        return data

    def __repr__(self) -> str:
        scope = f"ephemeral for {self.ephemeral_for}" if self.ephemeral else "public"
        return f"<Message {self.id} {scope} {self.text[:60]!r}>"
