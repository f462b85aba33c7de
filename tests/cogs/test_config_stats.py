"""The /config, stats, leaderboard and season cogs as Discord sees them: permissions,
options, choices."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot.engine import VARIANTS
from bot.store.guild_settings import setting_names
from cogs.config import SETTING_CHOICES, Config
from cogs.moderators import is_moderator
from cogs.standings.leaderboard import Leaderboard
from cogs.standings.seasons import Seasons
from cogs.standings.stats import GAME_CHOICES, Stats
from tests.emulator.rules import limits


@pytest.fixture
async def bot() -> commands.Bot:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    await client.add_cog(Config(client))
    await client.add_cog(Stats(client))  # no table service here: it logs a warning
    await client.add_cog(Leaderboard(client))
    await client.add_cog(Seasons(client))
    return client


def payload(bot: commands.Bot, name: str) -> dict[str, Any]:
    command = bot.tree.get_command(name)
    assert command is not None
    return command.to_dict(bot.tree)


async def test_config_needs_manage_server_by_default_and_only_in_servers(
    bot: commands.Bot,
) -> None:
    config = payload(bot, "config")
    assert int(config["default_member_permissions"]) == discord.Permissions.manage_guild.flag
    assert config["dm_permission"] is False
    assert {o["name"] for o in config["options"]} == {"show", "set", "reset"}


def test_every_setting_and_game_is_a_choice_within_limits() -> None:
    assert [c.value for c in SETTING_CHOICES] == setting_names()
    assert [c.value for c in GAME_CHOICES] == list(VARIANTS)
    assert len(SETTING_CHOICES) + 1 <= 25
    assert all(len(c.name) <= 100 for c in SETTING_CHOICES)


async def test_the_stats_commands_register_valid_payloads(bot: commands.Bot) -> None:
    names = ("leaderboard", "season", "stats", "history", "config")
    limits.check_commands([payload(bot, n) for n in names])
    leaderboard = payload(bot, "leaderboard")
    assert "default_member_permissions" not in leaderboard or (
        leaderboard["default_member_permissions"] is None
    )  # show and seasons are for everyone; export checks Manage Server when it runs
    subcommands = {o["name"]: o for o in leaderboard["options"]}
    assert set(subcommands) == {"show", "export", "seasons"}
    show = {o["name"]: o for o in subcommands["show"]["options"]}
    assert show["game"]["required"] and len(show["game"]["choices"]) == len(VARIANTS)
    assert show["season"]["autocomplete"] and not show["season"].get("required")
    assert show["players"]["autocomplete"] and not show["players"].get("required")
    assert show["share"]["type"] == discord.AppCommandOptionType.boolean.value
    assert not show["share"].get("required")  # private unless set
    export = {o["name"]: o for o in subcommands["export"]["options"]}
    assert set(export) == {"game", "season", "players"} and export["season"]["autocomplete"]


async def test_season_start_needs_manage_server_by_default(bot: commands.Bot) -> None:
    season = payload(bot, "season")
    assert int(season["default_member_permissions"]) == discord.Permissions.manage_guild.flag
    assert season["dm_permission"] is False
    [start] = season["options"]
    [name] = start["options"]
    assert start["name"] == "start" and name["required"]
    assert (name["min_length"], name["max_length"]) == (1, 50)


def interaction(permissions: discord.Permissions, *, guild: bool = True) -> Any:
    user = SimpleNamespace(id=5, guild_permissions=discord.Permissions.none())
    return SimpleNamespace(guild=object() if guild else None, permissions=permissions, user=user)


@pytest.mark.parametrize(
    ("permissions", "guild", "allowed"),
    [
        (discord.Permissions(manage_guild=True), True, True),
        (discord.Permissions(administrator=True), True, True),
        (discord.Permissions(manage_channels=True, manage_messages=True), True, False),
        (discord.Permissions(manage_guild=True), False, False),
    ],
)
def test_run_time_moderator_check(
    permissions: discord.Permissions, guild: bool, allowed: bool
) -> None:
    assert is_moderator(interaction(permissions, guild=guild)) is allowed
