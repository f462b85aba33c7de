"""Timing the answers that come with pictures: a leaderboard page, a pairs board, ``/stats``
with a card per game, and a closed season's story. Each answer is what the cog does (the
queries, the text, the views) plus drawing its pictures here, in this process, as one
drawing worker would: the figure is the whole wait of the member (sending aside).

Their target is 300 ms at the 95th percentile, pictures included.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import discord

from bot.pictures.boards.card import render_card
from bot.pictures.boards.leaderboard import render_leaderboard
from bot.pictures.boards.podium import render_season
from bot.store.database import Database
from bot.store.standings.pairs import PairQuery, pair_board, pair_count, partners_of
from bot.store.standings.paths import season_records, skill_paths
from bot.store.standings.seasons import ALL_TIME, Board, SeasonRepository
from bot.store.standings.stats import BoardQuery, StatsRepository
from bot.store.standings.story import season_figures
from bot.ui.stats.board_picture import board_alt, board_picture
from bot.ui.stats.boards import ShownBoard
from bot.ui.stats.card import card_alt, stats_card, text_lines
from bot.ui.stats.leaderboard import PAGE_SIZE, leaderboard_embed, page_notes
from bot.ui.stats.message import stats_embed
from bot.ui.stats.pairs import pairs_alt, pairs_embed, pairs_notes, pairs_picture
from bot.ui.stats.story import STORY_PLACES, story_alt, story_embed, story_picture
from cogs.standings.boards import asker_rating, own_entry, page_moves

PICTURE_TARGET_MS = 300.0
PAIRS_MINIMUM = 5
NAMES: dict[int, str] = {}  # names the bot would know: none (each drawn as "Member …1234")

Answer = Callable[[], Awaitable[object]]


async def board_picture_answer(
    db: Database, guild_id: int, shown: ShownBoard, since: str, asker: int, newest: datetime
) -> discord.Embed:
    """``/leaderboard show``'s first page: the page, the asker's own place, the text,
    and the picture drawn."""
    stats = StatsRepository(db)
    query = BoardQuery(guild_id, shown.variant, shown.board, since)
    total = await stats.ranked_count(query)
    entries = await stats.leaderboard(query, limit=PAGE_SIZE)
    mine = await asker_rating(db, query, entries, asker)
    own = await own_entry(db, query, entries, mine)
    listed = [*entries, *([own] if own else [])]
    moves, window = await page_moves(db, shown, query, listed, mine, newest)
    embed = leaderboard_embed(shown, entries, 0, total, moves=moves, own=own, window=window)
    picture = board_picture(shown, entries, page_notes(shown, 0, total), NAMES, moves=moves,
                            window=window, asker=asker, own=own)
    board_alt(picture)
    render_leaderboard(picture)
    return embed


async def pairs_answer(db: Database, guild_id: int, shown: ShownBoard) -> discord.Embed:
    """``/leaderboard show … pairs:True``'s first page, its picture drawn."""
    query = PairQuery(guild_id, shown.variant, shown.board.season, PAIRS_MINIMUM)
    total = await pair_count(db, query)
    entries = await pair_board(db, query, limit=PAGE_SIZE)
    embed = pairs_embed(shown, entries, 0, total, PAIRS_MINIMUM)
    picture = pairs_picture(shown, entries, pairs_notes(0, total, PAIRS_MINIMUM), NAMES, "")
    pairs_alt(picture)
    render_leaderboard(picture)
    return embed


async def cards_answer(db: Database, guild_id: int, user_id: int, since: str) -> discord.Embed:
    """``/stats`` of every game with a card each: the stats, each game's skill path,
    seasons and partners, the text, and every card drawn."""
    seasons = SeasonRepository(db)
    season = await seasons.current(guild_id)
    names = {s.number: s.name for s in await seasons.all(guild_id)}
    found = await StatsRepository(db).player(guild_id, user_id, season.number, active_since=since)
    extras = {}
    paths = await skill_paths(db, guild_id, user_id)
    for game in found:
        path = paths.get(game.variant, [])
        records = await season_records(db, guild_id, user_id, game.variant)
        card = stats_card("Member", game, path, records, names, season=season)
        await partners_of(db, guild_id, user_id, game.variant)
        extras[game.variant] = text_lines(card)
        card_alt(card)
        render_card(card)
    return stats_embed(user_id, "Member", found, season=season, extras=extras)


async def story_answer(db: Database, guild_id: int, season: int) -> discord.Embed:
    """``/season start``'s story of a closed season: each game's top places, ranked count
    and figures, the text and the podium picture drawn."""
    closed = await SeasonRepository(db).get(guild_id, season)
    assert closed is not None
    stats = StatsRepository(db)
    embed = discord.Embed()
    for variant in ("euchre", "flip", "railroad", "cincinnati", "over_the_rhine",
                    "over_the_top"):
        query = BoardQuery(guild_id, variant, Board(season))
        entries = await stats.leaderboard(query, limit=STORY_PLACES)
        total = await stats.ranked_count(query)
        figures = await season_figures(db, closed, variant, PAIRS_MINIMUM)
        embed = story_embed(variant, closed, entries, total, figures)
        picture = story_picture(variant, closed, entries, total, figures, NAMES)
        story_alt(picture)
        render_season(picture)
    return embed


def picture_cases(
    db: Database, guild_id: int, shown_season: ShownBoard, since: str,
    members: tuple[tuple[str, int], ...], newest: datetime,
) -> list[tuple[str, str, Answer]]:
    """(command, case, answer) of every answer with pictures (``newest``: the time the
    leaderboard's moves are counted back from)."""
    cases: list[tuple[str, str, Answer]] = []
    for who, user_id in members:
        cases.append(("/leaderboard", f"picture, season, asked by the {who}",
                      _call(board_picture_answer, db, guild_id, shown_season, since, user_id,
                            newest)))
    all_time = ShownBoard(shown_season.variant, None)
    for name, shown in (("season", shown_season), ("all time", all_time)):
        cases.append(("/leaderboard", f"pairs, {name}", _call(pairs_answer, db, guild_id, shown)))
    for who, user_id in members:
        cases.append(("/stats", f"cards, {who}", _call(cards_answer, db, guild_id, user_id,
                                                       since)))
    season = shown_season.board.season
    if season != ALL_TIME and season > 1:
        cases.append(("/season start", f"story of season {season - 1}, every game",
                      _call(story_answer, db, guild_id, season - 1)))
    return cases


def _call(answer: Callable[..., Awaitable[object]], *args: Any) -> Answer:
    return lambda: answer(*args)
