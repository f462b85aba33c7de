"""Shards: which gateway connection, and so which process, a guild belongs to.

Discord puts guild ``g`` on shard ``(g >> 22) % shard_count``; a process holding some of
the shards gets the gateway events and interactions of those guilds only, so it restores
and runs only their tables, tournaments and ``/play`` queues (see ``Settings.owns_guild``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: ``owns(guild_id)``: whether this process looks after that guild.
GuildOwner = Callable[[int], bool]


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord delivers the guild's events on, out of ``count``."""
    return (guild_id >> 22) % count


def owns_all(guild_id: int) -> bool:
    """Without sharding one process looks after every guild."""
    return True


def guild_owner(bot: object) -> GuildOwner:
    """The ``owns`` predicate of a client's settings (every guild if it has none)."""
    owns = getattr(getattr(bot, "settings", None), "owns_guild", None)
    return owns if callable(owns) else owns_all


def describe(shard_ids: Sequence[int], count: int) -> str:
    """``shards 0-3 of 8``, ``shard 2 of 4``, ``shards 0,2 of 4``, for log lines."""
    ids = sorted(shard_ids)
    if len(ids) == 1:
        return f"shard {ids[0]} of {count}"
    if ids == list(range(ids[0], ids[-1] + 1)):
        return f"shards {ids[0]}-{ids[-1]} of {count}"
    return f"shards {','.join(map(str, ids))} of {count}"
