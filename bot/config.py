"""Settings read once from the environment (and a `.env` file) and validated with clear errors.

The token is never part of a repr, a log line or an error message.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values

from bot.shards import describe, shard_of

DEFAULT_DATABASE_PATH = "data/bower.sqlite3"
DEFAULT_API_BASE = "https://discord.com/api/v10"
DEFAULT_GATEWAY_URL = "wss://gateway.discord.gg/"
DEFAULT_LOG_LEVEL = "INFO"
DEFAULT_COMPUTER_DELAY = 1.2
DEFAULT_COMPUTER_THINK_TIME = 1.0
DEFAULT_COMPUTER_WORKERS = 2
DEFAULT_TURN_TIMER_SCALE = 1.0
DEFAULT_GATEWAY_TIMEOUT = 60.0
DEFAULT_BACKUP_EVERY_HOURS = 24.0
DEFAULT_BACKUP_KEEP = 7
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
MAX_SHARDS = 100_000
DATABASE_URL_SCHEMES = ("postgresql", "postgres")


class ConfigError(ValueError):
    """A setting is missing or has a value Bower cannot use."""


@dataclass(frozen=True)
class Settings:
    """Everything Bower reads from its environment."""

    discord_token: str = field(repr=False)
    database_path: Path = Path(DEFAULT_DATABASE_PATH)
    discord_api_base: str = DEFAULT_API_BASE
    discord_gateway_url: str = DEFAULT_GATEWAY_URL
    log_level: str = DEFAULT_LOG_LEVEL
    computer_delay: float = DEFAULT_COMPUTER_DELAY
    computer_think_time: float = DEFAULT_COMPUTER_THINK_TIME
    computer_workers: int = DEFAULT_COMPUTER_WORKERS
    turn_timer_scale: float = DEFAULT_TURN_TIMER_SCALE
    gateway_timeout: float = DEFAULT_GATEWAY_TIMEOUT
    backup_dir: Path | None = None
    backup_every_hours: float = DEFAULT_BACKUP_EVERY_HOURS
    backup_keep: int = DEFAULT_BACKUP_KEEP
    shard_count: int | None = None  # None: no sharding, one plain gateway connection
    shard_ids: tuple[int, ...] | None = None  # the shards this process holds
    database_url: str | None = field(default=None, repr=False)  # it may carry a password

    @property
    def log_level_number(self) -> int:
        """The `logging` level number for `log_level`."""
        return logging.getLevelNamesMapping()[self.log_level]

    @property
    def sharded(self) -> bool:
        """Whether the gateway connection is split into shards (SHARD_COUNT is set)."""
        return self.shard_count is not None

    @property
    def holds_shard_zero(self) -> bool:
        """Whether this process holds shard 0 (and so syncs the application commands);
        true without sharding."""
        return self.shard_ids is None or 0 in self.shard_ids

    @property
    def shard_range(self) -> str | None:
        """The shards held, as in ``shards 0-3 of 8``; None without sharding."""
        if self.shard_count is None or self.shard_ids is None:
            return None
        return describe(self.shard_ids, self.shard_count)

    def owns_guild(self, guild_id: int) -> bool:
        """Whether the guild's events come to this process (always, without sharding)."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return shard_of(guild_id, self.shard_count) in self.shard_ids


def load_settings(
    environ: Mapping[str, str] | None = None, *, dotenv_path: Path | None = None
) -> Settings:
    """Read settings from `environ` (default: the process environment) over a `.env` file.

    Variables already in the environment win over the `.env` file, which is looked up in
    the current working directory unless `dotenv_path` says otherwise.
    """
    env = dict(_read_dotenv(dotenv_path or Path.cwd() / ".env"))
    env.update(os.environ if environ is None else environ)
    shard_count = _shard_count(env.get("SHARD_COUNT"))
    return Settings(
        discord_token=_token(env.get("DISCORD_TOKEN")),
        database_path=_database_path(env.get("DATABASE_PATH")),
        discord_api_base=_url(
            "DISCORD_API_BASE", env.get("DISCORD_API_BASE"), DEFAULT_API_BASE, ("http", "https")
        ),
        discord_gateway_url=_url(
            "DISCORD_GATEWAY_URL",
            env.get("DISCORD_GATEWAY_URL"),
            DEFAULT_GATEWAY_URL,
            ("ws", "wss"),
        ),
        log_level=_log_level(env.get("LOG_LEVEL")),
        computer_delay=_number(
            "COMPUTER_DELAY", env.get("COMPUTER_DELAY"), DEFAULT_COMPUTER_DELAY, 0.0, 30.0
        ),
        computer_think_time=_number(
            "COMPUTER_THINK_TIME",
            env.get("COMPUTER_THINK_TIME"),
            DEFAULT_COMPUTER_THINK_TIME,
            0.0,
            10.0,
        ),
        computer_workers=int(
            _number(
                "COMPUTER_WORKERS",
                env.get("COMPUTER_WORKERS"),
                DEFAULT_COMPUTER_WORKERS,
                1,
                64,
                whole=True,
            )
        ),
        turn_timer_scale=_number(
            "TURN_TIMER_SCALE", env.get("TURN_TIMER_SCALE"), DEFAULT_TURN_TIMER_SCALE, 0.0001, 100.0
        ),
        gateway_timeout=_number(
            "GATEWAY_TIMEOUT", env.get("GATEWAY_TIMEOUT"), DEFAULT_GATEWAY_TIMEOUT, 1.0, 600.0
        ),
        backup_dir=_backup_dir(env.get("BACKUP_DIR")),
        backup_every_hours=_number(
            "BACKUP_EVERY_HOURS",
            env.get("BACKUP_EVERY_HOURS"),
            DEFAULT_BACKUP_EVERY_HOURS,
            0.01,
            8760.0,
        ),
        backup_keep=int(
            _number("BACKUP_KEEP", env.get("BACKUP_KEEP"), DEFAULT_BACKUP_KEEP, 1, 1000, whole=True)
        ),
        shard_count=shard_count,
        shard_ids=_shard_ids(env.get("SHARD_IDS"), shard_count),
        database_url=_database_url(env.get("DATABASE_URL")),
    )


