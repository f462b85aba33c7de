"""``/leaderboard show … pairs:True``: a page of a game's pairs board, with its picture."""

from __future__ import annotations

from functools import partial

import discord
from discord.ext import commands

from bot.pictures.boards.leaderboard import render_leaderboard
from bot.store.standings.pairs import PairQuery, pair_board, pair_count
from bot.ui.stats.boards import ShownBoard
from bot.ui.stats.leaderboard import PAGE_SIZE, clamp_page, leaderboard_view
from bot.ui.stats.pairs import (
    PAIRS_FILE,
    check_pairs_board,
    pairs_alt,
    pairs_embed,
    pairs_notes,
    pairs_picture,
)
from bot.ui.views import StaticView

from ..store_access import database, settings_repository
from .pictures import attached_picture, display_names


async def pairs_page(
    bot: commands.Bot, guild_id: int, shown: ShownBoard, page: int
) -> tuple[discord.Embed, StaticView, list[discord.File]]:
    """The text, page buttons and picture of one page (from 0) of the board's pairs; a
    game without partners, or one player count, raises
    :class:`~bot.ui.stats.boards.BoardChoiceError`."""
    check_pairs_board(shown)
    minimum = (await settings_repository(bot).get(guild_id)).pairs_minimum
    query = PairQuery(guild_id, shown.variant, shown.board.season, minimum)
    db = database(bot)
    total = await pair_count(db, query)
    page = clamp_page(page, total)
    entries = await pair_board(db, query, offset=page * PAGE_SIZE, limit=PAGE_SIZE)
    embed = pairs_embed(shown, entries, page, total, minimum)
    names = await display_names(bot, guild_id, [u for e in entries for u in (e.first, e.second)])
    notes = pairs_notes(page, total, minimum)
    picture = pairs_picture(shown, entries, notes, names, str(embed.description))
    files = await attached_picture(bot, guild_id, partial(render_leaderboard, picture), embed,
                                   PAIRS_FILE, pairs_alt(picture))
    return embed, leaderboard_view(guild_id, shown, page, total, pairs=True), files
