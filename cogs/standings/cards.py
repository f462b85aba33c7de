"""``/stats``'s answer: the text with a picture card per game the member played, each
card drawn in the drawing workers from the stored results the text reads."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from functools import partial

import discord
from discord.ext import commands

from bot.pictures.boards.card import render_card
from bot.store.standings.pairs import partners_of
from bot.store.standings.paths import season_records, skill_paths
from bot.store.standings.seasons import Season, SeasonRepository
from bot.store.standings.stats import PlayerGameStats
from bot.ui.stats.card import card_alt, card_file, stats_card, text_lines
from bot.ui.stats.message import STATS_COLOUR, game_name, stats_embed
from bot.ui.stats.pairs import partner_items, partners_text, partnership_games

from ..store_access import database
from .pictures import Answer, attached_picture, display_names


async def stats_answer(
    bot: commands.Bot,
    guild_id: int,
    who: discord.abc.User,
    found: list[PlayerGameStats],
    variant: str | None,
    season: Season | None,
    inactive_days: int,
) -> Answer:
    """The embeds (the text, then one per further card) and a card per game played
    (``season``: the current one once the server has started a second)."""
    db = database(bot)
    names = {s.number: s.name for s in await SeasonRepository(db).all(guild_id)}
    cards, extras = [], {}
    paths = await skill_paths(db, guild_id, who.id)
    for game in found:
        path = paths.get(game.variant, [])
        seasons = await season_records(db, guild_id, who.id, game.variant)
        card = stats_card(who.display_name, game, path, seasons, names, season=season,
                          inactive_days=inactive_days)
        extras[game.variant] = text_lines(card)
        if game.variant in partnership_games():
            partners = await partners_of(db, guild_id, who.id, game.variant)
            known = await display_names(bot, guild_id, [p.user_id for p in partners])
            card = replace(card, numbers=card.numbers + tuple(partner_items(partners, known)))
            extras[game.variant] += [partners_text(partners)] if partners else []
        cards.append(card)
    embed = stats_embed(who.id, who.display_name, found, variant, season=season,
                        inactive_days=inactive_days, extras=extras)
    shown = [embed] + [discord.Embed(title=game_name(game.variant), colour=STATS_COLOUR)
                       for game in found[1:]]
    drawn = await asyncio.gather(*(  # the drawing workers take them side by side
        attached_picture(bot, guild_id, partial(render_card, card), place,
                         card_file(game.variant), card_alt(card))
        for game, card, place in zip(found, cards, shown, strict=True)
    ))
    embeds = [embed] + [e for e, files in zip(shown[1:], drawn[1:], strict=True) if files]
    return embeds, None, [file for files in drawn for file in files]
