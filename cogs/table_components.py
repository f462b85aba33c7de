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
from typing import Any, NamedTuple, cast

import discord

from bot.tables import TableError
from bot.ui.custom_ids import (
    ACTION_PATTERN,
    HINT_PATTERN,
    LEAVE_PATTERN,
    PICK_PATTERN,
    PREFIX,
    REMOVE_PATTERN,
    REVIEW_PATTERN,
    TABLE_PATTERN,
    fits,
    is_action_id,
)
from bot.ui.numbers import parse_number

from . import table_play
from .review import review_cog

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
    if match["op"] == "review":  # on a finished table, its closed hands and /history
        await review_cog(interaction.client).open(interaction, int(match["table"]))
        return
    await table_play.table_button(interaction, int(match["table"]), match["op"])


async def _leave(interaction: discord.Interaction, match: re.Match[str]) -> None:
    await table_play.answer_leave(interaction, int(match["table"]), match["op"])


async def _review(interaction: discord.Interaction, match: re.Match[str]) -> None:
    await review_cog(interaction.client).click(interaction, match)


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


class Route(NamedTuple):
    """How one kind of Bower custom id is read and answered."""

    pattern: str
    handler: Handler
    #: The answer updates the clicked message (UPDATE_MESSAGE or an edit after a deferred
    #: update): allowed only on the member's own private (ephemeral) message.
    updates_message: bool


#: Every kind of Bower custom id (``bower:<kind>:…``). Table-message buttons answer with a
#: new private message (My hand / Refresh updates only a private message it is clicked
#: on) or a silent deferral, so they may be clicked anywhere; the hand's actions, card and
#: choice selects, Hint, the host's removal menu, the answers to "Leave the game?" and a
#: review's buttons update their
#: message, so a tampered client sending one for a public message is refused and nothing
#: is rewritten.
ROUTES: dict[str, Route] = {
    "table": Route(TABLE_PATTERN, _table_button, updates_message=False),
    "act": Route(ACTION_PATTERN, _action, updates_message=True),
    "pick": Route(PICK_PATTERN, _pick, updates_message=True),
    "hint": Route(HINT_PATTERN, _hint, updates_message=True),
    "remove": Route(REMOVE_PATTERN, _remove, updates_message=True),
    "review": Route(REVIEW_PATTERN, _review, updates_message=True),
    "leave": Route(LEAVE_PATTERN, _leave, updates_message=True),
}


async def _dispatch(interaction: discord.Interaction, custom_id: str) -> None:
    route = ROUTES.get(custom_id.partition(":")[2].partition(":")[0])  # bower:<kind>:…
    if route is None:
        raise TableError(STALE)
    match = re.fullmatch(route.pattern, custom_id)
    if match is None or not fits(match, *(g for g in ("table", "turn") if g in match.groupdict())):
        raise TableError(NOT_VALID)  # a number that no Bower control carries, or a bad shape
    if route.updates_message and not table_play.is_private_message(interaction):
        raise TableError(PRIVATE_ONLY)
    await route.handler(interaction, match)
