"""Answering interactions in time: Discord waits 3 seconds for the first answer.

:func:`in_time` runs the work and, if it is not done within a budget, acknowledges the
interaction first (a "thinking" defer for commands, a silent deferred update for
components) and lets the work finish; :func:`tell` and :func:`show` then answer through
whichever route is still open.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

import discord

from bot.ui.views import StaticView, as_view

T = TypeVar("T")
ANSWER_BUDGET = 2.0  # seconds after the interaction reached us; Discord allows 3


def is_component(interaction: discord.Interaction) -> bool:
    """A button or select click (as opposed to a slash command)."""
    return interaction.type == discord.InteractionType.component


async def acknowledge(interaction: discord.Interaction, *, new_message: bool = False) -> None:
    """Defer the answer: a silent deferred update for a click that will update its message,
    else "thinking" privately (the answer then fills in that private message)."""
    if interaction.response.is_done():
        return
    if is_component(interaction) and not new_message:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def in_time(
    interaction: discord.Interaction,
    work: Awaitable[T],
    *,
    started: float | None = None,
    budget: float = ANSWER_BUDGET,
    new_message: bool = False,
) -> T:
    """The result of ``work``; the interaction is deferred if that takes too long.

    ``work`` runs in this task, a timer deferring meanwhile: run as a task of its own and
    waited for, it cost each click two more turns of the event loop, which under a burst
    of clicks are long. ``new_message``: the answer will be a new private message (not an
    update of the clicked message), so a deferral shows "thinking" privately.

    ``budget`` counts from ``started`` (when the click was made), less as much again as
    the click waited to reach us: a loop that reached it late is about as late to send
    the deferral (at 1,000 tables' start-up, timed by the budget alone, answers went up
    to 2.8 s after their clicks).
    """
    deferring: asyncio.Future[None] | None = None

    def defer() -> None:
        nonlocal deferring
        deferring = asyncio.ensure_future(acknowledge(interaction, new_message=new_message))

    waited = time.monotonic() - started if started is not None else 0.0
    left = budget - 2 * waited
    timer = asyncio.get_running_loop().call_later(max(0.0, left), defer)
    try:
        return await work
    finally:
        timer.cancel()
        if deferring is not None:  # the answer goes after the deferral
            await deferring


def release(interaction: discord.Interaction) -> None:
    """Let an answered interaction be freed as soon as it is dropped.

    An interaction and its ``response`` refer to each other (discord.py caches the
    response in the interaction's ``_cs_response`` slot), so the ~40 objects a click
    carries (its message, members, components) waited for the cycle collector. In a
    load benchmark run at 500 busy tables (``--gc-log``), its passes paused the event
    loop 79 times for about 20 ms and 7 times for 47; with clicks released, 23 and 2.
    Call this once nothing will use the interaction again; using ``response``
    afterwards would see a fresh, unanswered one.
    """
    with contextlib.suppress(AttributeError):  # its response was never asked for
        del interaction._cs_response  # type: ignore[attr-defined]


async def tell(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    view: StaticView | None = None,
) -> None:
    """Answer privately with a new message (a followup once the interaction is answered)."""
    extra: dict[str, Any] = {}
    if content is not None:
        extra["content"] = content
    if embed is not None:
        extra["embed"] = embed
    if view is not None:
        extra["view"] = as_view(view)
    if not interaction.response.is_done():
        await interaction.response.send_message(ephemeral=True, **extra)
    else:
        await interaction.followup.send(ephemeral=True, **extra)


async def send_private(
    interaction: discord.Interaction,
    *,
    embed: discord.Embed,
    view: StaticView,
    files: Sequence[discord.File] = (),
) -> None:
    """A new private message that stays the interaction's original response (editable
    later through its token): sent, or filled into a "thinking" deferral."""
    if not interaction.response.is_done():
        await interaction.response.send_message(
            embed=embed, view=as_view(view), files=list(files), ephemeral=True
        )
    else:
        await interaction.edit_original_response(
            content=None, embed=embed, view=as_view(view), attachments=list(files)
        )


async def show_closed(interaction: discord.Interaction, note: str) -> None:
    """Take the buttons off the clicked message and say why (its embed stays)."""
    if not interaction.response.is_done():
        await interaction.response.edit_message(content=note, view=None)
    else:
        await interaction.edit_original_response(content=note, view=None)


async def show(
    interaction: discord.Interaction,
    *,
    embed: discord.Embed,
    view: StaticView,
    files: Sequence[discord.File] = (),
) -> None:
    """Replace the message a component sits on (an UPDATE, or an edit after a defer), its
    attachments by ``files``."""
    changes: dict[str, Any] = {"content": None, "embed": embed, "view": as_view(view)}
    changes["attachments"] = list(files)
    if not interaction.response.is_done():
        await interaction.response.edit_message(**changes)
    else:
        await interaction.edit_original_response(**changes)


async def answer_privately(
    interaction: discord.Interaction,
    *,
    embed: discord.Embed,
    view: StaticView,
    files: Sequence[discord.File] = (),
    update: bool,
) -> None:
    """Update the clicked private message (``update``), or send a new private one."""
    if update:
        await show(interaction, embed=embed, view=view, files=files)
    else:
        await send_private(interaction, embed=embed, view=view, files=files)
