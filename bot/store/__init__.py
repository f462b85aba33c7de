"""Persistence: SQLite through aiosqlite, numbered migrations, typed repositories."""

from .database import Database, MigrationError, SchemaTooNewError
from .guild_settings import GuildSettings, SettingError
from .opening import open_database
from .results import ResultPlayer, ResultRecord, ResultRepository
from .settings import SettingChange, SettingsRepository
from .tables import (
    ActionRecord,
    NewSeat,
    SeatRecord,
    TableRecord,
    TableRepository,
)

__all__ = [
    "ActionRecord",
    "Database",
    "GuildSettings",
    "MigrationError",
    "NewSeat",
    "ResultPlayer",
    "ResultRecord",
    "ResultRepository",
    "SchemaTooNewError",
    "SeatRecord",
    "SettingChange",
    "SettingError",
    "SettingsRepository",
    "TableRecord",
    "TableRepository",
    "open_database",
]
