"""Discord permission bits and the guild → channel permission computation."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

ALL = (1 << 52) - 1

#: What @everyone may do in a freshly created community server.
EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)

#: What Bower's invite link asks for.
BOT_DEFAULT = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
    | MANAGE_THREADS
    | USE_APPLICATION_COMMANDS
)


@dataclass(frozen=True)
class Overwrite:
    """A channel permission overwrite for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, object]:
        """As Discord sends it."""
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


def guild_permissions(*, is_owner: bool, everyone: int, role_permissions: Iterable[int]) -> int:
    """A member's guild-wide permissions: @everyone plus each role, owner/admin get all."""
    if is_owner:
        return ALL
    value = everyone
    for permissions in role_permissions:
        value |= permissions
    return ALL if value & ADMINISTRATOR else value


def channel_permissions(
    base: int,
    overwrites: Iterable[Overwrite],
    *,
    everyone_id: int,
    role_ids: Iterable[int],
    member_id: int,
) -> int:
    """Apply a channel's overwrites in Discord's order: @everyone, roles, then the member."""
    if base & ADMINISTRATOR or base == ALL:
        return ALL
    by_id = {overwrite.id: overwrite for overwrite in overwrites}
    value = base
    everyone = by_id.get(everyone_id)
    if everyone is not None:
        value = (value & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role_id in role_ids:
        overwrite = by_id.get(role_id)
        if overwrite is not None and overwrite.type == 0:
            allow |= overwrite.allow
            deny |= overwrite.deny
    value = (value & ~deny) | allow
    member = by_id.get(member_id)
    if member is not None and member.type == 1:
        value = (value & ~member.deny) | member.allow
    if not value & VIEW_CHANNEL:
        return 0
    return value


def has(permissions: int, wanted: int) -> bool:
    """True if every bit of `wanted` is in `permissions`."""
    return permissions & wanted == wanted
