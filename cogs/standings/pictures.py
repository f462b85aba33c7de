"""The standings cogs' pictures: the display names they show, looked up when unknown, and
a picture drawn in the drawing workers and attached to its embed (none when the server
turned pictures off, or the bot runs without its drawing workers)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable

import discord
from discord.ext import commands

from bot.ui.pictures import picture_file, show_picture
from bot.ui.replies import in_time
from bot.ui.runtime import runtime_of
from bot.ui.views import StaticView, as_view

from ..store_access import settings_repository

log = logging.getLogger(__name__)

#: An answer: its embed (or embeds), its buttons (None: none) and its pictures.
Answer = tuple[discord.Embed | list[discord.Embed], StaticView | None, list[discord.File]]

#: How many unknown display names one answer looks up (one REST call each).
NAME_LOOKUPS = 25


async def display_names(bot: commands.Bot, guild_id: int, people: Iterable[int]) -> dict[int, str]:
    """The display names Bower knows of ``people`` (the first few unknown looked up)."""
    wanted = [p for p in dict.fromkeys(people) if p > 0]
    try:
        book = runtime_of(bot).names
    except RuntimeError:
        return {}
    missing = [p for p in wanted if p not in book.names][:NAME_LOOKUPS]
    if missing:
        await book.ensure(guild_id, missing)
    return {p: book.names[p] for p in wanted if p in book.names}


async def attached_picture(
    bot: commands.Bot,
    guild_id: int,
    draw: Callable[[], bytes],
    embed: discord.Embed,
    filename: str,
    alt: str,
) -> list[discord.File]:
    """``draw()`` run in a drawing worker, as an attachment ``embed`` shows (with ``alt``
    as its alt text); no files when the server shows no pictures or it failed."""
    if not (await settings_repository(bot).get(guild_id)).pictures:
        return []
    try:
        drawer = runtime_of(bot).drawer
    except RuntimeError:
        return []
    try:
        png = await drawer.standings(draw)
    except Exception:
        log.exception("Guild %d: the picture %s could not be drawn", guild_id, filename)
        return []
    show_picture(embed, filename)
    return [picture_file(png, filename, alt)]


async def send_answer(
    interaction: discord.Interaction, work: Awaitable[Answer], *, share: bool
) -> None:
    """Send what ``work`` gives as a new message: privately, or for everyone when
    ``share`` (then the wait shows publicly too, so the answer is not made private)."""
    if share:
        await interaction.response.defer(thinking=True)
        shown, view, files = await work
    else:
        shown, view, files = await in_time(interaction, work, new_message=True)
    embeds = shown if isinstance(shown, list) else [shown]
    buttons = as_view(view) if view is not None else discord.utils.MISSING
    if not interaction.response.is_done():
        await interaction.response.send_message(
            embeds=embeds, view=buttons, files=files, ephemeral=not share
        )
    else:
        await interaction.followup.send(embeds=embeds, view=buttons, files=files,
                                        ephemeral=not share)
