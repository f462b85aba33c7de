"""Where members stood on a leaderboard at an earlier time, to show how many places each
has moved since.

Ratings change only when their member plays, so the board as it stood just before
``since`` is: for each member whose last game on the board finished at or after
``since``, their rating before the first such game (kept in ``rating_changes``, written
as each game is counted); for everyone else, their rating now. The earlier place of a
member is then one more than the members above them on that earlier board: those who
have not played since are counted in SQL (the board's index), those who have in Python
(a week of games at most, as the leaderboard asks).

A running board leaves out members inactive at that time (``active_then``), as it did
then. Changes are kept from migration 0011 on: when a member played after ``since`` but
their change is not kept, the earlier board is not known and nothing is returned. Nor is
it when a moderator reset a rating of the game since then: the member reset stood on the
earlier board, and everyone below them moved up a place without playing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from ..database import Database
from .ratings import RatingRecord
from .stats import _ON_BOARD, BoardQuery


@dataclass(frozen=True)
class EarlierStanding:
    """A member's rating on the board at the earlier time: the sort key and last game."""

    user_id: int
    ordinal: float
    games: int
    last_played: str

    def above(self, other: EarlierStanding) -> bool:
        """Whether this member is listed above ``other`` (the board's order)."""
        mine = (-self.ordinal, -self.games, self.user_id)
        theirs = (-other.ordinal, -other.games, other.user_id)
        return mine < theirs


async def earlier_places(
    db: Database,
    query: BoardQuery,
    since: str,
    active_then: str,
    members: Sequence[RatingRecord],
) -> dict[int, int | None] | None:
    """Each of ``members``' place on the board just before ``since`` (None: not listed
    then); None when the board's kept changes do not reach back to ``since``."""
    if await _reset_since(db, query, since):
        return None
    changed = await _first_changes(db, query, since)
    if changed is None:
        return None
    earlier = [s for s in changed.values() if s is not None and s.last_played >= active_then]
    places: dict[int, int | None] = {}
    for rating in members:
        if rating.user_id is None:
            continue
        then = _then(rating, changed)
        if then is None or then.last_played < active_then:
            places[rating.user_id] = None
            continue
        above = sum(1 for other in earlier if other.above(then))
        places[rating.user_id] = 1 + above + await _unchanged_above(db, query, since,
                                                                    active_then, then)
    return places


def _then(rating: RatingRecord, changed: dict[int, EarlierStanding | None]) -> (
    EarlierStanding | None
):
    """The member's standing at the earlier time (None: not on the board yet)."""
    user_id = rating.user_id
    assert user_id is not None
    if user_id in changed:
        return changed[user_id]
    return EarlierStanding(user_id, rating.ordinal, rating.games, rating.last_played)


async def _first_changes(
    db: Database, query: BoardQuery, since: str
) -> dict[int, EarlierStanding | None] | None:
    """Per member who played on the board at or after ``since``: their standing before
    the first such game (None: they were not on it); None if one of them has no kept
    change."""
    board = (query.guild_id, query.variant, query.board.season, query.board.players)
    rows = await db.fetchall(
        "SELECT user_id, ordinal_before, games_before, last_played_before FROM rating_changes"
        " WHERE guild_id = ? AND variant = ? AND season = ? AND players = ? AND finished_at >= ?"
        " ORDER BY finished_at, table_id",
        (*board, since),
    )
    first: dict[int, EarlierStanding | None] = {}
    for row in rows:
        user_id = int(row["user_id"])
        if user_id in first:
            continue
        ordinal = row["ordinal_before"]
        first[user_id] = None if ordinal is None else EarlierStanding(
            user_id, float(ordinal), int(row["games_before"]), str(row["last_played_before"])
        )
    played = await db.fetchall(
        f"SELECT user_id FROM ratings WHERE {_ON_BOARD}",
        (*board, since),
    )
    if any(int(row["user_id"]) not in first for row in played):
        return None
    return first


async def _unchanged_above(
    db: Database, query: BoardQuery, since: str, active_then: str, then: EarlierStanding
) -> int:
    """How many members who have not played since ``since`` stood above ``then``."""
    row = await db.fetchone(
        f"SELECT COUNT(*) FROM ratings WHERE {_ON_BOARD} AND last_played < ?"
        " AND ordinal >= ? AND (ordinal > ? OR (ordinal = ? AND (games > ?"
        " OR (games = ? AND user_id < ?))))",
        (
            query.guild_id, query.variant, query.board.season, query.board.players, active_then,
            since, then.ordinal, then.ordinal, then.ordinal, then.games, then.games,
            then.user_id,
        ),
    )
    return int(row[0]) if row else 0


async def _reset_since(db: Database, query: BoardQuery, since: str) -> bool:
    """Whether a moderator reset a rating in the board's game at or after ``since``."""
    rows = await db.fetchall(
        "SELECT detail FROM mod_actions WHERE guild_id = ? AND kind = 'rating_reset'"
        " AND created_at >= ?",
        (query.guild_id, since),
    )
    return any(json.loads(row["detail"] or "{}").get("variant") == query.variant
               for row in rows)
