"""A closed season's story, per game: its final standings (the podium and the next
places) and its figures, as the text of the announcement and as the view of its picture
(:class:`bot.pictures.boards.podium.SeasonPicture`), whose alt text names the same
figures."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import discord

from bot.pictures.boards.leaderboard import BoardRow
from bot.pictures.boards.podium import SeasonPicture
from bot.store.standings.seasons import Season
from bot.store.standings.stats import LeaderboardEntry
from bot.store.standings.story import SeasonFigures
from bot.ui.names import mention
from bot.ui.stats.board_picture import picture_name
from bot.ui.stats.leaderboard import PAST_COLOUR, entry_line
from bot.ui.stats.message import game_name
from bot.ui.stats.skill import count_of

#: How many places a season's story shows (the podium and the next seven).
STORY_PLACES = 10


def story_file(variant: str) -> str:
    """The picture's file name: ``season-euchre.png``."""
    return f"season-{variant.replace('_', '-')}.png"


def figure_lines(figures: SeasonFigures, who: Callable[[int], str]) -> list[str]:
    """The season's figures, members named by ``who``: games played, most games, best
    pair, biggest climb (each when there is one)."""
    lines = [f"{count_of(figures.games, 'game')} played"]
    if figures.most_games is not None:
        user, games = figures.most_games
        lines.append(f"Most games: {who(user)} ({games})")
    pair = figures.best_pair
    if pair is not None:
        lines.append(
            f"Best pair: {who(pair.first)} & {who(pair.second)}, {pair.wins} won of "
            f"{pair.games} ({pair.win_rate:.0%})"
        )
    if figures.climb is not None:
        user, rise = figures.climb
        lines.append(f"Biggest climb: {who(user)}, skill +{rise:.1f} from their lowest")
    return lines


def story_embed(
    variant: str, closed: Season, entries: Sequence[LeaderboardEntry], total: int,
    figures: SeasonFigures,
) -> discord.Embed:
    """A game's final standings of the season (the places the picture shows) and its
    figures."""
    embed = discord.Embed(title=f"{game_name(variant)}: final standings of {closed.name}",
                          colour=PAST_COLOUR)
    lines = [entry_line(e) for e in entries]
    lines += [f"{count_of(total, 'player')} ranked."]
    lines += figure_lines(figures, mention)
    embed.description = "\n".join(lines)[:4000]
    return embed


def story_picture(
    variant: str, closed: Season, entries: Sequence[LeaderboardEntry], total: int,
    figures: SeasonFigures, names: Mapping[int, str],
) -> SeasonPicture:
    """The view of the season's picture of one game."""
    rows = tuple(
        BoardRow(e.place, picture_name(e.rating.user_id, names), e.rating.ordinal,
                 e.rating.games, e.rating.win_rate)
        for e in entries
    )
    return SeasonPicture(
        title=f"{game_name(variant)} · {closed.name} is over",
        scope=f"Final standings · {count_of(total, 'player')} ranked",
        rows=rows,
        figures=tuple(figure_lines(figures, lambda user: picture_name(user, names))),
    )


def story_alt(picture: SeasonPicture) -> str:
    """The picture's alt text: each place's figures, then the season's."""
    rows = []
    for row in picture.rows:
        games = count_of(row.games, "game")
        won = f", {row.won:.0%} won" if row.place > 3 else ""
        rows.append(f"#{row.place} {row.name}, skill {row.skill:.1f}, {games}{won}")
    return (
        f"{picture.title}. {picture.scope}: " + "; ".join(rows) + ". "
        + ". ".join(picture.figures) + "."
    )
