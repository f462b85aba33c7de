"""What the publisher knows of each table: its feed (what is left to show), a shot of the
table read at one moment, and the picture change an edit makes."""

from __future__ import annotations

import asyncio
import datetime
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import discord

from bot.pictures import SeatTag
from bot.tables.models import Table


@dataclass(frozen=True)
class PictureChange:
    """What a table message's picture becomes: ``key`` names what it shows (None: no
    picture); ``files`` replace its attachments ([] removes them, None keeps them)."""

    key: str | None
    files: list[discord.File] | None

    @property
    def changes(self) -> dict[str, Any]:
        """The keyword arguments of a message edit that make this change."""
        return {} if self.files is None else {"attachments": self.files}


@dataclass(frozen=True)
class TableShot:
    """The table as read at one moment: its public ``view`` (None in a lobby or once
    closed), stamped with when it last changed and the publisher's ``version`` of it, and
    since when (monotonic) the first person's move it is the first to show was made."""

    table: Table
    view: Mapping[str, Any] | None
    changed_at: datetime.datetime | None
    version: int
    person_move_since: float | None = None


class PicturePlan(NamedTuple):
    """A table picture to draw: the shot it shows, its view and seat tags, and its key."""

    shot: TableShot
    view: Mapping[str, Any]
    tags: Sequence[SeatTag]
    key: str


@dataclass
class TableFeed:
    """What the publisher knows of one table and has yet to show."""

    table: Table
    channel_id: int | None = None
    message_id: int | None = None
    dirty: bool = False
    person_move_since: float | None = None  # (monotonic) the first person's move unread
    place: asyncio.Future[None] | None = None  # the table message's place in the budget's line
    lines: list[str] = field(default_factory=list)
    pings: list[int] = field(default_factory=list)
    greet: list[int] = field(default_factory=list)
    last_actor: int | None = None
    active: dict[int, float] = field(default_factory=dict)
    edited_at: float = -math.inf
    pinged_turn: int | None = None
    failures: int = 0
    news_failures: int = 0
    hand_failures: int = 0
    ping_message: int | None = None
    hands_due: bool = False
    picture_key: str | None = None
    changed_at: datetime.datetime | None = None
    version: int = 0  # changes heard of
    shown_version: int = -1  # the version the table message shows
    final_view: Mapping[str, Any] | None = None
    worker: asyncio.Task[None] | None = None
    news_worker: asyncio.Task[None] | None = None
    hand_worker: asyncio.Task[None] | None = None

    @property
    def person_moved(self) -> bool:
        """A person moved since the table was last read to show."""
        return self.person_move_since is not None

    @property
    def has_news(self) -> bool:
        """Narration or pings are left to post."""
        return bool(self.lines or self.pings or self.greet)

    @property
    def workers(self) -> list[asyncio.Task[None]]:
        """The table's workers that are running."""
        return [w for w in (self.worker, self.news_worker, self.hand_worker) if w is not None]
