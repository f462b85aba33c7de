"""The closed season's story for ``/season start``'s announcement: per game played, its
final standings and figures as text, with a picture of the podium and the next places
drawn in the drawing workers."""

from __future__ import annotations

import asyncio
from functools import partial

import discord
from discord.ext import commands

from bot.pictures.boards.podium import render_season
from bot.store.standings.seasons import Board, Season
from bot.store.standings.stats import BoardQuery, StatsRepository
from bot.store.standings.story import season_figures
from bot.ui.stats.pairs import partnership_games
from bot.ui.stats.seasons import Leaders
from bot.ui.stats.story import STORY_PLACES, story_alt, story_embed, story_file, story_picture

from ..store_access import database, settings_repository
from .pictures import attached_picture, display_names


async def season_story(
    bot: commands.Bot, guild_id: int, closed: Season, winners: Leaders
) -> tuple[list[discord.Embed], list[discord.File]]:
    """An embed (with its picture) per game the closed season had a winner in."""
    if not winners:
        return [], []
    db = database(bot)
    stats = StatsRepository(db)
    minimum = (await settings_repository(bot).get(guild_id)).pairs_minimum
    embeds: list[discord.Embed] = []
    drawings = []
    for variant, _ in winners:
        query = BoardQuery(guild_id, variant, Board(closed.number))
        entries = await stats.leaderboard(query, limit=STORY_PLACES)
        total = await stats.ranked_count(query)
        pairs = minimum if variant in partnership_games() else None
        figures = await season_figures(db, closed, variant, pairs)
        embed = story_embed(variant, closed, entries, total, figures)
        people = [e.rating.user_id for e in entries if e.rating.user_id is not None]
        if figures.most_games:
            people.append(figures.most_games[0])
        if figures.best_pair:
            people += [figures.best_pair.first, figures.best_pair.second]
        if figures.climb:
            people.append(figures.climb[0])
        names = await display_names(bot, guild_id, people)
        picture = story_picture(variant, closed, entries, total, figures, names)
        drawings.append(attached_picture(bot, guild_id, partial(render_season, picture), embed,
                                         story_file(variant), story_alt(picture)))
        embeds.append(embed)
    drawn = await asyncio.gather(*drawings)  # the drawing workers take them side by side
    return embeds, [file for files in drawn for file in files]
