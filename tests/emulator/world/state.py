"""The emulator's world: the application, its bot user, guilds, channels and messages.

`World` is built from `GuildSpec`s and is the one place state changes; every change calls
`changed()`, which wakes anything waiting in `wait_changed()` (the member API's waits).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tests.emulator.errors import unknown_channel, unknown_message
from tests.emulator.world import permissions as perm
from tests.emulator.world.guild import Guild
from tests.emulator.world.model import DM, TEXT, Channel, Member, Message, Role, User
from tests.emulator.world.nonces import NonceBook
from tests.emulator.world.snowflakes import Clock, Snowflakes
from tests.emulator.world.spec import GuildSpec

Json = dict[str, Any]


@dataclass
class Application:
    """The bot's application: id, name, owner and (privileged) intents it may use."""

    id: int
    name: str
    bot: User
    owner: User
    token: str
    privileged_intents: int = 0

    def payload(self) -> Json:
        """Application object as GET /oauth2/applications/@me returns it."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "description": "Euchre-family card games",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": self._flags(),
            "owner": self.owner.payload(),
            "team": None,
            "bot": self.bot.payload(),
            "rpc_origins": [],
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": 1,
            "integration_types_config": {"0": {}},
            "install_params": None,
            "hook": True,
            "is_monetized": False,
        }

    def _flags(self) -> int:
        # GATEWAY_GUILD_MEMBERS_LIMITED (1 << 15), GATEWAY_MESSAGE_CONTENT_LIMITED (1 << 19)
        flags = 0
        if self.privileged_intents & (1 << 1):
            flags |= 1 << 15
        if self.privileged_intents & (1 << 15):
            flags |= 1 << 19
        return flags


@dataclass
class CommandStore:
    """Registered application commands, global and per guild, plus when they were synced."""

    global_commands: list[Json] = field(default_factory=list)
    guild_commands: dict[int, list[Json]] = field(default_factory=dict)
    syncs: list[tuple[float, int | None]] = field(default_factory=list)  # (monotonic, guild)

    def scope(self, guild_id: int | None) -> list[Json]:
        """The command list of one scope (None = global)."""
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.setdefault(guild_id, [])

    def visible_in(self, guild_id: int) -> list[Json]:
        """Commands a member of the guild can use: the guild's, then global ones."""
        return [*self.guild_commands.get(guild_id, []), *self.global_commands]


