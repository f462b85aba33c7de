"""Moderator settings per guild: validated writes, each in the moderation log, and a cached
resolved read."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .database import Database, utc_now
from .guild_settings import GuildSettings, validate_setting, validate_setting_name
from .moderation.modlog import ModAction, ModLogFilter, ModLogRepository, NewModAction


@dataclass(frozen=True)
class SettingChange:
    """One logged change: ``old``/``new`` None means "the default" (never set / reset)."""

    id: int
    guild_id: int
    key: str
    old: Any
    new: Any
    changed_by: int | None
    changed_at: str


class SettingsRepository:
    """Typed access to ``guild_settings``; changes are logged in ``mod_actions``."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.modlog = ModLogRepository(db)
        self._cache: dict[int, GuildSettings] = {}

    async def get(self, guild_id: int) -> GuildSettings:
        """The guild's settings with defaults filled in (cached until the next change)."""
        cached = self._cache.get(guild_id)
        if cached is not None:
            return cached
        rows = await self.db.fetchall(
            "SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        settings = GuildSettings.from_stored(
            guild_id, {row["key"]: json.loads(row["value"]) for row in rows}
        )
        self._cache[guild_id] = settings
        return settings

    async def stored(self, guild_id: int) -> dict[str, Any]:
        """The values explicitly set in the guild (name → value), defaults left out."""
        rows = await self.db.fetchall(
            "SELECT key, value FROM guild_settings WHERE guild_id = ? ORDER BY key", (guild_id,)
        )
        return {row["key"]: json.loads(row["value"]) for row in rows}

    async def set(
        self, guild_id: int, key: str, value: Any, *, changed_by: int | None
    ) -> GuildSettings:
        """Validate and store one setting, logging the change; ``SettingError`` if invalid."""
        clean = validate_setting(key, value)
        new_json = json.dumps(clean, sort_keys=True)
        now = utc_now()
        async with self.db.transaction():
            old_json = await self._raw(guild_id, key)
            await self.db.execute(
                "INSERT INTO guild_settings (guild_id, key, value, updated_by, updated_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, key) DO UPDATE SET"
                " value = excluded.value, updated_by = excluded.updated_by,"
                " updated_at = excluded.updated_at",
                (guild_id, key, new_json, changed_by, now),
            )
            await self._log(guild_id, key, old_json, clean, changed_by)
        self._cache.pop(guild_id, None)
        return await self.get(guild_id)

    async def reset(self, guild_id: int, key: str, *, changed_by: int | None) -> GuildSettings:
        """Return one setting to its default, logging the change (nothing if already so)."""
        validate_setting_name(key)
        async with self.db.transaction():
            old_json = await self._raw(guild_id, key)
            if old_json is not None:
                await self.db.execute(
                    "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
                )
                await self._log(guild_id, key, old_json, None, changed_by)
        self._cache.pop(guild_id, None)
        return await self.get(guild_id)

    async def history(self, guild_id: int, *, limit: int = 25) -> list[SettingChange]:
        """The guild's most recent settings changes, newest first."""
        logged = await self.modlog.page(guild_id, ModLogFilter(kind="setting"), limit=limit)
        return [change_from_action(action) for action in logged]

    async def _raw(self, guild_id: int, key: str) -> str | None:
        row = await self.db.fetchone(
            "SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
        )
        return None if row is None else str(row["value"])

    async def _log(
        self, guild_id: int, key: str, old: str | None, new: Any, changed_by: int | None
    ) -> None:
        await self.modlog.record(
            NewModAction(
                guild_id,
                "setting",
                changed_by,
                detail={"key": key, "old": _load(old), "new": new},
            )
        )


def change_from_action(action: ModAction) -> SettingChange:
    """A settings change as the moderation log recorded it."""
    return SettingChange(
        id=action.id,
        guild_id=action.guild_id,
        key=str(action.detail.get("key", "")),
        old=action.detail.get("old"),
        new=action.detail.get("new"),
        changed_by=action.moderator_id,
        changed_at=action.created_at,
    )


def _load(value: str | None) -> Any:
    return None if value is None else json.loads(value)
