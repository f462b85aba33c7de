"""The tournament settings: ``tournament_role`` (who besides Manage Server may run
tournaments; none by default) and ``rate_tournaments`` (on by default)."""

from __future__ import annotations

import pytest

from bot.store.guild_settings import GuildSettings, SettingError, validate_setting
from bot.ui.config.message import changed_embed
from bot.ui.config.setting_input import format_value, parse_setting_value, value_suggestions


def test_defaults() -> None:
    settings = GuildSettings(guild_id=1)
    assert settings.tournament_role == 0 and settings.rate_tournaments is True
    stored = GuildSettings.from_stored(1, {"tournament_role": -3, "rate_tournaments": "x"})
    assert stored.tournament_role == 0 and stored.rate_tournaments is True


@pytest.mark.parametrize("typed, role", [
    ("<@&777>", 777), ("777", 777), ("Tournament director", 55), ("@tournament director", 55),
    ("none", 0), ("off", 0),
])
def test_a_role_by_mention_id_or_name(typed: str, role: int) -> None:
    def find(name: str) -> int | None:
        return 55 if name.lower() == "tournament director" else None

    value = parse_setting_value("tournament_role", typed, None, find)
    assert validate_setting("tournament_role", value) == role


def test_an_unknown_role_is_refused() -> None:
    with pytest.raises(SettingError, match="no role 'Directors'"):
        parse_setting_value("tournament_role", "Directors", None, lambda name: None)


def test_rate_tournaments_is_a_switch() -> None:
    assert parse_setting_value("rate_tournaments", "off") is False
    assert GuildSettings.from_stored(1, {"rate_tournaments": False}).rate_tournaments is False


def test_how_they_read() -> None:
    assert format_value("tournament_role", 0) == "none (Manage Server only)"
    assert format_value("tournament_role", 5) == "<@&5>"
    assert format_value("rate_tournaments", True) == "yes"
    suggested = value_suggestions("tournament_role", "", (), ["Directors"])
    assert ("@Directors", "Directors") in suggested
    embed = changed_embed("tournament_role", GuildSettings(1, tournament_role=5),
                          {"tournament_role": 5})
    assert "<@&5>" in str(embed.to_dict())
