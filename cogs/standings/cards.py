"""``/stats``'s answer: the text with a picture card per game the member played, each
card drawn in the drawing workers from the stored results the text reads."""

from __future__ import annotations

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
    embeds, files = [embed], list[discord.File]()
    for game, card in zip(found, cards, strict=True):
        shown = embed if not files else discord.Embed(title=game_name(game.variant),
                                                      colour=STATS_COLOUR)
        drawn = await attached_picture(bot, guild_id, partial(render_card, card), shown,
                                       card_file(game.variant), card_alt(card))
        if drawn and shown is not embed:
            embeds.append(shown)
        files += drawn
    return embeds, None, files
