"""Settings: defaults, the required token, clear errors for bad values, `.env` support."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import (
    DEFAULT_API_BASE,
    DEFAULT_GATEWAY_URL,
    ConfigError,
    Settings,
    load_settings,
)

TOKEN = "MTIz.abc.def"


def load(tmp_path: Path, **env: str) -> Settings:
    return load_settings(env, dotenv_path=tmp_path / ".env")


def test_only_the_token_is_required_and_the_rest_has_defaults(tmp_path: Path) -> None:
    settings = load(tmp_path, DISCORD_TOKEN=TOKEN)
    assert settings.discord_token == TOKEN
    assert settings.database_path == Path("data/bower.sqlite3")
    assert settings.discord_api_base == DEFAULT_API_BASE == "https://discord.com/api/v10"
    assert settings.discord_gateway_url == DEFAULT_GATEWAY_URL == "wss://gateway.discord.gg/"
    assert settings.log_level == "INFO" and settings.log_level_number == 20


def test_every_setting_can_be_given(tmp_path: Path) -> None:
    settings = load(
        tmp_path,
        DISCORD_TOKEN=f"  {TOKEN}\n",
        DATABASE_PATH=str(tmp_path / "bower.db"),
        DISCORD_API_BASE="http://127.0.0.1:8080/api/v10",
        DISCORD_GATEWAY_URL="ws://127.0.0.1:8080/",
        LOG_LEVEL="debug",
    )
    assert settings.discord_token == TOKEN
    assert settings.database_path == tmp_path / "bower.db"
    assert settings.discord_api_base == "http://127.0.0.1:8080/api/v10"
    assert settings.discord_gateway_url == "ws://127.0.0.1:8080/"
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize(
    "env, message",
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "   "}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": f"Bot {TOKEN}"}, "without the 'Bot ' prefix"),
        ({"DISCORD_TOKEN": "abc def"}, "must not contain spaces"),
        ({"DISCORD_API_BASE": "discord.com/api"}, "DISCORD_API_BASE must be a http:// or https://"),
        ({"DISCORD_API_BASE": "https://x/api?v=10"}, "must not carry a query"),
        (
            {"DISCORD_GATEWAY_URL": "https://gateway.discord.gg"},
            "DISCORD_GATEWAY_URL must be a ws://",
        ),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be one of DEBUG, INFO"),
    ],
)
def test_bad_settings_get_a_clear_error(tmp_path: Path, env: dict[str, str], message: str) -> None:
    if "DISCORD_TOKEN" not in env and message != "DISCORD_TOKEN is not set":
        env = {"DISCORD_TOKEN": TOKEN, **env}
    with pytest.raises(ConfigError, match=message.replace("?", r"\?")):
        load(tmp_path, **env)


def test_database_path_must_not_be_a_directory(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is a directory"):
        load(tmp_path, DISCORD_TOKEN=TOKEN, DATABASE_PATH=str(tmp_path))


def test_dotenv_file_fills_in_what_the_environment_lacks(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nLOG_LEVEL=WARNING\n")
    settings = load(tmp_path, LOG_LEVEL="ERROR")
    assert settings.discord_token == TOKEN
    assert settings.log_level == "ERROR"


def test_the_token_never_shows_in_repr_or_errors(tmp_path: Path) -> None:
    settings = load(tmp_path, DISCORD_TOKEN=TOKEN)
    assert TOKEN not in repr(settings)
    with pytest.raises(ConfigError) as caught:
        load(tmp_path, DISCORD_TOKEN=f"Bot {TOKEN}")
    assert TOKEN not in str(caught.value)


def test_settings_are_frozen(tmp_path: Path) -> None:
    settings = load(tmp_path, DISCORD_TOKEN=TOKEN)
    with pytest.raises(AttributeError):
        settings.log_level = "DEBUG"  # type: ignore[misc]


def test_env_example_documents_every_setting() -> None:
    example = (Path(__file__).parents[2] / ".env.example").read_text()
    for name in (
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "LOG_LEVEL",
        "DISCORD_API_BASE",
        "DISCORD_GATEWAY_URL",
        "BACKUP_DIR",
        "BACKUP_EVERY_HOURS",
        "BACKUP_KEEP",
    ):
        assert f"{name}=" in example


def test_backups_are_off_by_default_and_can_be_set(tmp_path: Path) -> None:
    settings = load(tmp_path, DISCORD_TOKEN=TOKEN)
    assert settings.backup_dir is None
    assert (settings.backup_every_hours, settings.backup_keep) == (24.0, 7)
    settings = load(
        tmp_path,
        DISCORD_TOKEN=TOKEN,
        BACKUP_DIR=str(tmp_path / "backups"),
        BACKUP_EVERY_HOURS="6",
        BACKUP_KEEP="3",
    )
    assert settings.backup_dir == tmp_path / "backups"
    assert (settings.backup_every_hours, settings.backup_keep) == (6.0, 3)


@pytest.mark.parametrize(
    "env, message",
    [
        ({"BACKUP_EVERY_HOURS": "daily"}, "BACKUP_EVERY_HOURS must be a number"),
        ({"BACKUP_EVERY_HOURS": "0"}, "BACKUP_EVERY_HOURS must be a number from"),
        ({"BACKUP_KEEP": "0"}, "BACKUP_KEEP must be a whole number from 1"),
        ({"BACKUP_KEEP": "2.5"}, "BACKUP_KEEP must be a whole number"),
    ],
)
def test_bad_backup_settings_name_the_setting(
    tmp_path: Path, env: dict[str, str], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        load(tmp_path, DISCORD_TOKEN=TOKEN, **env)


def test_backup_dir_must_not_be_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(ConfigError, match="BACKUP_DIR must name a folder"):
        load(tmp_path, DISCORD_TOKEN=TOKEN, BACKUP_DIR=str(tmp_path / "file"))
