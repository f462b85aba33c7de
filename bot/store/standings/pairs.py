"""Partnerships from the stored results: who played on the same side as whom, how often,
and how often that side won.

Two members are partners in a game when both held a seat of the same side at its end (a
member who left it before the end is not counted with the side they left). A pairs board
ranks the pairs of a game who played at least ``minimum`` games together: most wins per
game first, then more games, then the lower user ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..database import Database
from .seasons import ALL_TIME

_PAIRS = (
    " FROM result_players a JOIN result_players b"
    " ON b.table_id = a.table_id AND b.side = a.side AND b.seat <> a.seat"
    " JOIN results r ON r.table_id = a.table_id"
)
_BOARD = (
    "SELECT a.user_id AS first, b.user_id AS second, COUNT(*) AS games, SUM(a.won) AS wins"
    + _PAIRS
    + " LEFT JOIN rated_results k ON k.table_id = a.table_id"
    " WHERE r.guild_id = ? AND r.variant = ? AND a.user_id < b.user_id"
    " AND (? = 0 OR k.season = ?) AND (? = 0 OR r.players = ?)"
    " GROUP BY a.user_id, b.user_id HAVING COUNT(*) >= ?"
)


@dataclass(frozen=True)
class Partner:
    """A member's partner in a game: how many games together and how many won."""

    user_id: int
    games: int
    wins: int


@dataclass(frozen=True)
class PairEntry:
    """A line of a pairs board: the place (from 1), the two members, games and wins."""

    place: int
    first: int
    second: int
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        """Wins per game together."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class PairQuery:
    """A pairs board: a server's game, a season (``ALL_TIME``: every game), a player
    count (0: every count), and the fewest games together a pair needs."""

    guild_id: int
    variant: str
    season: int = ALL_TIME
    players: int = 0
    minimum: int = 5

    def params(self) -> tuple[int | str, ...]:
        """The parameters of the board's query."""
        return (self.guild_id, self.variant, self.season, self.season, self.players,
                self.players, self.minimum)


async def partners_of(
    db: Database, guild_id: int, user_id: int, variant: str, limit: int = 5
) -> list[Partner]:
    """The member's partners in a game of a server, most games together first."""
    rows = await db.fetchall(
        "SELECT b.user_id AS partner, COUNT(*) AS games, SUM(a.won) AS wins" + _PAIRS
        + " WHERE a.user_id = ? AND r.guild_id = ? AND r.variant = ? AND b.user_id IS NOT NULL"
        " GROUP BY b.user_id ORDER BY games DESC, wins DESC, partner LIMIT ?",
        (user_id, guild_id, variant, limit),
    )
    return [Partner(int(r["partner"]), int(r["games"]), int(r["wins"] or 0)) for r in rows]


async def pair_board(
    db: Database, query: PairQuery, *, offset: int = 0, limit: int = 10
) -> list[PairEntry]:
    """One page of a pairs board, best first."""
    rows = await db.fetchall(
        "SELECT * FROM (" + _BOARD + ") AS pairs"
        " ORDER BY CAST(wins AS REAL) / games DESC, games DESC, first, second LIMIT ? OFFSET ?",
        (*query.params(), limit, max(0, offset)),
    )
    return [
        PairEntry(offset + i + 1, int(r["first"]), int(r["second"]), int(r["games"]),
                  int(r["wins"] or 0))
        for i, r in enumerate(rows)
    ]


async def pair_count(db: Database, query: PairQuery) -> int:
    """How many pairs a pairs board ranks."""
    row = await db.fetchone("SELECT COUNT(*) FROM (" + _BOARD + ") AS pairs", query.params())
    return int(row[0]) if row else 0
