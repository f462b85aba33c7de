"""A member's skill over time in one game, for the stats card's chart and its record by
season.

Each counted game keeps the member's season rating after it (``seat_records``, or the
``departures`` row of a game they left), so the path is their season skill game by game,
starting afresh at each season; a season's row of ``ratings`` (every player count) gives
its games and wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..database import Database
from .seasons import ALL_TIME

#: The most games a path holds: the latest ones.
PATH_GAMES = 400

_PATH = (
    "SELECT variant, season, mu_after, sigma_after, finished_at, table_id FROM ("
    " SELECT r.variant, k.season, s.mu_after, s.sigma_after, r.finished_at, r.table_id"
    " FROM seat_records s JOIN results r USING (table_id) JOIN rated_results k USING (table_id)"
    " WHERE s.user_id = ? AND r.guild_id = ? AND s.mu_after IS NOT NULL"
    " UNION"
    " SELECT r.variant, k.season, d.mu_after, d.sigma_after, r.finished_at, r.table_id"
    " FROM departures d JOIN results r USING (table_id) JOIN rated_results k USING (table_id)"
    " WHERE d.user_id = ? AND r.guild_id = ? AND d.mu_after IS NOT NULL"
    ") AS counted ORDER BY finished_at, table_id"
)


@dataclass(frozen=True)
class PathPoint:
    """The member's season skill after one game, and the game's season."""

    season: int
    skill: float


@dataclass(frozen=True)
class SeasonRecord:
    """A member's games, wins and skill at the end (or now) of one season of a game."""

    season: int
    games: int
    wins: int
    skill: float


async def skill_paths(
    db: Database, guild_id: int, user_id: int, limit: int = PATH_GAMES
) -> dict[str, list[PathPoint]]:
    """Per game, the member's season skill after each of their latest ``limit`` counted
    games in a server, oldest first (one read for every game: a busy member's games are
    read once, not once a game)."""
    rows = await db.fetchall(_PATH, (user_id, guild_id, user_id, guild_id))
    paths: dict[str, list[PathPoint]] = {}
    for row in rows:
        skill = float(row["mu_after"]) - 3 * float(row["sigma_after"])
        paths.setdefault(row["variant"], []).append(PathPoint(int(row["season"]), skill))
    return {variant: path[-limit:] for variant, path in paths.items()}


async def season_records(
    db: Database, guild_id: int, user_id: int, variant: str
) -> list[SeasonRecord]:
    """The member's record in each season they played ``variant`` in a server, oldest
    first."""
    rows = await db.fetchall(
        "SELECT season, games, wins, ordinal FROM ratings WHERE guild_id = ? AND user_id = ?"
        " AND variant = ? AND players = 0 AND season <> ? ORDER BY season",
        (guild_id, user_id, variant, ALL_TIME),
    )
    return [
        SeasonRecord(int(r["season"]), int(r["games"]), int(r["wins"]), float(r["ordinal"]))
        for r in rows
    ]
