"""A season's figures for one game, told when it closes: how many games were played, who
played the most, the best pair, and the biggest climb.

The biggest climb is the member whose season skill rose the most from its lowest point
of the season (the start, at 0, counting) to its end, as their season rating keeps it
(``ratings.lowest``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..database import Database
from .pairs import PairEntry, PairQuery, pair_board
from .seasons import Season


@dataclass(frozen=True)
class SeasonFigures:
    """A game's season in figures: games played; the member with most games (user id,
    games); the best pair of the pairs board (None: no pair played enough, or the game has
    no partners); the biggest climb (user id, how much skill; None: nobody rose)."""

    games: int
    most_games: tuple[int, int] | None
    best_pair: PairEntry | None
    climb: tuple[int, float] | None


async def season_figures(
    db: Database, season: Season, variant: str, pairs_minimum: int | None
) -> SeasonFigures:
    """The figures of ``variant`` in ``season`` (``pairs_minimum`` None: no best pair).
    Its games are those that finished while it ran (the season a result counts in),
    counted from the results' index by time."""
    guild_id = season.guild_id
    row = await db.fetchone(
        "SELECT COUNT(*) FROM results WHERE guild_id = ? AND variant = ? AND finished_at >= ?"
        " AND (CAST(? AS TEXT) IS NULL OR finished_at < ?)",
        (guild_id, variant, season.started_at, season.ended_at, season.ended_at),
    )
    games = int(row[0]) if row else 0
    number = season.number
    most = await db.fetchone(
        "SELECT user_id, games FROM ratings WHERE guild_id = ? AND variant = ? AND season = ?"
        " AND players = 0 AND user_id IS NOT NULL ORDER BY games DESC, user_id LIMIT 1",
        (guild_id, variant, number),
    )
    pair = None
    if pairs_minimum is not None:
        best = await pair_board(db, PairQuery(guild_id, variant, number, pairs_minimum),
                                limit=1)
        pair = best[0] if best else None
    climb = await db.fetchone(
        "SELECT user_id, ordinal - CASE WHEN lowest < 0 THEN lowest ELSE 0 END AS rise"
        " FROM ratings WHERE guild_id = ? AND variant = ? AND season = ? AND players = 0"
        " AND user_id IS NOT NULL AND lowest IS NOT NULL ORDER BY rise DESC, user_id LIMIT 1",
        (guild_id, variant, number),
    )
    return SeasonFigures(
        games=games,
        most_games=(int(most["user_id"]), int(most["games"])) if most else None,
        best_pair=pair,
        climb=(int(climb["user_id"]), float(climb["rise"]))
        if climb and float(climb["rise"]) > 0 else None,
    )