def _read_dotenv(path: Path) -> dict[str, str]:
    """The non-empty values of a `.env` file, or nothing if there is none."""
    if not path.is_file():
        return {}
    try:
        values = dotenv_values(path)
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise ConfigError(
            f"The settings file {path} cannot be read ({reason}); make it UTF-8 text this "
            "user may read (see .env.example), or remove it and set the environment instead."
        ) from None
    return {key: value for key, value in values.items() if value is not None}


def _blank(value: str | None) -> bool:
    return value is None or not value.strip()


def _token(value: str | None) -> str:
    if _blank(value):
        raise ConfigError(
            "DISCORD_TOKEN is not set. Put the bot token from the Discord developer portal "
            "(Applications → your app → Bot → Reset Token) in the environment or in .env."
        )
    assert value is not None
    token = value.strip()
    if token.lower().startswith("bot "):
        raise ConfigError("DISCORD_TOKEN must be the bare token, without the 'Bot ' prefix.")
    if any(ch.isspace() for ch in token):
        raise ConfigError("DISCORD_TOKEN must not contain spaces or line breaks.")
    return token


def _database_path(value: str | None) -> Path:
    if _blank(value):
        return Path(DEFAULT_DATABASE_PATH)
    assert value is not None
    path = Path(value.strip()).expanduser()
    if path.exists() and path.is_dir():
        raise ConfigError(f"DATABASE_PATH must name a file, but {path} is a directory.")
    return path


def _backup_dir(value: str | None) -> Path | None:
    if _blank(value):
        return None
    assert value is not None
    path = Path(value.strip()).expanduser()
    if path.exists() and not path.is_dir():
        raise ConfigError(f"BACKUP_DIR must name a folder, but {path} is a file.")
    return path


def _url(name: str, value: str | None, default: str, schemes: tuple[str, ...]) -> str:
    if _blank(value):
        return default
    assert value is not None
    url = value.strip()
    parts = urlsplit(url)
    if parts.scheme not in schemes or not parts.netloc:
        wanted = " or ".join(f"{scheme}://" for scheme in schemes)
        raise ConfigError(f"{name} must be a {wanted} URL, got {url!r}.")
    if parts.query or parts.fragment:
        raise ConfigError(f"{name} must not carry a query string or fragment, got {url!r}.")
    return url


def _log_level(value: str | None) -> str:
    if _blank(value):
        return DEFAULT_LOG_LEVEL
    assert value is not None
    level = value.strip().upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {value!r}.")
    return level


def _number(
    name: str,
    value: str | None,
    default: float,
    low: float,
    high: float,
    *,
    whole: bool = False,
) -> float:
    if _blank(value):
        return default
    assert value is not None
    kind = "a whole number" if whole else "a number"
    try:
        number = int(value.strip()) if whole else float(value.strip())
    except ValueError:
        raise ConfigError(f"{name} must be {kind}, got {value!r}.") from None
    if not low <= number <= high:
        raise ConfigError(f"{name} must be {kind} from {low:g} to {high:g}, got {value!r}.")
    return number


def _shard_count(value: str | None) -> int | None:
    if _blank(value):
        return None
    return int(_number("SHARD_COUNT", value, 1, 1, MAX_SHARDS, whole=True))


def _shard_ids(value: str | None, count: int | None) -> tuple[int, ...] | None:
    """The shards this process holds: SHARD_IDS (``0-3``, ``2`` or ``0,2``), else all."""
    if count is None:
        if not _blank(value):
            raise ConfigError(
                "SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the number of shards of "
                "the whole bot (the same in every process), or remove SHARD_IDS."
            )
        return None
    if _blank(value):
        return tuple(range(count))
    assert value is not None
    ids: set[int] = set()
    try:
        for part in value.split(","):
            low, dash, high = part.strip().partition("-")
            first = int(low)
            last = int(high) if dash else first
            if first > last:
                raise ValueError(part)
            ids.update(range(first, min(last, count) + 1))
            if first >= count or last >= count or first < 0:
                raise IndexError(part)
    except ValueError:
        raise ConfigError(
            f"SHARD_IDS must be a range like 0-3, a single shard like 2 or a list like 0,2, "
            f"got {value!r}."
        ) from None
    except IndexError:
        raise ConfigError(
            f"SHARD_IDS must name shards from 0 to {count - 1} (SHARD_COUNT is {count}), "
            f"got {value!r}."
        ) from None
    return tuple(sorted(ids))


def _database_url(value: str | None) -> str | None:
    """A PostgreSQL URL, checked but never shown (it may carry a password)."""
    if _blank(value):
        return None
    assert value is not None
    url = value.strip()
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        raise ConfigError(
            "DATABASE_URL is not a valid URL; write it as "
            "postgresql://user:password@host:5432/bower."
        ) from None
    if parts.scheme not in DATABASE_URL_SCHEMES:
        raise ConfigError(
            "DATABASE_URL must be a postgresql:// or postgres:// URL, as in "
            "postgresql://user:password@host:5432/bower (its value is not shown here: it "
            "may hold a password)."
        )
    if not parts.hostname and "host=" not in parts.query:
        raise ConfigError(
            "DATABASE_URL must name the database server, as in "
            "postgresql://user:password@host:5432/bower."
        )
    return url
