"""The pictures attached to table and hand messages, drawn by :mod:`bot.pictures`.

Drawing takes a few milliseconds, so it runs in a worker thread, never on the event loop.
A table's picture is drawn again only when what it shows changed (:func:`picture_key`).
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.pictures import SeatTag, render_hand, render_table
from bot.store.guild_settings import GuildSettings
from bot.tables.models import HandView, Table
from bot.ui.names import DEAD_HAND_NAME, person_name

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"


def seat_tags(table: Table, names: Mapping[int, str]) -> list[SeatTag]:
    """How the picture labels each hand: names as text shows them, computers with level."""
    tags = []
    for seat in table.seats:
        if seat.user_id is not None:
            name = person_name(seat.user_id, names)
            if name.startswith("<@"):
                name = f"Player {seat.index + 1}"
            tags.append(SeatTag(name, seat.computer_level if seat.standin else None))
        elif seat.computer_level is not None:
            level = seat.computer_level
            tags.append(SeatTag(f"{level.capitalize()} · seat {seat.index + 1}", level))
        else:
            tags.append(SeatTag(f"Seat {seat.index + 1}"))
    hands = max((max(side) + 1 for side in table.sides if side), default=len(tags))
    return tags + [SeatTag(DEAD_HAND_NAME)] * (hands - len(tags))


def picture_key(*parts: Any) -> str:
    """A short digest of everything a picture shows: equal keys, equal pictures."""
    text = json.dumps(parts, sort_keys=True, default=repr)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


async def table_png(view: Mapping[str, Any], tags: Sequence[SeatTag], four_colour: bool) -> bytes:
    """The table picture, drawn off the event loop."""
    return await asyncio.to_thread(render_table, view, tags, four_colour=four_colour)


async def hand_png(view: Mapping[str, Any], legal: Sequence[str], four_colour: bool) -> bytes:
    """A private hand's picture, drawn off the event loop."""
    return await asyncio.to_thread(render_hand, view, legal, four_colour=four_colour)


def picture_file(png: bytes, filename: str, description: str) -> discord.File:
    """An attachment for ``png`` (``description`` is its alt text)."""
    return discord.File(io.BytesIO(png), filename=filename, description=description[:1000])


async def hand_files(
    hand: HandView, embed: discord.Embed, settings: GuildSettings
) -> list[discord.File]:
    """The private hand's picture (none when the server turned pictures off), with
    ``embed`` pointed at it."""
    if not settings.pictures:
        return []
    png = await hand_png(hand.view, hand.legal, settings.four_colour)
    show_picture(embed, HAND_FILE)
    alt = "Your cards, as the message lists them; the ones you cannot play now are dimmed"
    return [picture_file(png, HAND_FILE, alt)]


def show_picture(embed: discord.Embed, filename: str) -> discord.Embed:
    """Make ``embed`` show the attached picture ``filename``."""
    return embed.set_image(url=f"attachment://{filename}")
