"""Routing clicks on table and hand messages: one router for every Bower component.

Why a router rather than discord.py's ``DynamicItem``: a dynamic item is only called when
its custom id is still on the message Discord sends with the click. A player whose client
shows an older state of a table message (Join on a table that has just started, a card of
a hand message another click already replaced) would then get no answer at all. The
router answers every Bower custom id, whatever the message looks like now: the id names
the table (and the turn), the service decides, and a refusal is explained privately.
Nothing is kept per message, so every button keeps working after a restart.
"""

from __future__ import annotations

import re
from typing import Any, cast

import discord

from bot.tables import TableError
from bot.ui.custom_ids import (
    ACTION_PATTERN,
    HINT_PATTERN,
    PICK_PATTERN,
    PREFIX,
    REMOVE_PATTERN,
    TABLE_PATTERN,
    is_action_id,
)

from . import table_play

STALE = "That button is no longer in use."


def component_data(interaction: discord.Interaction) -> dict[str, Any]:
    """The interaction's data as a plain dict (custom_id, values)."""
    return cast(dict[str, Any], interaction.data or {})


def is_bower_component(interaction: discord.Interaction) -> bool:
    """A click on one of Bower's buttons or selects."""
    if interaction.type != discord.InteractionType.component:
        return False
    custom_id = component_data(interaction).get("custom_id", "")
    return isinstance(custom_id, str) and custom_id.startswith(PREFIX + ":")


async def route(interaction: discord.Interaction) -> None:
    """Hand a Bower click to what it asks for (answered privately if refused)."""
    custom_id = str(component_data(interaction).get("custom_id", ""))
    await table_play.guarded(interaction, _dispatch(interaction, custom_id))


async def _dispatch(interaction: discord.Interaction, custom_id: str) -> None:
    if match := re.fullmatch(TABLE_PATTERN, custom_id):
        await table_play.table_button(interaction, int(match["table"]), match["op"])
    elif match := re.fullmatch(ACTION_PATTERN, custom_id):
        table_id, turn = int(match["table"]), int(match["turn"])
        await table_play.play(interaction, table_id, turn, match["action"])
    elif match := re.fullmatch(PICK_PATTERN, custom_id):
        values = component_data(interaction).get("values") or []
        action = str(values[0]) if values else ""
        if not is_action_id(action):
            raise TableError("Choose one of the options.")
        await table_play.play(interaction, int(match["table"]), int(match["turn"]), action)
    elif match := re.fullmatch(HINT_PATTERN, custom_id):
        await table_play.hint(interaction, int(match["table"]), int(match["turn"]))
    elif match := re.fullmatch(REMOVE_PATTERN, custom_id):
        values = component_data(interaction).get("values") or []
        if not values or not str(values[0]).isdigit():
            raise TableError("Choose a seat to empty.")
        await table_play.remove_player(interaction, int(match["table"]), int(values[0]))
    else:
        raise TableError(STALE)
