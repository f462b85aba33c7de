"""The moderation log: every moderator action with who, when, what and what it concerned.

Each action is written by the repository that carries it out, in the same transaction
(a settings change, a table ended or a seat replaced, a season started, a rating reset,
a member's data erased), so an action is never done without its entry nor logged
without being done.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from ..database import Database, Row, utc_now

ModKind = Literal[
    "setting", "table_end", "table_replace", "season_start", "rating_reset", "data_deletion"
]
MOD_KINDS: tuple[str, ...] = get_args(ModKind)


@dataclass(frozen=True)
class NewModAction:
    """An action to log: its kind, the moderator, the table or member it concerns, and
    the details that say what was done (kind-specific, JSON-safe)."""

    guild_id: int
    kind: ModKind
    moderator_id: int | None
    table_id: int | None = None
    member_id: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ModAction(NewModAction):
    """A logged action, numbered in the order it happened."""

    id: int = 0
    created_at: str = ""


@dataclass(frozen=True)
class ModLogFilter:
    """Which entries to list: all, or one moderator's, or one kind's (or both)."""

    moderator_id: int | None = None
    kind: str | None = None


class ModLogRepository:
    """Typed access to ``mod_actions``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, new: NewModAction) -> ModAction:
        """Log one action (joining the caller's transaction, if any)."""
        now = utc_now()
        action_id = await self.db.execute(
            "INSERT INTO mod_actions (guild_id, moderator_id, kind, table_id, member_id,"
            " detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                new.guild_id,
                new.moderator_id,
                new.kind,
                new.table_id,
                new.member_id,
                json.dumps(new.detail, sort_keys=True),
                now,
            ),
        )
        return ModAction(**vars(new), id=action_id, created_at=now)

    async def page(
        self,
        guild_id: int,
        where: ModLogFilter = ModLogFilter(),
        *,
        offset: int = 0,
        limit: int = 10,
    ) -> list[ModAction]:
        """One page of the server's log, newest first."""
        condition, params = _condition(guild_id, where)
        rows = await self.db.fetchall(
            f"SELECT * FROM mod_actions WHERE {condition} ORDER BY id DESC LIMIT ? OFFSET ?",
            (*params, limit, max(0, offset)),
        )
        return [action_from_row(row) for row in rows]

    async def count(self, guild_id: int, where: ModLogFilter = ModLogFilter()) -> int:
        """How many entries the server's log holds (of the filter)."""
        condition, params = _condition(guild_id, where)
        row = await self.db.fetchone(f"SELECT COUNT(*) FROM mod_actions WHERE {condition}", params)
        return int(row[0]) if row else 0

    async def after(self, guild_id: int, last_id: int) -> list[ModAction]:
        """The server's entries newer than ``last_id``, oldest first."""
        rows = await self.db.fetchall(
            "SELECT * FROM mod_actions WHERE guild_id = ? AND id > ? ORDER BY id",
            (guild_id, last_id),
        )
        return [action_from_row(row) for row in rows]

    async def newest_id(self) -> int:
        """The id of the newest entry of any server (0 when the log is empty)."""
        row = await self.db.fetchone("SELECT MAX(id) FROM mod_actions")
        return int(row[0] or 0) if row else 0


def _condition(guild_id: int, where: ModLogFilter) -> tuple[str, tuple[Any, ...]]:
    parts: list[str] = ["guild_id = ?"]
    params: list[Any] = [guild_id]
    if where.moderator_id is not None:
        parts.append("moderator_id = ?")
        params.append(where.moderator_id)
    if where.kind is not None:
        parts.append("kind = ?")
        params.append(where.kind)
    return " AND ".join(parts), tuple(params)


def action_from_row(row: Row) -> ModAction:
    """A :class:`ModAction` from a ``mod_actions`` row."""
    return ModAction(
        guild_id=int(row["guild_id"]),
        kind=row["kind"],
        moderator_id=row["moderator_id"],
        table_id=row["table_id"],
        member_id=row["member_id"],
        detail=json.loads(row["detail"]),
        id=int(row["id"]),
        created_at=row["created_at"],
    )
