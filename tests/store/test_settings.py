"""Guild settings: validation with clear messages, defaults, logged changes."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import Database, GuildSettings, SettingError, SettingsRepository
from bot.store.guild_settings import DEFAULTS, setting_names, validate_setting

GOOD: list[tuple[str, Any, Any]] = [
    ("turn_timer", 0, 0),
    ("turn_timer", 10, 10),
    ("turn_timer", 86400, 86400),
    ("computers_allowed", False, False),
    ("computer_level", "hard", "hard"),
    ("table_channels", [5, 6, 5], [5, 6]),
    ("table_channels", [], []),
    ("max_tables", 1, 1),
    ("use_threads", True, True),
    ("options:euchre", {"target": 11}, {"target": 11}),
    ("options:euchre", {}, {}),
]

BAD: list[tuple[str, Any, str]] = [
    ("turn_timer", 5, "from 10 to 86400, or 0"),
    ("turn_timer", 90000, "from 10 to 86400"),
    ("turn_timer", True, "whole number"),
    ("turn_timer", "60", "whole number"),
    ("computers_allowed", "yes", "true or false"),
    ("computer_level", "expert", "one of random, easy, normal, hard"),
    ("table_channels", "123", "list of channel ids"),
    ("table_channels", [0], "list of channel ids"),
    ("table_channels", list(range(1, 30)), "at most 25"),
    ("max_tables", 0, "from 1 to 100"),
    ("use_threads", 1, "true or false"),
    ("options:euchre", {"target": 0}, "at least 1"),
    ("options:euchre", {"colour": "red"}, "no option 'colour'"),
    ("options:euchre", [1], "set of option values"),
    ("options:chess", {}, "There is no such game"),
    ("turn_limit", 3, "There is no such setting"),
]


@pytest.mark.parametrize(("name", "value", "stored"), GOOD)
def test_valid_values(name: str, value: Any, stored: Any) -> None:
    assert validate_setting(name, value) == stored


@pytest.mark.parametrize(("name", "value", "message"), BAD)
def test_invalid_values_say_why(name: str, value: Any, message: str) -> None:
    with pytest.raises(SettingError, match=message):
        validate_setting(name, value)


def test_every_setting_has_a_default() -> None:
    settings = GuildSettings(guild_id=1)
    for name in setting_names():
        default = {} if name.startswith("options:") else DEFAULTS[name]
        assert settings.value(name) == default
    assert settings.allows_channel(123)


def test_bad_stored_values_fall_back_to_defaults() -> None:
    settings = GuildSettings.from_stored(
        1, {"turn_timer": -4, "max_tables": 3, "options:gone": {"x": 1}}
    )
    assert (settings.turn_timer, settings.max_tables) == (DEFAULTS["turn_timer"], 3)
    assert settings.table_options == {}


async def test_set_get_reset_and_history(db: Database) -> None:
    repo = SettingsRepository(db)
    assert await repo.get(1) == GuildSettings(guild_id=1)
    await repo.set(1, "turn_timer", 30, changed_by=9)
    await repo.set(1, "turn_timer", 45, changed_by=9)
    await repo.set(1, "table_channels", [3, 4], changed_by=8)
    settings = await repo.set(1, "options:euchre", {"target": 5}, changed_by=8)
    assert (settings.turn_timer, settings.table_channels) == (45, (3, 4))
    assert settings.options_for("euchre") == {"target": 5}
    assert not settings.allows_channel(5) and settings.allows_channel(4)
    assert await repo.get(2) == GuildSettings(guild_id=2)  # other guilds untouched
    settings = await repo.reset(1, "turn_timer", changed_by=7)
    assert settings.turn_timer == DEFAULTS["turn_timer"]
    await repo.reset(1, "turn_timer", changed_by=7)  # already default: not logged again
    history = await repo.history(1)
    assert [(c.key, c.old, c.new, c.changed_by) for c in history] == [
        ("turn_timer", 45, None, 7),
        ("options:euchre", None, {"target": 5}, 8),
        ("table_channels", None, [3, 4], 8),
        ("turn_timer", 30, 45, 9),
        ("turn_timer", None, 30, 9),
    ]
    assert await repo.stored(1) == {"options:euchre": {"target": 5}, "table_channels": [3, 4]}


async def test_invalid_changes_are_not_stored(db: Database) -> None:
    repo = SettingsRepository(db)
    with pytest.raises(SettingError):
        await repo.set(1, "max_tables", 500, changed_by=1)
    with pytest.raises(SettingError):
        await repo.reset(1, "nonsense", changed_by=1)
    assert await repo.stored(1) == {}
    assert await repo.history(1) == []
