"""Moderator settings per guild: their names, defaults, validation and the resolved view.

Pure (no I/O): :func:`validate_setting` turns a raw value into the stored one or raises
:class:`SettingError` with a sentence a moderator understands; :class:`GuildSettings` is a
guild's settings with every default filled in.

The settings and their defaults:

``turn_timer`` (default 120)
    Seconds a person has for a turn before a computer player moves for them; 0 turns the
    timer off. Otherwise 10 to 86400.
``computers_allowed`` (default true)
    Whether computer players may be seated at new tables.
``computer_level`` (default ``"normal"``)
    The level of a computer player added without one, and of a computer moving for an
    absent person: ``random``, ``easy``, ``normal`` or ``hard``.
``table_channels`` (default ``[]``)
    The channel ids where tables may be opened; empty means any channel (at most 25).
``max_tables`` (default 10)
    The most tables open (lobby or playing) at once in the guild, 1 to 100.
``use_threads`` (default false)
    Whether each table gets its own thread.
``pictures`` (default true)
    Whether table and hand messages carry a picture (the text always tells everything).
``four_colour`` (default true)
    Whether pictures draw suits in four colours (♠ black, ♥ red, ♦ blue, ♣ green) rather
    than red and black; suits have distinct shapes either way.
``leaver_penalty`` (default true)
    Whether a member who leaves a game in progress (or is still replaced by a computer
    after repeated timeouts when it ends) is rated as having lost it.
``inactive_days`` (default 0)
    Players who have not finished a game of a kind for this many days drop off its
    leaderboard (not out of ``/stats``); 0 keeps everyone. At most 3650.
``pairs_minimum`` (default 5)
    How many games two members must have played together (as partners) to be ranked on
    a game's pairs leaderboard; 1 to 100.
``modlog_channel`` (default 0)
    A channel where each moderator action is also posted; 0 for none.
``queue_wait`` (default 5)
    Minutes a member waits in the ``/play`` queue (unless they choose their own wait)
    before a table opens with computer players in the empty seats; 1 to 60.
``tournament_role`` (default 0)
    A role whose members may run tournaments (create, start, pause, resume, drop, end)
    besides members with Manage Server; 0 for none.
``rate_tournaments`` (default true)
    Whether tournament games count in ratings.
``options:<variant>`` (default ``{}``)
    Default table options for one game, e.g. ``options:euchre`` = ``{"target": 11}``;
    only the overrides are stored, each checked against the game's own option rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine import VARIANTS, IllegalAction

COMPUTER_LEVELS = ("random", "easy", "normal", "hard")
OPTIONS_PREFIX = "options:"
MAX_TABLE_CHANNELS = 25
TIMER_MIN, TIMER_MAX = 10, 86400
MAX_INACTIVE_DAYS = 3650
MAX_PAIRS_MINIMUM = 100
QUEUE_WAIT_MIN, QUEUE_WAIT_MAX = 1, 60

DEFAULTS: dict[str, Any] = {
    "turn_timer": 120,
    "computers_allowed": True,
    "computer_level": "normal",
    "table_channels": [],
    "max_tables": 10,
    "use_threads": False,
    "pictures": True,
    "four_colour": True,
    "leaver_penalty": True,
    "inactive_days": 0,
    "pairs_minimum": 5,
    "modlog_channel": 0,
    "queue_wait": 5,
    "tournament_role": 0,
    "rate_tournaments": True,
}

DESCRIPTIONS: dict[str, str] = {
    "turn_timer": "Seconds for a turn before a computer moves for an absent person (0: off)",
    "computers_allowed": "Whether computer players may be seated",
    "computer_level": "Level of computer players added without one: " + ", ".join(COMPUTER_LEVELS),
    "table_channels": "Channels where tables may be opened (empty: any channel)",
    "max_tables": "The most tables open at once in this server",
    "use_threads": "Whether each table gets its own thread",
    "pictures": "Whether table and hand messages carry a picture",
    "four_colour": "Whether pictures show suits in four colours (♦ blue, ♣ green)",
    "leaver_penalty": "Whether leaving a game in progress counts as a loss",
    "inactive_days": "Days without a game before a player drops off leaderboards (0: never)",
    "pairs_minimum": "Games two partners must play together to be on a pairs leaderboard",
    "modlog_channel": "Channel where moderator actions are also posted (none: off)",
    "queue_wait": "Minutes a /play wait lasts before computers fill the empty seats",
    "tournament_role": "Role whose members may run tournaments besides Manage Server (none: off)",
    "rate_tournaments": "Whether tournament games count in ratings",
}


class SettingError(ValueError):
    """A settings change that is not allowed; the message says why."""


def setting_names() -> list[str]:
    """Every setting name a moderator may change, the per-game options included."""
    return list(DEFAULTS) + [OPTIONS_PREFIX + key for key in VARIANTS]


def validate_setting(name: str, value: Any) -> Any:
    """The value to store for ``name``, or :class:`SettingError` saying what is wrong."""
    if name.startswith(OPTIONS_PREFIX):
        return _table_options(name[len(OPTIONS_PREFIX) :], value)
    validate_setting_name(name)
    return _CHECKERS[name](value)


def validate_setting_name(name: str) -> None:
    """Raise :class:`SettingError` unless ``name`` names a setting (the value unchecked)."""
    if name not in DEFAULTS and not (
        name.startswith(OPTIONS_PREFIX) and name[len(OPTIONS_PREFIX) :] in VARIANTS
    ):
        # only a tampered client names one the list does not offer: never shown back
        raise SettingError(f"There is no such setting. Settings: {', '.join(setting_names())}.")


def _bool(name: str) -> Any:
    def check(value: Any) -> bool:
        if not isinstance(value, bool):
            raise SettingError(f"{name} must be true or false.")
        return value

    return check


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _turn_timer(value: Any) -> int:
    if not _whole(value) or (value != 0 and not TIMER_MIN <= value <= TIMER_MAX):
        raise SettingError(
            f"turn_timer must be a whole number of seconds from {TIMER_MIN} to {TIMER_MAX}, "
            "or 0 to turn the timer off."
        )
    return int(value)


def _computer_level(value: Any) -> str:
    if value not in COMPUTER_LEVELS:
        raise SettingError(f"computer_level must be one of {', '.join(COMPUTER_LEVELS)}.")
    return str(value)


def _table_channels(value: Any) -> list[int]:
    if not isinstance(value, list | tuple) or not all(_whole(v) and v > 0 for v in value):
        raise SettingError("table_channels must be a list of channel ids.")
    channels = list(dict.fromkeys(int(v) for v in value))
    if len(channels) > MAX_TABLE_CHANNELS:
        raise SettingError(f"table_channels may list at most {MAX_TABLE_CHANNELS} channels.")
    return channels


def _max_tables(value: Any) -> int:
    if not _whole(value) or not 1 <= value <= 100:
        raise SettingError("max_tables must be a whole number from 1 to 100.")
    return int(value)


def _inactive_days(value: Any) -> int:
    if not _whole(value) or not 0 <= value <= MAX_INACTIVE_DAYS:
        raise SettingError(
            f"inactive_days must be a whole number of days from 0 to {MAX_INACTIVE_DAYS} "
            "(0 keeps everyone on the leaderboards)."
        )
    return int(value)


def _pairs_minimum(value: Any) -> int:
    if not _whole(value) or not 1 <= value <= MAX_PAIRS_MINIMUM:
        raise SettingError(
            f"pairs_minimum must be a whole number of games from 1 to {MAX_PAIRS_MINIMUM}."
        )
    return int(value)


def _queue_wait(value: Any) -> int:
    if not _whole(value) or not QUEUE_WAIT_MIN <= value <= QUEUE_WAIT_MAX:
        raise SettingError(
            f"queue_wait must be a whole number of minutes from {QUEUE_WAIT_MIN} to "
            f"{QUEUE_WAIT_MAX}."
        )
    return int(value)


def _channel(name: str) -> Any:
    def check(value: Any) -> int:
        if not _whole(value) or value < 0:
            raise SettingError(f"{name} must be a channel, or none.")
        return int(value)

    return check


def _role(name: str) -> Any:
    def check(value: Any) -> int:
        if not _whole(value) or value < 0:
            raise SettingError(f"{name} must be a role, or none.")
        return int(value)

    return check


def _table_options(variant: str, value: Any) -> dict[str, Any]:
    info = VARIANTS.get(variant)
    if info is None:
        raise SettingError(f"There is no such game. Games: {', '.join(VARIANTS)}.")
    if not isinstance(value, Mapping):
        raise SettingError(f"options:{variant} must be a set of option values.")
    try:
        info.resolve_options(value)
    except IllegalAction as exc:
        raise SettingError(str(exc)) from None
    return dict(value)


_CHECKERS: dict[str, Any] = {
    "turn_timer": _turn_timer,
    "computers_allowed": _bool("computers_allowed"),
    "computer_level": _computer_level,
    "table_channels": _table_channels,
    "max_tables": _max_tables,
    "use_threads": _bool("use_threads"),
    "pictures": _bool("pictures"),
    "four_colour": _bool("four_colour"),
    "leaver_penalty": _bool("leaver_penalty"),
    "inactive_days": _inactive_days,
    "pairs_minimum": _pairs_minimum,
    "modlog_channel": _channel("modlog_channel"),
    "queue_wait": _queue_wait,
    "tournament_role": _role("tournament_role"),
    "rate_tournaments": _bool("rate_tournaments"),
}


@dataclass(frozen=True)
class GuildSettings:
    """A guild's settings, defaults filled in."""

    guild_id: int
    turn_timer: int = DEFAULTS["turn_timer"]
    computers_allowed: bool = DEFAULTS["computers_allowed"]
    computer_level: str = DEFAULTS["computer_level"]
    table_channels: tuple[int, ...] = ()
    max_tables: int = DEFAULTS["max_tables"]
    use_threads: bool = DEFAULTS["use_threads"]
    pictures: bool = DEFAULTS["pictures"]
    four_colour: bool = DEFAULTS["four_colour"]
    leaver_penalty: bool = DEFAULTS["leaver_penalty"]
    inactive_days: int = DEFAULTS["inactive_days"]
    pairs_minimum: int = DEFAULTS["pairs_minimum"]
    modlog_channel: int = DEFAULTS["modlog_channel"]
    queue_wait: int = DEFAULTS["queue_wait"]
    tournament_role: int = DEFAULTS["tournament_role"]
    rate_tournaments: bool = DEFAULTS["rate_tournaments"]
    table_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def rates(self, tournament: bool) -> bool:
        """Whether a game moves ratings as the settings stand: every game but a
        tournament's while ``rate_tournaments`` is off."""
        return not tournament or self.rate_tournaments

    def leaving_counts(self, tournament: bool) -> bool:
        """Whether leaving a game now counts as a loss: ``leaver_penalty`` is on and the
        game is rated (a game that moves no rating cannot count as a loss)."""
        return self.leaver_penalty and self.rates(tournament)

    @classmethod
    def from_stored(cls, guild_id: int, stored: Mapping[str, Any]) -> GuildSettings:
        """Build from stored (name → value) pairs; invalid or unknown ones fall back."""
        values: dict[str, Any] = {}
        options: dict[str, dict[str, Any]] = {}
        for name, raw in stored.items():
            try:
                value = validate_setting(name, raw)
            except SettingError:
                continue  # a game removed or a rule tightened since: use the default
            if name.startswith(OPTIONS_PREFIX):
                options[name[len(OPTIONS_PREFIX) :]] = value
            else:
                values[name] = tuple(value) if name == "table_channels" else value
        return cls(guild_id=guild_id, table_options=options, **values)

    def value(self, name: str) -> Any:
        """The effective value of one setting, by its stored name."""
        if name.startswith(OPTIONS_PREFIX):
            return dict(self.table_options.get(name[len(OPTIONS_PREFIX) :], {}))
        if name not in DEFAULTS:
            raise SettingError("There is no such setting.")
        value = getattr(self, name)
        return list(value) if name == "table_channels" else value

    def options_for(self, variant: str) -> dict[str, Any]:
        """The guild's default options for ``variant`` (overrides only; may be empty)."""
        return dict(self.table_options.get(variant, {}))

    def allows_channel(self, channel_id: int) -> bool:
        """Whether a table may be opened in ``channel_id``."""
        return not self.table_channels or channel_id in self.table_channels
