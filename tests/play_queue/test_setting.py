"""The server's default /play wait: ``/config set setting:queue_wait value:10``."""

from __future__ import annotations

import pytest

from bot.store.guild_settings import GuildSettings, SettingError, validate_setting
from bot.ui.config.message import changed_embed
from bot.ui.config.setting_input import format_value, parse_setting_value, value_suggestions


def test_the_default_wait_is_five_minutes() -> None:
    assert GuildSettings(guild_id=1).queue_wait == 5
    assert GuildSettings.from_stored(1, {"queue_wait": 99}).queue_wait == 5  # invalid: default


@pytest.mark.parametrize(("typed", "minutes"), [("1", 1), ("10m", 10), ("15 min", 15), ("60", 60)])
def test_minutes_are_read_and_accepted(typed: str, minutes: int) -> None:
    value = parse_setting_value("queue_wait", typed)
    assert validate_setting("queue_wait", value) == minutes
    assert GuildSettings.from_stored(1, {"queue_wait": value}).queue_wait == minutes


@pytest.mark.parametrize(
    ("typed", "words"),
    [("0", "from 1 to 60"), ("61", "from 1 to 60"), ("soon", "whole number of minutes")],
)
def test_a_bad_wait_is_refused_with_what_to_type(typed: str, words: str) -> None:
    with pytest.raises(SettingError, match=words):
        validate_setting("queue_wait", parse_setting_value("queue_wait", typed))


def test_moderators_read_and_are_offered_minutes() -> None:
    assert format_value("queue_wait", 5) == "5 min"
    assert ("10 min", "10") in value_suggestions("queue_wait", "")
    embed = changed_embed("queue_wait", GuildSettings(1, queue_wait=10), {"queue_wait": 10})
    assert "10 min" in (embed.description or "")
    assert "those waiting keep their wait" in (embed.footer.text or "")
