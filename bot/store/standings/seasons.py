"""A server's seasons, and the boards its ratings are kept on.

Season 1 runs from a server's first game; ``/season start`` closes the current season
(its final standings stay as they are) and opens the next, whose ratings start fresh. A
result counts in the season that was current when it finished. Besides each season's
board, every rating is also kept all time (:data:`ALL_TIME`), and for games played at
several player counts, per count too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..database import Database, Row, utc_now
from ..moderation.modlog import ModLogRepository, NewModAction

ALL_TIME = 0
FIRST_SEASON = 1
MAX_SEASON_NAME = 50


class SeasonError(ValueError):
    """A season that cannot be started as asked; the message says why."""


@dataclass(frozen=True)
class Board:
    """Which ratings: a season's (``season`` from 1) or all time (0), of every player count
    (``players`` 0) or of one."""

    season: int
    players: int = 0


@dataclass(frozen=True)
class Season:
    """A season of a server; ``started_at`` is empty for season 1 (since the beginning)."""

    guild_id: int
    number: int
    name: str
    started_at: str = ""
    ended_at: str | None = None
    started_by: int | None = None

    @property
    def current(self) -> bool:
        """Whether the season is still running."""
        return self.ended_at is None


def first_season(guild_id: int) -> Season:
    """Season 1 as it is before any ``/season start``."""
    return Season(guild_id, FIRST_SEASON, f"Season {FIRST_SEASON}")


def boards_of(season: int, players: int, counts: tuple[int, ...]) -> list[Board]:
    """The boards a result of ``players`` players counts on: its season and all time,
    each of every count and, for a game played at several counts, of its own count."""
    boards = []
    for scope in (season, ALL_TIME):
        boards.append(Board(scope))
        if len(counts) > 1:
            boards.append(Board(scope, players))
    return boards


class SeasonRepository:
    """Typed access to ``seasons``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def current(self, guild_id: int) -> Season:
        """The server's running season."""
        row = await self.db.fetchone(
            "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number DESC LIMIT 1", (guild_id,)
        )
        return first_season(guild_id) if row is None else _season(row)

    async def all(self, guild_id: int) -> list[Season]:
        """Every season of the server, the current one first."""
        rows = await self.db.fetchall(
            "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number DESC", (guild_id,)
        )
        return [_season(row) for row in rows] or [first_season(guild_id)]

    async def get(self, guild_id: int, number: int) -> Season | None:
        """One season of the server, or None if it has not been."""
        seasons = await self.all(guild_id)
        return next((s for s in seasons if s.number == number), None)

    async def season_at(self, guild_id: int, when: str) -> int:
        """The number of the season that was current at ``when`` (ISO time)."""
        row = await self.db.fetchone(
            "SELECT MAX(number) FROM seasons WHERE guild_id = ? AND started_at <= ?",
            (guild_id, when),
        )
        return int(row[0]) if row and row[0] is not None else FIRST_SEASON

    async def start(self, guild_id: int, name: str, started_by: int) -> tuple[Season, Season]:
        """Close the current season and open the next one named ``name``; logged.

        Returns the closed season and the new one.
        """
        name = " ".join(name.split())
        if not 1 <= len(name) <= MAX_SEASON_NAME:
            raise SeasonError(f"A season's name has 1 to {MAX_SEASON_NAME} characters.")
        now = utc_now()
        async with self.db.transaction():
            seasons = await self.all(guild_id)
            if any(s.name.casefold() == name.casefold() for s in seasons):
                raise SeasonError(f"This server already had a season called {name!r}.")
            closed = seasons[0]
            if closed.number == FIRST_SEASON and closed.current:
                await self._insert(closed)
            await self.db.execute(
                "UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND number = ?",
                (now, guild_id, closed.number),
            )
            opened = Season(guild_id, closed.number + 1, name, now, None, started_by)
            await self._insert(opened)
            await ModLogRepository(self.db).record(
                NewModAction(
                    guild_id,
                    "season_start",
                    started_by,
                    detail={
                        "number": opened.number,
                        "name": name,
                        "closed": closed.name,
                        "closed_number": closed.number,
                    },
                )
            )
        return Season(guild_id, closed.number, closed.name, closed.started_at, now), opened

    async def _insert(self, season: Season) -> None:
        await self.db.execute(
            "INSERT INTO seasons (guild_id, number, name, started_at, ended_at, started_by)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (
                season.guild_id,
                season.number,
                season.name,
                season.started_at,
                season.ended_at,
                season.started_by,
            ),
        )


def _season(row: Row) -> Season:
    return Season(
        guild_id=int(row["guild_id"]),
        number=int(row["number"]),
        name=row["name"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        started_by=row["started_by"],
    )
