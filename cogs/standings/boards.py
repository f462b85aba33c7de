"""Reading leaderboards for the standings cogs: the board a member's options (or a page
button) name, one page of it, its whole standings, and each game's leader of a season.

A running board (the current season's, all time) leaves out players whose last game on it
finished more than the server's ``inactive_days`` ago, counted from now; a past season
shows its final standings whole (see :class:`bot.ui.stats.boards.ShownBoard`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import discord
from discord.ext import commands

from bot.engine import VARIANTS
from bot.pictures.boards.leaderboard import render_leaderboard
from bot.store.database import Database
from bot.store.standings.moves import earlier_places
from bot.store.standings.ratings import RatingRecord, RatingRepository
from bot.store.standings.seasons import ALL_TIME, Season, SeasonRepository
from bot.store.standings.stats import BoardQuery, LeaderboardEntry, StatsRepository
from bot.ui.stats.board_moves import MovesWindow, moves_window, places_moved
from bot.ui.stats.board_picture import BOARD_FILE, board_alt, board_picture
from bot.ui.stats.boards import (
    BoardChoiceError,
    ShownBoard,
    pick_game,
    pick_players,
    pick_season,
)
from bot.ui.stats.leaderboard import (
    PAGE_SIZE,
    BoardPage,
    clamp_page,
    empty_text,
    leaderboard_embed,
    leaderboard_view,
    page_notes,
)
from bot.ui.stats.seasons import Leaders
from bot.ui.views import StaticView

from ..store_access import database, settings_repository
from .pictures import attached_picture, display_names

NO_SUCH_BOARD = "That leaderboard is not available: nothing was changed."


async def inactive_days(bot: commands.Bot, guild_id: int) -> int:
    """The server's ``inactive_days`` setting."""
    return (await settings_repository(bot).get(guild_id)).inactive_days


async def shown_board(
    bot: commands.Bot, guild_id: int, game: str, season: str | None, players: int | None
) -> ShownBoard:
    """The board ``/leaderboard`` options name; :class:`BoardChoiceError` if none."""
    variant = pick_game(game)
    seasons = await SeasonRepository(database(bot)).all(guild_id)
    chosen = pick_season(season, seasons)
    count = pick_players(variant, players)
    return ShownBoard(variant, chosen, count, await inactive_days(bot, guild_id))


async def button_board(bot: commands.Bot, guild_id: int, page: BoardPage) -> ShownBoard:
    """The board a page button carries (a button from before seasons: the current
    season's); :class:`BoardChoiceError` for one that names no board of this server."""
    if page.variant not in VARIANTS:
        raise BoardChoiceError(NO_SUCH_BOARD)
    seasons = SeasonRepository(database(bot))
    season: Season | None
    if page.board is None:
        season = await seasons.current(guild_id)
    elif page.board.season == ALL_TIME:
        season = None
    else:
        season = await seasons.get(guild_id, page.board.season)
        if season is None:
            raise BoardChoiceError(NO_SUCH_BOARD)
    players = page.board.players if page.board else 0
    try:
        count = pick_players(page.variant, players or None)
    except BoardChoiceError:
        raise BoardChoiceError(NO_SUCH_BOARD) from None
    return ShownBoard(page.variant, season, count, await inactive_days(bot, guild_id))


def query_of(guild_id: int, shown: ShownBoard) -> BoardQuery:
    """The store's query for a board, inactivity counted from now."""
    since = shown.active_since(datetime.now(UTC))
    return BoardQuery(guild_id, shown.variant, shown.board, since)


async def board_page(
    bot: commands.Bot, guild_id: int, shown: ShownBoard, page: int, asker: int | None = None
) -> tuple[discord.Embed, StaticView, list[discord.File]]:
    """The embed, buttons and picture of one page of a board (kept within the pages that
    exist), the asking member's own line added when the page leaves them out, and the
    places each member moved (see :mod:`bot.ui.stats.board_moves`)."""
    db = database(bot)
    stats = StatsRepository(db)
    query = query_of(guild_id, shown)
    total = await stats.ranked_count(query)
    page = clamp_page(page, total)
    entries = await stats.leaderboard(query, offset=page * PAGE_SIZE, limit=PAGE_SIZE)
    mine = await asker_rating(db, query, entries, asker)
    own = await own_entry(db, query, entries, mine)
    listed = [*entries, *([own] if own else [])]
    moves, window = await page_moves(db, shown, query, listed, mine)
    embed = leaderboard_embed(shown, entries, page, total, moves=moves, own=own, window=window)
    names = await display_names(bot, guild_id, [e.rating.user_id for e in listed
                                                if e.rating.user_id])
    picture = board_picture(
        shown, entries, page_notes(shown, page, total), names, moves=moves, window=window,
        asker=asker, own=own, empty=empty_text(shown),
    )
    files = await attached_picture(
        bot, guild_id, partial(render_leaderboard, picture), embed, BOARD_FILE,
        board_alt(picture),
    )
    return embed, leaderboard_view(guild_id, shown, page, total), files


async def asker_rating(
    db: Database, query: BoardQuery, entries: list[LeaderboardEntry], asker: int | None
) -> RatingRecord | None:
    """The asking member's rating on the board (None: they have none, or nobody asked)."""
    if asker is None:
        return None
    listed = next((e.rating for e in entries if e.rating.user_id == asker), None)
    if listed is not None:
        return listed
    return await RatingRepository(db).get(
        query.guild_id, query.variant, query.board, user_id=asker
    )


async def own_entry(
    db: Database, query: BoardQuery, entries: list[LeaderboardEntry], mine: RatingRecord | None
) -> LeaderboardEntry | None:
    """The asking member's place on the board when the page does not list them (None
    when it does, or the board leaves them out)."""
    if mine is None or any(e.rating.user_id == mine.user_id for e in entries):
        return None
    place = await StatsRepository(db).place_of(query, mine)
    return None if place is None else LeaderboardEntry(place, mine)


async def page_moves(
    db: Database, shown: ShownBoard, query: BoardQuery, listed: list[LeaderboardEntry],
    mine: RatingRecord | None, now: datetime | None = None,
) -> tuple[dict[int, int | None] | None, MovesWindow | None]:
    """The places each listed member moved and since when; (None, None) on a past
    season's board, or when the board's kept changes do not reach back that far."""
    if shown.season is not None and not shown.season.current:
        return None, None
    window = moves_window(now or datetime.now(UTC), mine.last_played if mine else None)
    active_then = shown.active_since(datetime.fromisoformat(window.since))
    earlier = await earlier_places(db, query, window.since, active_then,
                                   [e.rating for e in listed])
    if earlier is None:
        return None, None
    return places_moved(listed, earlier), window


async def standings(bot: commands.Bot, guild_id: int, shown: ShownBoard) -> list[LeaderboardEntry]:
    """A whole board, best first, inactivity applied as on the board."""
    return await StatsRepository(database(bot)).standings(query_of(guild_id, shown))


async def season_leaders(bot: commands.Bot, guild_id: int, season: Season, days: int) -> Leaders:
    """Each game's best player of a season (of every player count), games nobody played
    left out; a running season leaves out inactive players as its board does."""
    stats = StatsRepository(database(bot))
    leaders = []
    for variant in VARIANTS:
        query = query_of(guild_id, ShownBoard(variant, season, 0, days))
        top = await stats.leaderboard(query, limit=1)
        if top:
            leaders.append((variant, top[0]))
    return leaders
