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
from collections.abc import Awaitable, Callable
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
    fits,
    is_action_id,
)
from bot.ui.numbers import parse_number

from . import table_play

STALE = "That button is no longer in use."
NOT_VALID = "That button is not valid: nothing was changed."
PRIVATE_ONLY = "That control belongs on your private hand: press **My hand** to get yours."
MAX_SEATS = 10


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


Handler = Callable[[discord.Interaction, re.Match[str]], Awaitable[None]]


async def _table_button(interaction: discord.Interaction, match: re.Match[str]) -> None:
    await table_play.table_button(interaction, int(match["table"]), match["op"])


async def _action(interaction: discord.Interaction, match: re.Match[str]) -> None:
    await table_play.play(interaction, int(match["table"]), int(match["turn"]), match["action"])


async def _pick(interaction: discord.Interaction, match: re.Match[str]) -> None:
    action = _value(interaction)
    if not is_action_id(action):
        raise TableError("Choose one of the options.")
    await table_play.play(interaction, int(match["table"]), int(match["turn"]), action)


async def _hint(interaction: discord.Interaction, match: re.Match[str]) -> None:
    await table_play.hint(interaction, int(match["table"]), int(match["turn"]))


async def _remove(interaction: discord.Interaction, match: re.Match[str]) -> None:
    seat = parse_number(_value(interaction), maximum=MAX_SEATS)
    if seat is None:
        raise TableError("Choose a seat to empty.")
    await table_play.remove_player(interaction, int(match["table"]), seat)


def _value(interaction: discord.Interaction) -> str:
    values = component_data(interaction).get("values") or []
    return str(values[0]) if values else ""


#: (pattern, handler, whether the answer replaces the clicked message). A click whose
#: answer replaces its message must come from the member's own private message: anything
#: else (a tampered client sending a hand's custom id for the public table message) is
#: refused, so that nothing but their own private message is ever rewritten.
ROUTES: tuple[tuple[str, Handler, bool], ...] = (
    (TABLE_PATTERN, _table_button, False),
    (ACTION_PATTERN, _action, True),
    (PICK_PATTERN, _pick, True),
    (HINT_PATTERN, _hint, True),
    (REMOVE_PATTERN, _remove, True),
)


async def _dispatch(interaction: discord.Interaction, custom_id: str) -> None:
    for pattern, handler, replaces_message in ROUTES:
        match = re.fullmatch(pattern, custom_id)
        if match is None:
            continue
        if not fits(match, *(g for g in ("table", "turn") if g in match.groupdict())):
            raise TableError(NOT_VALID)
        if replaces_message and not table_play.is_private_message(interaction):
            raise TableError(PRIVATE_ONLY)
        await handler(interaction, match)
        return
    raise TableError(STALE)
