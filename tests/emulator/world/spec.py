"""What the emulated Discord looks like before a test starts: guilds, roles, channels, members.

Specs are plain frozen values; `GuildSpec.default()` is the club every end-to-end test
gets unless it asks for another (override the `guild_specs` fixture).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.emulator.world import permissions as perm


@dataclass(frozen=True)
class RoleSpec:
    """A guild role."""

    name: str
    permissions: int = 0
    colour: int = 0
    hoist: bool = False


@dataclass(frozen=True)
class OverwriteSpec:
    """A channel overwrite for a role name, a member name, or "@everyone"."""

    target: str
    allow: int = 0
    deny: int = 0


@dataclass(frozen=True)
class ChannelSpec:
    """A text channel."""

    name: str
    topic: str | None = None
    overwrites: tuple[OverwriteSpec, ...] = ()


@dataclass(frozen=True)
class MemberSpec:
    """A guild member; the name is also the user's username (one user per name)."""

    name: str
    roles: tuple[str, ...] = ()
    nick: str | None = None


@dataclass(frozen=True)
class GuildSpec:
    """A guild with its roles, channels and members; the bot is always a member."""

    name: str = "Bower Test Club"
    owner: str = "owner"
    everyone_permissions: int = perm.EVERYONE_DEFAULT
    bot_permissions: int = perm.BOT_DEFAULT
    roles: tuple[RoleSpec, ...] = (RoleSpec("Moderator", perm.MANAGE_GUILD, colour=0x3498DB),)
    channels: tuple[ChannelSpec, ...] = (
        ChannelSpec("general", topic="Say hello"),
        ChannelSpec("euchre", topic="Card tables"),
        ChannelSpec(
            "staff-only",
            topic="Moderators only",
            overwrites=(
                OverwriteSpec("@everyone", deny=perm.VIEW_CHANNEL),
                OverwriteSpec("Moderator", allow=perm.VIEW_CHANNEL),
                OverwriteSpec("Bower", allow=perm.VIEW_CHANNEL),
            ),
        ),
    )
    members: tuple[MemberSpec, ...] = field(
        default_factory=lambda: (
            MemberSpec("owner"),
            MemberSpec("alice", roles=("Moderator",)),
            MemberSpec("bob"),
            MemberSpec("carol"),
            MemberSpec("dave"),
            MemberSpec("erin"),
        )
    )

    shard: tuple[int, int] | None = None  # (shard, count): an id Discord puts on that shard

    @classmethod
    def default(cls) -> GuildSpec:
        """The standard test club: alice may Manage Server, bob … erin may not."""
        return cls()
