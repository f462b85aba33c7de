"""Partnerships: who played on the same side as whom, how often, and how often that side
won, kept per server, game and board in ``pairs`` (a season's, or all time: season 0).

Two members are partners in a game when both held a seat of the same side at its end (a
member who left it before the end is not counted with the side they left). Each result
adds to its pairs as it is counted (:func:`count_pairs`, inside the counting's
transaction). A pairs board ranks the pairs of a game who played at least ``minimum``
games together: most wins per game first, then more games, then the lower user ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..database import Database
from .seasons import ALL_TIME

_ON_BOARD = "guild_id = ? AND variant = ? AND season = ? AND games >= ?"
#: A member of a side, and whether the side won.
Seated = tuple[int, int, bool]


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
    """A pairs board: a server's game, a season (``ALL_TIME``: every season) and the
    fewest games together a pair needs."""

    guild_id: int
    variant: str
    season: int = ALL_TIME
    minimum: int = 5

    def params(self) -> tuple[int | str, ...]:
        """The parameters of :data:`_ON_BOARD`."""
        return (self.guild_id, self.variant, self.season, self.minimum)


def partnerships(seats: Sequence[tuple[int | None, int, bool]]) -> list[Seated]:
    """Every pair of members on one side of a result, from its seats' (member or None,
    side, won): (lower id, higher id, won)."""
    sides: dict[int, list[tuple[int, bool]]] = {}
    for user_id, side, won in seats:
        if user_id is not None:
            sides.setdefault(side, []).append((user_id, won))
    return [
        (first, second, won)
        for members in sides.values()
        for (first, won), (second, _) in combinations(sorted(members), 2)
    ]


async def count_pairs(
    db: Database, guild_id: int, variant: str, season: int, pairs: Sequence[Seated]
) -> None:
    """Add one game to each pair, on its season's board and all time's."""
    for first, second, won in pairs:
        for board in (season, ALL_TIME):
            key = (guild_id, variant, board, first, second)
            changed = await db.changes(
                "UPDATE pairs SET games = games + 1, wins = wins + ? WHERE guild_id = ?"
                " AND variant = ? AND season = ? AND first_id = ? AND second_id = ?",
                (int(won), *key),
            )
            if not changed:
                await db.execute(
                    "INSERT INTO pairs (guild_id, variant, season, first_id, second_id, games,"
                    " wins) VALUES (?, ?, ?, ?, ?, 1, ?)",
                    (*key, int(won)),
                )


async def partners_of(
    db: Database, guild_id: int, user_id: int, variant: str, limit: int = 5
) -> list[Partner]:
    """The member's partners in a game of a server (all time), most games together
    first."""
    rows = await db.fetchall(
        "SELECT CASE WHEN first_id = ? THEN second_id ELSE first_id END AS partner, games, wins"
        " FROM pairs WHERE guild_id = ? AND variant = ? AND season = ?"
        " AND (first_id = ? OR second_id = ?)"
        " ORDER BY games DESC, wins DESC, partner LIMIT ?",
        (user_id, guild_id, variant, ALL_TIME, user_id, user_id, limit),
    )
    return [Partner(int(r["partner"]), int(r["games"]), int(r["wins"])) for r in rows]


async def pair_board(
    db: Database, query: PairQuery, *, offset: int = 0, limit: int = 10
) -> list[PairEntry]:
    """One page of a pairs board, best first."""
    rows = await db.fetchall(
        f"SELECT first_id, second_id, games, wins FROM pairs WHERE {_ON_BOARD}"
        " ORDER BY CAST(wins AS REAL) / games DESC, games DESC, first_id, second_id"
        " LIMIT ? OFFSET ?",
        (*query.params(), limit, max(0, offset)),
    )
    return [
        PairEntry(offset + i + 1, int(r["first_id"]), int(r["second_id"]), int(r["games"]),
                  int(r["wins"]))
        for i, r in enumerate(rows)
    ]


async def pair_count(db: Database, query: PairQuery) -> int:
    """How many pairs a pairs board ranks."""
    row = await db.fetchone(f"SELECT COUNT(*) FROM pairs WHERE {_ON_BOARD}", query.params())
    return int(row[0]) if row else 0
