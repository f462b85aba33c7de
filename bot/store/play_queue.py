"""The ``/play`` queue: who waits in each server, for which game, and until when.

One row per member and server (a member waits in at most one queue per server). Times
are Unix seconds; ``wait_ends`` is when a table with computer players may open for them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .database import Database

QueueKey = tuple[str, int, str]

_COLUMNS = (
    "guild_id, user_id, variant, players, options, computers, wait_minutes, channel_id,"
    " thread_id, joined_at, wait_ends"
)
_REPLACED = ", ".join(
    f"{column} = excluded.{column}" for column in _COLUMNS.split(", ")[2:]
)


@dataclass(frozen=True)
class QueuedMember:
    """A member waiting for a table: the game, seats and options they want, whether
    computer players are fine, where they asked (the table opens there) and when."""

    guild_id: int
    user_id: int
    variant: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    computers: bool = True
    wait_minutes: int = 5
    channel_id: int = 0
    thread_id: int | None = None
    joined_at: float = 0.0
    wait_ends: float = 0.0

    @property
    def key(self) -> QueueKey:
        """What must match for two members to share a table: game, seats, options."""
        return (self.variant, self.players, options_text(self.options))


def options_text(options: Mapping[str, Any]) -> str:
    """Options as stored and compared: JSON with sorted keys."""
    return json.dumps(dict(options), sort_keys=True)


class PlayQueueRepository:
    """Typed access to ``play_queue``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def put(self, member: QueuedMember) -> None:
        """Store the member's wait, replacing any other wait of theirs in that server."""
        await self.db.execute(
            f"INSERT INTO play_queue ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            f" ON CONFLICT (guild_id, user_id) DO UPDATE SET {_REPLACED}",
            (
                member.guild_id,
                member.user_id,
                member.variant,
                member.players,
                options_text(member.options),
                int(member.computers),
                member.wait_minutes,
                member.channel_id,
                member.thread_id,
                member.joined_at,
                member.wait_ends,
            ),
        )

    async def get(self, guild_id: int, user_id: int) -> QueuedMember | None:
        """The member's wait in that server, or None."""
        row = await self.db.fetchone(
            f"SELECT {_COLUMNS} FROM play_queue WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return None if row is None else _member(row)

    async def of_guild(self, guild_id: int) -> list[QueuedMember]:
        """Everyone waiting in a server, longest waiting first."""
        rows = await self.db.fetchall(
            f"SELECT {_COLUMNS} FROM play_queue WHERE guild_id = ? ORDER BY joined_at, user_id",
            (guild_id,),
        )
        return [_member(row) for row in rows]

    async def every(self) -> list[QueuedMember]:
        """Everyone waiting in every server, longest waiting first."""
        rows = await self.db.fetchall(
            f"SELECT {_COLUMNS} FROM play_queue ORDER BY joined_at, user_id"
        )
        return [_member(row) for row in rows]

    async def remove(self, guild_id: int, user_ids: Iterable[int]) -> int:
        """Take members out of the server's queue; how many were in it."""
        removed = 0
        async with self.db.transaction():
            for user_id in user_ids:
                removed += await self.db.changes(
                    "DELETE FROM play_queue WHERE guild_id = ? AND user_id = ?",
                    (guild_id, user_id),
                )
        return removed


def _member(row: Any) -> QueuedMember:
    return QueuedMember(
        guild_id=int(row["guild_id"]),
        user_id=int(row["user_id"]),
        variant=str(row["variant"]),
        players=int(row["players"]),
        options=json.loads(row["options"]),
        computers=bool(row["computers"]),
        wait_minutes=int(row["wait_minutes"]),
        channel_id=int(row["channel_id"]),
        thread_id=None if row["thread_id"] is None else int(row["thread_id"]),
        joined_at=float(row["joined_at"]),
        wait_ends=float(row["wait_ends"]),
    )
