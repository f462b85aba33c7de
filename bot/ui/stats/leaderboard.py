"""The public leaderboard message: one page of a game's ratings and its page buttons.

The Previous / Next buttons carry the guild, the game and the page they lead to in their
custom id, so they keep working after a restart; anyone may page (the board is public).
Their prefix is ``bower-board:``, not ``bower:``: the table cog answers every ``bower:`` id
itself (and calls unknown ones stale).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.engine import VARIANTS
from bot.store.standings.stats import LeaderboardEntry
from bot.ui.custom_ids import fits
from bot.ui.numbers import NUMBER
from bot.ui.stats.skill import SKILL_NOTE, count_of

PAGE_SIZE = 10
BOARD_PREFIX = "bower-board"
#: Matches a page button's custom id (also the ``DynamicItem`` template of the stats cog).
BOARD_PATTERN = rf"{BOARD_PREFIX}:(?P<guild>{NUMBER}):(?P<variant>[a-z_]+):(?P<page>[0-9]{{1,4}})"
BOARD_COLOUR = 0xF1C40F
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


@dataclass(frozen=True)
class BoardPage:
    """Which leaderboard page a button asks for."""

    guild_id: int
    variant: str
    page: int


def board_button_id(guild_id: int, variant: str, page: int) -> str:
    """Custom id of a button that shows ``page`` (from 0) of a game's leaderboard."""
    return f"{BOARD_PREFIX}:{guild_id}:{variant}:{max(0, page)}"


def parse_board_id(custom_id: str) -> BoardPage | None:
    """Read a page button's custom id back; None if it is not one."""
    match = re.fullmatch(BOARD_PATTERN, custom_id)
    if match is None or not fits(match, "guild"):
        return None
    return BoardPage(int(match["guild"]), match["variant"], int(match["page"]))


def page_count(total: int, size: int = PAGE_SIZE) -> int:
    """How many pages ``total`` entries fill (at least one, for the empty board)."""
    return max(1, -(-total // size))


def clamp_page(page: int, total: int, size: int = PAGE_SIZE) -> int:
    """``page`` kept within the pages that exist."""
    return min(max(0, page), page_count(total, size) - 1)


def entry_line(entry: LeaderboardEntry) -> str:
    """``🥇 @Alice — skill 12.3 · 10 games · 60% won``."""
    rating = entry.rating
    place = MEDALS.get(entry.place, f"**{entry.place}.**")
    games = count_of(rating.games, "game")
    return (
        f"{place} <@{rating.user_id}> — skill **{rating.ordinal:.1f}** · {games} · "
        f"{rating.win_rate:.0%} won"
    )


def leaderboard_embed(
    variant: str, entries: Sequence[LeaderboardEntry], page: int, total: int
) -> discord.Embed:
    """The embed of one leaderboard page (``page`` from 0, ``total`` rated people)."""
    name = VARIANTS[variant].name if variant in VARIANTS else variant
    embed = discord.Embed(title=f"🏆 {name} leaderboard", colour=BOARD_COLOUR)
    if not entries:
        embed.description = (
            f"Nobody has finished a game of {name} in this server yet. "
            "Open a table with `/table create` to be the first!"
        )
    else:
        embed.description = "\n".join(entry_line(e) for e in entries)
    embed.set_footer(text=f"Page {page + 1} of {page_count(total)} · {total} ranked · {SKILL_NOTE}")
    return embed


def leaderboard_view(guild_id: int, variant: str, page: int, total: int) -> discord.ui.View:
    """Previous / Next buttons (disabled at the ends) for a leaderboard page."""
    view = discord.ui.View(timeout=None)
    last = page_count(total) - 1
    view.add_item(
        discord.ui.Button(
            label="Previous",
            emoji="◀️",
            style=discord.ButtonStyle.secondary,
            custom_id=board_button_id(guild_id, variant, page - 1),
            disabled=page <= 0,
        )
    )
    view.add_item(
        discord.ui.Button(
            label="Next",
            emoji="▶️",
            style=discord.ButtonStyle.secondary,
            custom_id=board_button_id(guild_id, variant, page + 1),
            disabled=page >= last,
        )
    )
    return view
