"""A guild: its roles, channels and members, permissions, and the GUILD_CREATE payload."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.emulator.world import permissions as perm
from tests.emulator.world.model import PRIVATE_THREAD, Channel, Member, Role

Json = dict[str, Any]


@dataclass
class Guild:
    """A guild and everything in it."""

    id: int
    name: str
    owner_id: int
    created_at: str
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)

    @property
    def everyone(self) -> Role:
        """The @everyone role (its id is the guild id)."""
        return self.roles[self.id]

    def base_permissions(self, member: Member) -> int:
        """The member's guild-wide permissions."""
        return perm.guild_permissions(
            is_owner=member.id == self.owner_id,
            everyone=self.everyone.permissions,
            role_permissions=(self.roles[r].permissions for r in member.role_ids),
        )

    def permissions_in(self, member: Member, channel: Channel) -> int:
        """The member's permissions in a channel (threads use their parent's overwrites)."""
        source = channel
        if channel.is_thread and channel.parent_id is not None:
            source = self.channels[channel.parent_id]
        value = perm.channel_permissions(
            self.base_permissions(member),
            source.overwrites,
            everyone_id=self.id,
            role_ids=member.role_ids,
            member_id=member.id,
        )
        outsider = member.id not in channel.thread_member_ids
        if channel.type == PRIVATE_THREAD and outsider and not perm.has(value, perm.MANAGE_THREADS):
            return 0
        return value

    def payload(self, *, members: list[Member], threads: bool = True) -> Json:
        """The full guild object of GUILD_CREATE."""
        regular = [c for c in self.channels.values() if not c.is_thread]
        active = [c for c in self.channels.values() if c.is_thread and not c.archived]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 1,
            "default_message_notifications": 1,
            "explicit_content_filter": 2,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "features": [],
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "vanity_url_code": None,
            "premium_progress_bar_enabled": False,
            "safety_alerts_channel_id": None,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "joined_at": self.created_at,
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in regular],
            "threads": [c.payload() for c in active] if threads else [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "application_command_counts": {},
        }

    def partial(self) -> Json:
        """The partial guild embedded in interactions."""
        return {"id": str(self.id), "locale": "en-US", "features": []}
