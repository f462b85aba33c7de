"""The moderation log as moderators read it: one line per action, and ``/modlog`` pages.

Pure (no I/O): an action in, a line out. The same line is posted in the server's
mod-log channel, so the wording is written to make sense on its own, at a glance:
when, who, what kind of action, and what changed (the table as ``#id``, the member
concerned as a mention).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.store.guild_settings import DEFAULTS, OPTIONS_PREFIX
from bot.store.moderation.modlog import MOD_KINDS, ModAction, ModLogFilter
from bot.ui.config.setting_input import format_value
from bot.ui.custom_ids import MAX_LENGTH, fits
from bot.ui.messages import MAX_CONTENT, chunks
from bot.ui.names import mention
from bot.ui.numbers import NUMBER
from bot.ui.stats.message import game_name, timestamp
from bot.ui.views import StaticView

MODLOG_COLOUR = 0x5865F2
PAGE_SIZE = 10
MAX_PAGE = 9999
#: A page button's custom id: the server, the filter (moderator 0 and kind ``all`` for
#: none) and the page it shows (from 0). Not ``bower:``, which the table router answers.
MODLOG_PREFIX = "bower-modlog"
ALL_KINDS = "all"
MODLOG_PATTERN = (
    rf"{MODLOG_PREFIX}:(?P<guild>{NUMBER}):(?P<moderator>{NUMBER})"
    rf":(?P<kind>{ALL_KINDS}|{'|'.join(MOD_KINDS)}):(?P<page>[0-9]{{1,4}})"
)

#: Each kind of action in plain words (also the choices of ``/modlog kind:``).
KIND_NAMES: dict[str, str] = {
    "setting": "Setting changed",
    "table_end": "Table ended",
    "table_replace": "Seat given to a computer",
    "season_start": "Season started",
    "rating_reset": "Rating reset",
    "data_deletion": "Member's data erased",
}
assert set(KIND_NAMES) == set(MOD_KINDS), "every kind of action needs its plain words"


def kind_name(kind: str) -> str:
    """A kind of action in plain words (the stored name if unknown)."""
    return KIND_NAMES.get(kind, kind)


def action_line(action: ModAction) -> str:
    """``<t:…:R> **Table ended** · <@1> ended table #12 (…)``: one action in one line."""
    who = mention(action.moderator_id) if action.moderator_id is not None else "Someone"
    when = timestamp(action.created_at)
    describe = _DESCRIBERS.get(action.kind, _unknown)
    text = f"**{kind_name(action.kind)}** · {who} {describe(action)}"
    return f"{when} {text}" if when else text


def _setting(action: ModAction) -> str:
    key = str(action.detail.get("key", "?"))
    old, new = action.detail.get("old"), action.detail.get("new")
    if new is None:
        return f"reset **{key}** to its default ({_value(key, None)}; was {_value(key, old)})"
    return f"set **{key}** from {_value(key, old)} to {_value(key, new)}"


def _value(key: str, value: Any) -> str:
    """A setting's value as shown; None (not stored) is its default."""
    if value is None:
        if key.startswith(OPTIONS_PREFIX):
            value = {}
        elif key in DEFAULTS:
            value = DEFAULTS[key]
        else:
            return "the default"
    try:
        return format_value(key, value)
    except (TypeError, ValueError, AttributeError):
        return str(value)


def _table_end(action: ModAction) -> str:
    game = game_name(str(action.detail.get("variant", "?")))
    table = f"{game} table #{action.table_id}"
    if action.detail.get("status") == "abandoned":
        return f"ended {table} (a game in progress: abandoned, nobody rated)"
    return f"ended {table} (a lobby: closed before the game started)"


def _table_replace(action: ModAction) -> str:
    seat = action.detail.get("seat", "?")
    member = mention(action.member_id) if action.member_id is not None else "a member"
    level = str(action.detail.get("level") or "normal").capitalize()
    when = " during the game" if action.detail.get("status") == "playing" else " in the lobby"
    article = "an" if level[:1] in "AEIOU" else "a"
    return (
        f"gave seat {seat} of table #{action.table_id} ({member}) to {article} {level} "
        f"computer{when}"
    )


def _season_start(action: ModAction) -> str:
    name, closed = action.detail.get("name", "?"), action.detail.get("closed", "?")
    return f"started season {action.detail.get('number', '?')} '{name}' (closed '{closed}')"


