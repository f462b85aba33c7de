"""Display names of the people at Bower's tables.

Bower runs without the privileged members intent, so names come from the interactions
people make (every interaction carries its member) and, for someone the bot has not heard
from since it started, from one REST lookup of the member.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from typing import Any

import discord

from bot.store.moderation.privacy import is_former_member

log = logging.getLogger(__name__)

LOOKUP_TIMEOUT = 3.0


def display_name(data: Mapping[str, Any]) -> str | None:
    """The name Discord shows for a member payload: nick, else global name, else username."""
    user = data.get("user") or {}
    return data.get("nick") or user.get("global_name") or user.get("username")


class NameBook:
    """User id → display name, learned from interactions or looked up once."""

    def __init__(self, http: Any | None = None) -> None:
        self._http = http
        self._names: dict[int, str] = {}
        self._looked_up: set[int] = set()
        self._gone: set[int] = set()

    @property
    def names(self) -> Mapping[int, str]:
        """The names known so far (read-only)."""
        return self._names

    def is_gone(self, user_id: int) -> bool:
        """Whether a lookup found that ``user_id`` is no longer a member of the server (a
        former member who erased their data, shown by a negative id, is gone too)."""
        if is_former_member(user_id):
            return True
        return user_id in self._gone and user_id not in self._names

    def remember(self, user: discord.abc.User | discord.Member) -> None:
        """Note the display name of someone who just interacted."""
        self._names[user.id] = user.display_name

    def set(self, user_id: int, name: str) -> None:
        """Record a name (tests, or a lookup)."""
        self._names[user_id] = name

    async def ensure(self, guild_id: int, user_ids: Iterable[int]) -> None:
        """Look up (once each, concurrently) the members whose names are unknown."""
        missing = [
            u
            for u in set(user_ids)
            if u not in self._names and u not in self._looked_up and not is_former_member(u)
        ]
        if not missing or self._http is None:
            return
        self._looked_up.update(missing)
        await asyncio.gather(*(self._lookup(guild_id, user_id) for user_id in missing))

    async def _lookup(self, guild_id: int, user_id: int) -> None:
        assert self._http is not None
        try:
            async with asyncio.timeout(LOOKUP_TIMEOUT):
                data = await self._http.get_member(guild_id, user_id)
        except discord.NotFound:
            self._gone.add(user_id)
            return
        except (discord.HTTPException, TimeoutError) as exc:
            log.info("Could not look up member %d of guild %d: %s", user_id, guild_id, exc)
            return
        name = display_name(data)
        if name:
            self._names.setdefault(user_id, name)
