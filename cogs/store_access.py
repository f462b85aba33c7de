"""How the stats and config cogs reach the table service (and through it, the store).

The start-up layer (:mod:`bot.client`) opens the store and creates the one
:class:`TableService` in ``setup_hook``, kept in the bot's table runtime
(``bot.runtime.service``); this module is the single place that knows where. The config
cog must use the service's own settings repository: the service caches each guild's
settings, and a change made through another repository would not reach it.
"""

from __future__ import annotations

from typing import Any

from bot.store.database import Database
from bot.store.settings import SettingsRepository
from bot.tables import TableService


class NotReadyError(RuntimeError):
    """The table service is not set up on the bot (start-up has not wired it)."""


def table_service(bot: Any) -> TableService:
    """The bot's table service; :class:`NotReadyError` if start-up has not created it."""
    service = getattr(getattr(bot, "runtime", None), "service", None)
    if not isinstance(service, TableService):
        raise NotReadyError("The table service is not set up yet.")
    return service


def maybe_table_service(bot: Any) -> TableService | None:
    """The bot's table service, or None before start-up has created it."""
    try:
        return table_service(bot)
    except NotReadyError:
        return None


def database(bot: Any) -> Database:
    """The bot's open database (the table service's)."""
    return table_service(bot).db


def settings_repository(bot: Any) -> SettingsRepository:
    """The settings repository whose cache the table service reads."""
    return table_service(bot).settings