def _rating_reset(action: ModAction) -> str:
    member = mention(action.member_id) if action.member_id is not None else "a member"
    game = game_name(str(action.detail.get("variant", "?")))
    season = action.detail.get("season", "?")
    return f"reset {member}'s {game} rating (season {season} and all-time; past seasons kept)"


def _data_deletion(action: ModAction) -> str:
    return "erased a member's data (their past games now show a former member)"


def _unknown(action: ModAction) -> str:
    return f"did {action.kind!r}"


_DESCRIBERS: dict[str, Callable[[ModAction], str]] = {
    "setting": _setting,
    "table_end": _table_end,
    "table_replace": _table_replace,
    "season_start": _season_start,
    "rating_reset": _rating_reset,
    "data_deletion": _data_deletion,
}


def page_count(total: int, per_page: int = PAGE_SIZE) -> int:
    """How many pages ``total`` entries fill (at least one)."""
    return max(1, -(-total // per_page))


def clamp_page(page: int, total: int) -> int:
    """``page`` (from 0) kept within the pages that exist."""
    return max(0, min(page, page_count(total) - 1, MAX_PAGE))


@dataclass(frozen=True)
class ModLogPage:
    """What a page button shows: a server's log, filtered, at ``page`` (from 0)."""

    guild_id: int
    where: ModLogFilter
    page: int


def modlog_button_id(guild_id: int, where: ModLogFilter, page: int) -> str:
    """The custom id of a button showing ``page`` (from 0) of the filtered log."""
    moderator = where.moderator_id if where.moderator_id and where.moderator_id > 0 else 0
    kind = where.kind if where.kind in MOD_KINDS else ALL_KINDS
    custom_id = f"{MODLOG_PREFIX}:{guild_id}:{moderator}:{kind}:{max(0, min(page, MAX_PAGE))}"
    assert len(custom_id) <= MAX_LENGTH
    return custom_id


def parse_modlog_id(custom_id: str) -> ModLogPage | None:
    """Read a page button's custom id back; None if it is not a valid one."""
    match = re.fullmatch(MODLOG_PATTERN, custom_id)
    if match is None or not fits(match, "guild", "moderator"):
        return None
    moderator = int(match["moderator"]) or None
    kind = None if match["kind"] == ALL_KINDS else match["kind"]
    return ModLogPage(int(match["guild"]), ModLogFilter(moderator, kind), int(match["page"]))


def modlog_view(guild_id: int, where: ModLogFilter, page: int, total: int) -> StaticView:
    """Previous / Next buttons (disabled at the ends) that keep the filter."""
    view = StaticView()
    last = page_count(total) - 1
    view.add_button(
        label="Previous",
        emoji="◀️",
        custom_id=modlog_button_id(guild_id, where, page - 1),
        disabled=page <= 0,
    )
    view.add_button(
        label="Next",
        emoji="▶️",
        custom_id=modlog_button_id(guild_id, where, page + 1),
        disabled=page >= last,
    )
    return view


def filter_summary(where: ModLogFilter) -> str:
    """``Only <@1>'s actions · only Table ended`` (or every action)."""
    parts = []
    if where.moderator_id is not None:
        parts.append(f"Only {mention(where.moderator_id)}'s actions")
    if where.kind is not None:
        parts.append(f"only “{kind_name(where.kind)}”")
    if not parts:
        return "Every moderator action, newest first."
    summary = " · ".join(parts)
    return summary[0].upper() + summary[1:] + ", newest first."


def modlog_embed(
    actions: Sequence[ModAction], where: ModLogFilter, page: int, total: int
) -> discord.Embed:
    """One page (``page`` from 0) of the log: its lines, the filter, and
    ``Page x of y · n entries``."""
    embed = discord.Embed(title="🛡️ Moderation log", colour=MODLOG_COLOUR)
    summary = filter_summary(where)
    if actions:
        body = "\n".join(action_line(a) for a in actions)
    elif total:
        body = "There is nothing on this page: go back with **Previous**."
    elif where.moderator_id is not None or where.kind is not None:
        body = "No moderator action matches this filter."
    else:
        body = "No moderator action has been taken in this server yet."
    embed.description = f"-# {summary}\n{body}"[:4096]
    pages = page_count(total)
    entries = "1 entry" if total == 1 else f"{total} entries"
    embed.set_footer(text=f"Page {page + 1} of {pages} · {entries}")
    return embed


def announcement_lines(
    actions: Sequence[ModAction], limit: int = MAX_CONTENT
) -> list[str]:
    """The lines of ``actions``, oldest first, packed into messages of at most ``limit``
    characters (one line per action)."""
    return chunks([action_line(action) for action in actions], limit)
