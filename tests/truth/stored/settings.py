"""A server's settings as they stood at a moment: the stored value, taken back through the
moderation log's later changes (each keeps the value before it); the documented default
where nothing was ever set."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.store.guild_settings import DEFAULTS
from tests.truth.stored.store import epoch


@dataclass(frozen=True)
class Change:
    """One setting changed: which, what it was before, when (seconds since the epoch)."""

    key: str
    old: Any
    at: float


@dataclass
class Settings:
    """The values stored now and every change logged (one server: the audit's)."""

    now: dict[str, Any] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)

    def value(self, key: str, at: float) -> Any:
        """The setting's value at ``at``: the one the first later change replaced, else
        the value stored now, else the default."""
        later = [c for c in self.changes if c.key == key and c.at > at]
        if later:
            old = min(later, key=lambda c: c.at).old
            return DEFAULTS.get(key) if old is None else old
        return self.now.get(key, DEFAULTS.get(key))


def read_settings(path: Path) -> Settings:
    """The settings stored at ``path`` and the changes the moderation log kept."""
    with sqlite3.connect(path) as db:
        now = {key: json.loads(value)
               for key, value in db.execute("SELECT key, value FROM guild_settings")}
        logged = db.execute("SELECT detail, created_at FROM mod_actions WHERE kind = 'setting'"
                            " ORDER BY id").fetchall()
    changes = []
    for detail, stamp in logged:
        data = json.loads(detail)
        changes.append(Change(str(data.get("key")), data.get("old"), epoch(stamp)))
    return Settings(now, changes)
