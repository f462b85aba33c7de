"""The pictures attached to table and hand messages, drawn by :mod:`bot.pictures` where
:mod:`bot.drawing` says: a private hand at once for a click's answer, in a worker of its
own for a refresh; a table's picture in a worker process, and again only when what it
shows changed (:func:`picture_key`).
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import discord

from bot.drawing import PictureDrawer
from bot.pictures import SeatTag
from bot.pictures.hand import picture_parts
from bot.store.guild_settings import GuildSettings
from bot.tables.models import HandView, Table
from bot.ui.hand.lasting import still_view
from bot.ui.names import person_name
from bot.words.players import computer_short_name
from bot.words.sides import DEAD_HAND_NAME

log = logging.getLogger(__name__)

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
REFRESH_WAIT = 3.0  # seconds a hand's refresh waits for its picture before going without


def _picture_name(user_id: int, names: Mapping[int, str], seat: int) -> str:
    name = person_name(user_id, names)
    return f"Player {seat + 1}" if name.startswith("<@") else name


def seat_tags(table: Table, names: Mapping[int, str]) -> list[SeatTag]:
    """How the picture labels each hand: names as text shows them; a computer by its short
    name with its level's badge; a seat a member left by their name, ``(left)``, the badge
    playing on (``(out)`` where a moderator gave the seat away: a short mark, so that a
    seat's box keeps it whole)."""
    tags = []
    for seat in table.seats:
        if seat.user_id is not None:
            name = _picture_name(seat.user_id, names, seat.index)
            tags.append(SeatTag(name, seat.computer_level if seat.standin else None))
        elif seat.left_by is not None:
            name = _picture_name(seat.left_by, names, seat.index)
            how = "out" if seat.given_away else "left"
            tags.append(SeatTag(f"{name} ({how})", seat.computer_level))
        elif seat.computer_level is not None:
            tags.append(SeatTag(computer_short_name(seat.index), seat.computer_level))
        else:
            tags.append(SeatTag(f"Seat {seat.index + 1}"))
    hands = max((max(side) + 1 for side in table.sides if side), default=len(tags))
    return tags + [SeatTag(DEAD_HAND_NAME)] * (hands - len(tags))


def picture_key(*parts: Any) -> str:
    """A short digest of everything a picture shows: equal keys, equal pictures."""
    text = json.dumps(parts, sort_keys=True, default=repr)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def picture_file(png: bytes, filename: str, description: str) -> discord.File:
    """An attachment for ``png`` (``description`` is its alt text)."""
    return discord.File(io.BytesIO(png), filename=filename, description=description[:1000])


def start_hand_picture(
    drawer: PictureDrawer, hand: HandView, settings: GuildSettings, *, here: bool = False
) -> asyncio.Future[bytes] | None:
    """The drawing of the private hand's picture (by the hands' worker unless ``here``),
    or None when the server turned pictures off; a state already drawn or being drawn is
    not drawn again."""
    if not settings.pictures:
        return None
    view, cards = picture_parts(still_view(hand).view, hand.legal)
    key = picture_key(view, cards, settings.four_colour)
    return drawer.hand(key, view, cards, settings.four_colour, here=here)


async def hand_picture(
    drawer: PictureDrawer,
    hand: HandView,
    settings: GuildSettings,
    *,
    late: Callable[[bytes], object] | None = None,
    wait: float = REFRESH_WAIT,
) -> bytes | None:
    """The private hand's picture, or None: the server turned pictures off, or it could
    not be drawn. Without ``late`` it is drawn at once, here; with it, by the hands'
    worker, waited for ``wait`` seconds at most: then the message goes with the text
    alone, and ``late(picture)`` is called once the picture is drawn, to edit it in."""
    drawing = start_hand_picture(drawer, hand, settings, here=late is None)
    if drawing is None:
        return None
    try:
        if drawing.done() or late is None:
            return drawing.result()
        if wait > 0:
            return await asyncio.wait_for(asyncio.shield(drawing), wait)
    except TimeoutError:
        pass
    except Exception:
        log.exception("Table %d: a hand picture could not be drawn", hand.table.id)
        return None
    assert late is not None
    log.info("Table %d: a hand picture not drawn in time follows in an edit", hand.table.id)
    drawing.add_done_callback(partial(_when_drawn, late))
    return None


def _when_drawn(late: Callable[[bytes], object], drawing: asyncio.Future[bytes]) -> None:
    if not drawing.cancelled() and drawing.exception() is None:
        late(drawing.result())


def hand_files(png: bytes | None, embed: discord.Embed) -> list[discord.File]:
    """The hand's picture as an attachment, with ``embed`` pointed at it (none: no files)."""
    if png is None:
        return []
    show_picture(embed, HAND_FILE)
    alt = "Your cards, as the message lists them; the ones you cannot play now are dimmed"
    return [picture_file(png, HAND_FILE, alt)]


def show_picture(embed: discord.Embed, filename: str) -> discord.Embed:
    """Make ``embed`` show the attached picture ``filename``."""
    return embed.set_image(url=f"attachment://{filename}")
