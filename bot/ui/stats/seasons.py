"""Messages about seasons: the list of a server's seasons with each game's winner, and
what ``/season start`` answers and announces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.store.standings.seasons import Season
from bot.store.standings.stats import LeaderboardEntry
from bot.ui.names import mention
from bot.ui.stats.leaderboard import BOARD_COLOUR, season_span
from bot.ui.stats.message import game_name
from bot.ui.stats.skill import count_of

#: The newest seasons ``/leaderboard seasons`` lists (an embed has room for 25 fields).
LISTED_SEASONS = 10
#: Each game's best player of a season: (game key, their leaderboard entry).
Leaders = Sequence[tuple[str, LeaderboardEntry]]


def season_heading(season: Season) -> str:
    """``Spring (season 2) · current`` / ``Season 1``."""
    name = season.name
    if name.casefold() != f"season {season.number}":
        name = f"{name} (season {season.number})"
    return f"{name} · current" if season.current else name


def leader_line(variant: str, entry: LeaderboardEntry, *, current: bool) -> str:
    """``Euchre: 🏆 @bob, skill 12.3 (8 games)``; a running season's leader is leading."""
    rating = entry.rating
    who = mention(rating.user_id) if rating.user_id is not None else "?"
    mark = "leading:" if current else "🏆"
    games = count_of(rating.games, "game")
    return f"{game_name(variant)}: {mark} {who}, skill {rating.ordinal:.1f} ({games})"


def seasons_embed(seasons: Sequence[Season], leaders: Mapping[int, Leaders]) -> discord.Embed:
    """``/leaderboard seasons``: each season (newest first) with its dates and the best
    player of each game (the winner once the season has ended)."""
    embed = discord.Embed(title="🗓️ Seasons", colour=BOARD_COLOUR)
    if len(seasons) == 1:
        embed.description = (
            "This server is in its first season. A moderator starts the next with "
            "`/season start`; each season's standings are kept when it ends."
        )
    for season in seasons[:LISTED_SEASONS]:
        games = leaders.get(season.number, ())
        lines = [f"{'Running' if season.current else 'Ran'} {season_span(season)}."]
        lines += [leader_line(v, e, current=season.current) for v, e in games]
        if not games:
            lines.append("No games finished yet." if season.current else "No games finished.")
        embed.add_field(name=season_heading(season), value="\n".join(lines)[:1024], inline=False)
    earlier = len(seasons) - LISTED_SEASONS
    note = f"{count_of(earlier, 'earlier season')} not shown. " if earlier > 0 else ""
    embed.set_footer(text=f"{note}A season's standings: /leaderboard show season:<name>")
    return embed


def bold(season: Season) -> str:
    """A season's name in bold, its own markdown shown as typed."""
    return f"**{discord.utils.escape_markdown(season.name)}**"


def command_for(season: Season) -> str:
    """``/leaderboard show season:Spring`` as code, to copy."""
    return f"`/leaderboard show season:{season.name.replace('`', '')}`"


def started_text(closed: Season, opened: Season) -> str:
    """The private answer to the moderator who started a season."""
    return (
        f"{bold(opened)} (season {opened.number}) has begun: everyone starts it with a fresh "
        f"rating, and all-time ratings carry on.\n{bold(closed)} is closed: its final "
        f"standings stay under {command_for(closed)}."
    )


def announcement_embed(closed: Season, opened: Season, winners: Leaders) -> discord.Embed:
    """The public announcement of a new season, with the closed season's winners."""
    embed = discord.Embed(
        title=f"🏁 A new season has begun: {opened.name}",
        colour=BOARD_COLOUR,
        description=(
            f"{bold(closed)} is over. Everyone starts {bold(opened)} with a fresh rating; "
            f"the final standings of {bold(closed)} stay under {command_for(closed)}."
        ),
    )
    if winners:
        embed.add_field(
            name=f"Winners of {closed.name}",
            value="\n".join(leader_line(v, e, current=False) for v, e in winners)[:1024],
            inline=False,
        )
    return embed
