"""Reading what a moderator types for a setting, and the suggestions offered."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store.guild_settings import SettingError, validate_setting
from bot.ui.config.setting_input import format_value, parse_setting_value, value_suggestions

CHANNELS = {"euchre": 501, "general": 502}


def parse(name: str, text: str) -> Any:
    return parse_setting_value(name, text, CHANNELS.get)


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("turn_timer", "90", 90),
        ("turn_timer", "90s", 90),
        ("turn_timer", "2m", 120),
        ("turn_timer", "1 h", 3600),
        ("turn_timer", "off", 0),
        ("computers_allowed", "no", False),
        ("computers_allowed", "Yes", True),
        ("use_threads", "on", True),
        ("computer_level", " Hard ", "hard"),
        ("max_tables", "3", 3),
        ("table_channels", "#euchre <#777> 888, general", [501, 777, 888, 502]),
        ("table_channels", "none", []),
        ("options:euchre", "target=11 stick_dealer=no", {"target": 11, "stick_dealer": False}),
        ("options:euchre", '{"target": 7}', {"target": 7}),
        ("options:flip", "deck=50 zilch=yes", {"deck": 50, "zilch": True}),
        ("options:railroad", "default", {}),
        ("leaver_penalty", "off", False),
        ("inactive_days", "90", 90),
        ("inactive_days", "never", 0),
        ("modlog_channel", "#general", 502),
        ("modlog_channel", "<#777>", 777),
        ("modlog_channel", "none", 0),
    ],
)
def test_values_are_read(name: str, text: str, value: Any) -> None:
    assert parse(name, text) == value


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("turn_timer", "soon", "number of seconds"),
        ("computers_allowed", "maybe", "true or false"),
        ("max_tables", "many", "whole number"),
        ("table_channels", "#nowhere", "no channel '#nowhere'"),
        ("table_channels", "²", "'²' is not a valid channel"),
        ("table_channels", "٣٤", "'٣٤' is not a valid channel"),
        ("table_channels", "99999999999999999999", "is not a valid channel"),
        ("max_tables", "²", "whole number"),
        ("max_tables", "٣", "whole number"),
        ("turn_timer", "٣m", "number of seconds"),
        ("turn_timer", "9999999999s", "number of seconds"),
        ("table_channels", "<#٣>", "'<#٣>' is not a valid channel"),
        ("table_channels", "<#99999999999999999999>", "is not a valid channel"),
        ("table_channels", "<#>", "'<#>' is not a valid channel"),
        ("options:euchre", "target=²", "whole number, not '²'"),
        ("options:euchre", "target=٣", "whole number, not '٣'"),
        ("options:euchre", "target", "name=value pairs"),
        ("options:euchre", "colour=red", "has no option 'colour'"),
        ("options:euchre", "stick_dealer=perhaps", "must be one of yes, no"),
        ("options:euchre", "{oops", "not a valid JSON"),
        ("speed", "3", "There is no such setting"),
        ("inactive_days", "a month", "whole number"),
        ("modlog_channel", "#euchre #general", "must be one channel"),
        ("modlog_channel", "#nowhere", "no channel '#nowhere'"),
        ("modlog_channel", "²", "'²' is not a valid channel"),
    ],
)
def test_unreadable_values_say_what_to_type(name: str, text: str, message: str) -> None:
    with pytest.raises(SettingError, match=message):
        parse(name, text)


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("turn_timer", "5", "from 10 to 86400"),
        ("max_tables", "0", "from 1 to 100"),
        ("computer_level", "genius", "must be one of random, easy, normal, hard"),
        ("options:euchre", "target=0", "at least 1"),
        ("inactive_days", "-1", "from 0 to 3650"),
        ("inactive_days", "5000", "from 0 to 3650"),
    ],
)
def test_readable_but_invalid_values_are_refused_by_validation(
    name: str, text: str, message: str
) -> None:
    with pytest.raises(SettingError, match=message):
        validate_setting(name, parse(name, text))


@pytest.mark.parametrize(
    ("name", "value", "shown"),
    [
        ("turn_timer", 0, "off"),
        ("turn_timer", 120, "2 min"),
        ("turn_timer", 45, "45 s"),
        ("table_channels", [], "any channel"),
        ("table_channels", [5, 6], "<#5> <#6>"),
        ("computers_allowed", False, "no"),
        ("modlog_channel", 0, "none"),
        ("modlog_channel", 42, "<#42>"),
        ("inactive_days", 0, "never (everyone stays listed)"),
        ("inactive_days", 30, "30 days"),
        ("options:euchre", {}, "game defaults"),
        ("options:euchre", {"target": 11, "stick_dealer": True}, "target=11 stick_dealer=yes"),
    ],
)
def test_values_are_shown_as_moderators_write_them(name: str, value: Any, shown: str) -> None:
    assert format_value(name, value) == shown


def test_suggestions_fit_the_setting_and_what_is_typed() -> None:
    assert value_suggestions("computers_allowed", "") == [("yes", "yes"), ("no", "no")]
    assert value_suggestions("computer_level", "ha") == [("hard", "hard")]
    assert ("#euchre", "#euchre") in value_suggestions("table_channels", "", ["euchre"])
    assert value_suggestions("options:euchre", "")[0][1] == "target=10 stick_dealer=yes"
    assert value_suggestions("max_tables", "42") == [("42", "42")]  # free text stays possible
    assert value_suggestions("nonsense", "x") == []
