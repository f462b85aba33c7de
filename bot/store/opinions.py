"""Typed access to ``review_opinions``: the computer's stored opinion of a member's
decisions in a finished game."""

from __future__ import annotations

import json
from typing import Any

from .database import Database, utc_now


class OpinionRepository:
    """Opinions by (table, seat), each tagged with the analysis version that made it."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, table_id: int, seat: int, version: int) -> dict[str, Any] | None:
        """The stored opinion made by analysis ``version`` (None: none, or an older one)."""
        row = await self.db.fetchone(
            "SELECT opinion FROM review_opinions WHERE table_id = ? AND seat = ? AND version = ?",
            (table_id, seat, version),
        )
        return None if row is None else dict(json.loads(row["opinion"]))

    async def put(self, table_id: int, seat: int, version: int, opinion: dict[str, Any]) -> None:
        """Keep an opinion, replacing one an older analysis made."""
        await self.db.execute(
            "INSERT INTO review_opinions (table_id, seat, version, opinion, created_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET"
            " version = excluded.version, opinion = excluded.opinion,"
            " created_at = excluded.created_at",
            (table_id, seat, version, json.dumps(opinion), utc_now()),
        )