class World:
    """All state of the emulated Discord."""

    def __init__(self, specs: Iterable[GuildSpec], *, privileged_intents: int = 0) -> None:
        self.clock = Clock()
        self.ids = Snowflakes(self.clock)
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.nonces = NonceBook()
        self.commands = CommandStore()
        self.base_url = ""
        self.listeners: list[Callable[[str, Json], None]] = []
        self._version = 0
        self._event = asyncio.Event()
        bot = User(self.ids.next(), "Bower", bot=True)
        owner = self.user("developer")
        token = f"{bot.id}.emulated.{secrets.token_urlsafe(24)}"
        self.users[bot.id] = bot
        self.app = Application(self.ids.next(), "Bower", bot, owner, token, privileged_intents)
        for spec in specs:
            self._build_guild(spec)

    # ----- change notification -------------------------------------------------------
    def changed(self) -> None:
        """Note that something visible changed and wake every waiter."""
        self._version += 1
        self._event.set()
        self._event = asyncio.Event()

    def dispatch(self, event: str, data: Json) -> None:
        """Hand a gateway event to every listener (the gateway sessions)."""
        for listener in self.listeners:
            listener(event, data)

    def message_event(self, event: str, message: Message) -> None:
        """Dispatch MESSAGE_CREATE / MESSAGE_UPDATE for a public message."""
        if message.ephemeral:
            return
        data = message.payload()
        guild = self.guilds.get(message.guild_id) if message.guild_id else None
        if guild is not None and message.author.id in guild.members:
            data["member"] = guild.members[message.author.id].payload(with_user=False)
        self.dispatch(event, data)

    async def wait_changed(self, timeout: float) -> None:
        """Wait until the next change, or `timeout` seconds."""
        event = self._event
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    # ----- lookup -------------------------------------------------------------------
    @property
    def bot(self) -> User:
        """The bot user."""
        return self.app.bot

    def user(self, name: str) -> User:
        """The user called `name`, created on first use."""
        for user in self.users.values():
            if user.username == name and not user.bot:
                return user
        user = User(self.ids.next(), name)
        self.users[user.id] = user
        return user

    def channel(self, channel_id: int) -> Channel:
        """A channel by id, or Discord's Unknown Channel."""
        try:
            return self.channels[channel_id]
        except KeyError:
            raise unknown_channel() from None

    def message(self, channel_id: int, message_id: int) -> Message:
        """A live message of a channel, or Unknown Message."""
        message = self.messages.get(message_id)
        if message is None or message.channel_id != channel_id or message.deleted:
            raise unknown_message()
        return message

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild a channel belongs to (None for DMs)."""
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def bot_permissions(self, channel: Channel) -> int:
        """What the bot may do in a channel."""
        guild = self.guild_of(channel)
        if guild is None:
            return perm.VIEW_CHANNEL | perm.SEND_MESSAGES | perm.EMBED_LINKS | perm.ATTACH_FILES
        return guild.permissions_in(guild.members[self.bot.id], channel)

    # ----- changes --------------------------------------------------------------------
    def add_message(self, message: Message) -> Message:
        """Store a new message at the end of its channel."""
        channel = self.channels[message.channel_id]
        self.messages[message.id] = message
        channel.message_ids.append(message.id)
        if not message.ephemeral:
            channel.last_message_id = message.id
        self.message_event("MESSAGE_CREATE", message)
        self.changed()
        return message

    def delete_message(self, message: Message) -> None:
        """Mark a message deleted (it disappears for everyone)."""
        message.deleted = True
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            self.dispatch("MESSAGE_DELETE", data)
        self.changed()

    def add_channel(self, channel: Channel) -> Channel:
        """Store a new channel (thread or DM) and index it."""
        self.channels[channel.id] = channel
        guild = self.guild_of(channel)
        if guild is not None:
            guild.channels[channel.id] = channel
            if channel.is_thread:
                self.dispatch("THREAD_CREATE", {**channel.payload(), "newly_created": True})
        self.changed()
        return channel

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and `user`, created on first use."""
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient is user:
                return channel
        return self.add_channel(Channel(self.ids.next(), DM, "", None, recipient=user))

    def _build_guild(self, spec: GuildSpec) -> None:
        now = self.clock.iso()
        owner = self.user(spec.owner)
        guild_id = self.ids.next_on_shard(*spec.shard) if spec.shard else self.ids.next()
        guild = Guild(guild_id, spec.name, owner.id, now)
        guild.roles[guild.id] = Role(guild.id, "@everyone", spec.everyone_permissions, 0)
        for position, role_spec in enumerate(spec.roles, start=1):
            role = Role(
                self.ids.next(),
                role_spec.name,
                role_spec.permissions,
                position,
                role_spec.colour,
                role_spec.hoist,
            )
            guild.roles[role.id] = role
        bot_role = Role(
            self.ids.next(), self.app.name, spec.bot_permissions, len(spec.roles) + 1, managed=True
        )
        guild.roles[bot_role.id] = bot_role
        role_ids = {role.name: role.id for role in guild.roles.values()}
        for member_spec in spec.members:
            user = self.user(member_spec.name)
            roles = [role_ids[name] for name in member_spec.roles]
            guild.members[user.id] = Member(user, guild.id, roles, now, member_spec.nick)
        if owner.id not in guild.members:
            guild.members[owner.id] = Member(owner, guild.id, [], now)
        guild.members[self.bot.id] = Member(self.bot, guild.id, [bot_role.id], now)
        self.guilds[guild.id] = guild
        targets = {**{m.user.username: m.id for m in guild.members.values()}, **role_ids}
        targets["@everyone"] = guild.id
        for position, channel_spec in enumerate(spec.channels):
            overwrites = [
                perm.Overwrite(targets[o.target], 0 if o.target in role_ids else 1, o.allow, o.deny)
                for o in channel_spec.overwrites
            ]
            channel = Channel(
                self.ids.next(),
                TEXT,
                channel_spec.name,
                guild.id,
                position,
                channel_spec.topic,
                overwrites=overwrites,
                created_at=now,
            )
            self.add_channel(channel)
