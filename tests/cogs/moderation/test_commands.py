"""``/modlog`` and ``/rating reset`` as Discord sees them, and which clicks their own
buttons leave unanswered (the cogs answer those privately)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot.engine import VARIANTS
from bot.store.moderation.modlog import MOD_KINDS, ModLogFilter
from bot.ui.moderation.modlog import MODLOG_PATTERN, MODLOG_PREFIX, modlog_button_id
from bot.ui.moderation.rating_reset import (
    RATING_PATTERN,
    RATING_PREFIX,
    ResetRequest,
    reset_button_id,
)
from cogs.clicks import is_stray_click
from cogs.help import COMMANDS
from cogs.moderation.modlog import ModLog
from cogs.moderation.ratings import Ratings
from tests.emulator.rules import limits


@pytest.fixture
async def bot() -> commands.Bot:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    await client.add_cog(Ratings(client))
    await client.add_cog(ModLog(client))  # no store here: it logs a warning
    return client


def payload(bot: commands.Bot, name: str) -> dict[str, Any]:
    command = bot.tree.get_command(name)
    assert command is not None
    return command.to_dict(bot.tree)


async def test_both_commands_need_manage_server_and_a_server(bot: commands.Bot) -> None:
    modlog, rating = payload(bot, "modlog"), payload(bot, "rating")
    limits.check_commands([modlog, rating])
    for command in (modlog, rating):
        assert int(command["default_member_permissions"]) == discord.Permissions.manage_guild.flag
        assert command["dm_permission"] is False
    kind = next(o for o in modlog["options"] if o["name"] == "kind")
    assert [c["value"] for c in kind["choices"]] == list(MOD_KINDS)
    assert not any(o.get("required") for o in modlog["options"])
    reset = next(o for o in rating["options"] if o["name"] == "reset")
    options = {o["name"]: o for o in reset["options"]}
    assert options["member"]["required"] and options["game"]["required"]
    assert [c["value"] for c in options["game"]["choices"]] == list(VARIANTS)


def test_help_lists_both_commands() -> None:
    assert {"/modlog", "/rating reset"} <= {name for name, _ in COMMANDS}


def click(custom_id: str, carried: list[str]) -> Any:
    rows = [SimpleNamespace(children=[SimpleNamespace(custom_id=c) for c in carried])]
    return SimpleNamespace(
        type=discord.InteractionType.component,
        data={"custom_id": custom_id},
        message=SimpleNamespace(components=rows),
    )


PAGE = modlog_button_id(1, ModLogFilter(kind="setting"), 1)
RESET = reset_button_id("reset", ResetRequest(1, 2, "euchre", 1))


@pytest.mark.parametrize(
    ("custom_id", "carried", "prefix", "pattern", "stray"),
    [
        (PAGE, [PAGE], MODLOG_PREFIX, MODLOG_PATTERN, False),  # its button answers
        (PAGE, [], MODLOG_PREFIX, MODLOG_PATTERN, True),  # sent for another message
        ("bower-modlog:1:0:nonsense:0", [], MODLOG_PREFIX, MODLOG_PATTERN, True),
        (
            "bower-modlog:1:0:nonsense:0",
            ["bower-modlog:1:0:nonsense:0"],
            MODLOG_PREFIX,
            MODLOG_PATTERN,
            True,
        ),
        ("bower:table:1:join", [], MODLOG_PREFIX, MODLOG_PATTERN, False),  # the router's
        ("bower-board:1:euchre:0", [], MODLOG_PREFIX, MODLOG_PATTERN, False),  # stats'
        (RESET, [RESET], RATING_PREFIX, RATING_PATTERN, False),
        (RESET, [], RATING_PREFIX, RATING_PATTERN, True),
        ("bower-rating:wipe:1:2:euchre:1", [], RATING_PREFIX, RATING_PATTERN, True),
    ],
)
def test_stray_clicks_are_the_ones_no_button_answers(
    custom_id: str, carried: list[str], prefix: str, pattern: str, stray: bool
) -> None:
    assert is_stray_click(click(custom_id, carried), prefix, pattern) is stray


def test_a_slash_command_is_never_a_stray_click() -> None:
    command = SimpleNamespace(
        type=discord.InteractionType.application_command, data={"custom_id": PAGE}, message=None
    )
    assert not is_stray_click(command, MODLOG_PREFIX, MODLOG_PATTERN)
