"""Reading what a moderator types in ``/config set … value:`` into a setting's value.

Pure: text in, a Python value out (checked afterwards by
:func:`bot.store.guild_settings.validate_setting`), or :class:`SettingError` with a
sentence saying what to type. Also the suggestions offered while typing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.engine import VARIANTS, OptionSpec
from bot.store.guild_settings import (
    COMPUTER_LEVELS,
    DEFAULTS,
    OPTIONS_PREFIX,
    SettingError,
    validate_setting_name,
)
from bot.ui.numbers import parse_number

TRUE_WORDS = ("true", "yes", "on", "1", "allow", "allowed", "enable", "enabled")
FALSE_WORDS = ("false", "no", "off", "0", "deny", "denied", "disable", "disabled")
NONE_WORDS = ("", "none", "any", "all", "default", "clear", "{}", "[]")
_DURATION = re.compile(r"^([0-9]{1,9})\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hours?)?$")
_UNITS = {"s": 1, "m": 60, "h": 3600}
_CHANNEL_MENTION = re.compile(r"^<#(.*)>$")
_ROLE_MENTION = re.compile(r"^<@&(.*)>$")

ChannelLookup = Callable[[str], int | None]
RoleLookup = Callable[[str], int | None]


def parse_setting_value(
    name: str,
    text: str,
    find_channel: ChannelLookup | None = None,
    find_role: RoleLookup | None = None,
) -> Any:
    """The value ``text`` stands for in setting ``name``; :class:`SettingError` if unreadable.

    ``find_channel`` turns a channel name (``euchre`` or ``#euchre``) into its id,
    ``find_role`` a role name (``Tournament director`` or ``@Tournament director``).
    """
    validate_setting_name(name)
    raw = text.strip()
    if name.startswith(OPTIONS_PREFIX):
        return parse_options(name[len(OPTIONS_PREFIX) :], raw)
    if is_switch(name):
        return parse_bool(name, raw)
    if name == "turn_timer":
        return parse_duration(raw)
    if name in ("max_tables", "pairs_minimum"):
        return parse_whole(name, raw)
    if name == "inactive_days":
        return 0 if raw.lower() in ("off", "never", "none", "no") else parse_whole(name, raw)
    if name == "modlog_channel":
        return parse_one_channel(name, raw, find_channel)
    if name == "queue_wait":
        return parse_minutes(name, raw)
    if name == "tournament_role":
        return parse_role(name, raw, find_role)
    if name == "table_channels":
        return parse_channels(raw, find_channel)
    return raw.lower()


def is_switch(name: str) -> bool:
    """Whether a setting is a yes/no switch."""
    return isinstance(DEFAULTS.get(name), bool)


def parse_bool(name: str, text: str) -> bool:
    """``yes`` / ``no`` and friends."""
    word = text.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise SettingError(f"{name} must be true or false (yes/no, on/off), not {text!r}.")


def parse_whole(name: str, text: str) -> int:
    """A whole number."""
    if not re.fullmatch(r"-?[0-9]{1,18}", text):
        raise SettingError(f"{name} must be a whole number, not {text!r}.")
    return int(text)


def parse_minutes(name: str, text: str) -> int:
    """Whole minutes from ``5``, ``5m``, ``5 min`` or ``5 minutes``."""
    match = re.fullmatch(r"([0-9]{1,9})\s*(m|min|mins|minutes?)?", text.lower())
    if match is None:
        raise SettingError(f"{name} must be a whole number of minutes (like 5), not {text!r}.")
    return int(match[1])


def parse_duration(text: str) -> int:
    """Seconds from ``90``, ``90s``, ``2m``, ``1h``; ``off`` is 0."""
    word = text.lower()
    if word in ("off", "none", "no", "disable", "disabled"):
        return 0
    match = _DURATION.fullmatch(word)
    if match is None:
        raise SettingError(
            f"turn_timer must be a number of seconds (like 120, 90s, 2m or 1h) or off, "
            f"not {text!r}."
        )
    unit = (match[2] or "s")[0]
    return int(match[1]) * _UNITS[unit]


def parse_channels(text: str, find_channel: ChannelLookup | None) -> list[int]:
    """Channel ids from mentions, ids or names; ``none`` / ``any`` for every channel."""
    if text.lower() in NONE_WORDS:
        return []
    channels: list[int] = []
    for token in re.split(r"[\s,]+", text):
        if not token:
            continue
        mention = _CHANNEL_MENTION.fullmatch(token)
        number = mention[1] if mention else token
        if mention or number.isdigit():  # "²", "٣": Unicode digits are answered as not valid
            channel = parse_number(number)
            if channel is None:
                raise SettingError(f"{token!r} is not a valid channel.")
            channels.append(channel)
        else:
            found = find_channel(token.lstrip("#")) if find_channel else None
            if found is None:
                raise SettingError(f"There is no channel {token!r} in this server.")
            channels.append(found)
    return channels


def parse_one_channel(name: str, text: str, find_channel: ChannelLookup | None) -> int:
    """One channel (mention, id or name); ``none`` / ``off`` is 0."""
    if text.lower() in (*NONE_WORDS, "off", "no"):
        return 0
    channels = parse_channels(text, find_channel)
    if len(channels) != 1:
        raise SettingError(f"{name} must be one channel, or none.")
    return channels[0]


def parse_role(name: str, text: str, find_role: RoleLookup | None) -> int:
    """One role (mention, id or name); ``none`` / ``off`` is 0."""
    if text.lower() in (*NONE_WORDS, "off", "no"):
        return 0
    mention = _ROLE_MENTION.fullmatch(text)
    number = mention[1] if mention else text
    if mention or number.isdigit():
        role = parse_number(number)
        if role is None:
            raise SettingError(f"{text!r} is not a valid role.")
        return role
    found = find_role(text.lstrip("@")) if find_role else None
    if found is None:
        raise SettingError(f"There is no role {text!r} in this server.")
    return found


def parse_options(variant: str, text: str) -> dict[str, Any]:
    """Table options from ``target=11 stick_dealer=no`` or a JSON object; ``none`` clears."""
    info = VARIANTS.get(variant)
    if info is None:
        raise SettingError("There is no such game.")
    if text.lower() in NONE_WORDS:
        return {}
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            raise SettingError("That is not a valid JSON object of options.") from None
        if not isinstance(value, dict):
            raise SettingError("Options must be written as name=value pairs.")
        return value
    specs = {spec.name: spec for spec in info.options}
    options: dict[str, Any] = {}
    for pair in re.split(r"[\s,]+", text):
        if not pair:
            continue
        key, sep, value = pair.partition("=")
        if not sep or not key or not value:
            raise SettingError(
                f"Write options as name=value pairs, like "
                f"{example_options(info.options)}; {pair!r} is not one."
            )
        spec = specs.get(key)
        if spec is None:
            raise SettingError(
                f"{info.name} has no option {key!r}. Options: {', '.join(specs) or 'none'}."
            )
        options[key] = _option_value(spec, value)
    return options


def _option_value(spec: OptionSpec, text: str) -> Any:
    """The typed value of one option written as text (checked later against its rules)."""
    for choice in spec.choices:
        if isinstance(choice, bool):
            if text.lower() in (TRUE_WORDS if choice else FALSE_WORDS):
                return choice
        elif str(choice).lower() == text.lower():
            return choice
    if spec.choices:
        allowed = ", ".join(_shown(c) for c in spec.choices)
        raise SettingError(f"Option {spec.name} must be one of {allowed}, not {text!r}.")
    return parse_whole(f"Option {spec.name}", text)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def example_options(specs: Sequence[OptionSpec]) -> str:
    """``target=10 stick_dealer=yes``: every option at its default."""
    return " ".join(f"{spec.name}={_shown(spec.default)}" for spec in specs) or "(none)"


def format_value(name: str, value: Any) -> str:
    """A setting's value as a moderator reads it."""
    if name.startswith(OPTIONS_PREFIX):
        if not value:
            return "game defaults"
        return " ".join(f"{k}={_shown(v)}" for k, v in dict(value).items())
    if name == "table_channels":
        return " ".join(f"<#{c}>" for c in value) if value else "any channel"
    if name == "turn_timer":
        return "off" if value == 0 else _duration_text(int(value))
    if name == "modlog_channel":
        return f"<#{value}>" if value else "none"
    if name == "inactive_days":
        return f"{value} days" if value else "never (everyone stays listed)"
    if name == "queue_wait":
        return f"{value} min"
    if name == "pairs_minimum":
        return f"{value} games together"
    if name == "tournament_role":
        return f"<@&{value}>" if value else "none (Manage Server only)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _duration_text(seconds: int) -> str:
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"


def value_suggestions(
    name: str, typed: str, channel_names: Sequence[str] = (), role_names: Sequence[str] = ()
) -> list[tuple[str, str]]:
    """(label, value) suggestions for the value of setting ``name`` given what is typed."""
    suggestions: list[tuple[str, str]]
    if is_switch(name):
        suggestions = [("yes", "yes"), ("no", "no")]
    elif name == "computer_level":
        suggestions = [(level, level) for level in COMPUTER_LEVELS]
    elif name == "turn_timer":
        suggestions = [(t, t) for t in ("30s", "60s", "2m", "5m", "15m", "1h", "off")]
    elif name == "max_tables":
        suggestions = [(str(n), str(n)) for n in (1, 3, 5, 10, 20, 50, 100)]
    elif name == "table_channels":
        suggestions = [("any channel", "none")] + [(f"#{c}", f"#{c}") for c in channel_names]
    elif name == "modlog_channel":
        suggestions = [("none", "none")] + [(f"#{c}", f"#{c}") for c in channel_names]
    elif name == "inactive_days":
        suggestions = [(f"{n} days", str(n)) for n in (30, 60, 90, 180, 365)] + [("never", "0")]
    elif name == "queue_wait":
        suggestions = [(f"{n} min", str(n)) for n in (1, 2, 3, 5, 10, 15, 30, 60)]
    elif name == "pairs_minimum":
        suggestions = [(f"{n} games", str(n)) for n in (1, 3, 5, 10, 20)]
    elif name == "tournament_role":
        suggestions = [("none", "none")] + [(f"@{r}", r) for r in role_names]
    elif name.startswith(OPTIONS_PREFIX) and name[len(OPTIONS_PREFIX) :] in VARIANTS:
        info = VARIANTS[name[len(OPTIONS_PREFIX) :]]
        example = example_options(info.options)
        suggestions = [(example, example), ("game defaults", "none")]
    else:
        return []
    word = typed.strip().lower()
    if word:
        matching = [s for s in suggestions if word in s[0].lower() or word in s[1].lower()]
        suggestions = matching or [(typed.strip(), typed.strip())]
    return [(label[:100], value[:100]) for label, value in suggestions[:25]]


def setting_label(name: str, descriptions: Mapping[str, str]) -> str:
    """``turn_timer — Seconds for a turn…`` (≤ 100 characters) for a choice list."""
    if name.startswith(OPTIONS_PREFIX):
        variant = name[len(OPTIONS_PREFIX) :]
        label = f"{name} — default table options for {VARIANTS[variant].name}"
    else:
        label = f"{name} — {descriptions.get(name, '')}"
    return label[:100]
