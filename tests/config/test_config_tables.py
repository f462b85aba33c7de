"""The table settings of the environment: computer players' pace and the timer scale."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import service_config
from bot.config import ConfigError, load_settings

TOKEN = "MTIz.abc.def"


def test_defaults_give_people_time_to_follow(tmp_path: Path) -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN}, dotenv_path=tmp_path / ".env")
    config = service_config(settings)
    assert (config.computer_delay, config.think_time, config.timer_scale) == (1.2, 1.0, 1.0)
    assert config.workers == 2


def test_tests_can_make_computers_quick(tmp_path: Path) -> None:
    env = {
        "DISCORD_TOKEN": TOKEN,
        "COMPUTER_DELAY": "0",
        "COMPUTER_THINK_TIME": "0.2",
        "COMPUTER_WORKERS": "1",
        "TURN_TIMER_SCALE": "0.01",
    }
    config = service_config(load_settings(env, dotenv_path=tmp_path / ".env"))
    assert (config.computer_delay, config.think_time, config.timer_scale) == (0, 0.2, 0.01)
    assert config.workers == 1


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("COMPUTER_DELAY", "soon", "COMPUTER_DELAY must be a number"),
        ("COMPUTER_DELAY", "-1", "from 0 to 30"),
        ("COMPUTER_WORKERS", "1.5", "COMPUTER_WORKERS must be a whole number"),
        ("TURN_TIMER_SCALE", "0", "TURN_TIMER_SCALE must be a number from"),
    ],
)
def test_bad_values_get_a_clear_error(tmp_path: Path, name: str, value: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_settings({"DISCORD_TOKEN": TOKEN, name: value}, dotenv_path=tmp_path / ".env")


def test_env_example_documents_the_table_settings() -> None:
    example = (Path(__file__).parents[2] / ".env.example").read_text()
    for name in ("COMPUTER_DELAY", "COMPUTER_THINK_TIME", "COMPUTER_WORKERS", "TURN_TIMER_SCALE"):
        assert f"{name}=" in example
