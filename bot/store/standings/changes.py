"""How members' skill moved in their last game of a season: the leaderboard's ▲ / ▼.

A counted game keeps each member's season rating before and after it (on its
``seat_records`` row, or on the ``departures`` row of a member who left it): the change
of a member's latest counted game of a season is how their season skill last moved.
Other boards (all time once a second season started, one player count) keep no such
history, so they have no change to show.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..database import Database

_LAST_CHANGE = (
    "SELECT mu_before, sigma_before, mu_after, sigma_after FROM ("
    " SELECT s.mu_before, s.sigma_before, s.mu_after, s.sigma_after, r.finished_at,"
    " r.table_id FROM seat_records s JOIN results r USING (table_id)"
    " JOIN rated_results k USING (table_id)"
    " WHERE s.user_id = ? AND r.guild_id = ? AND r.variant = ? AND k.season = ?"
    " AND s.mu_after IS NOT NULL"
    " UNION ALL"
    " SELECT d.mu_before, d.sigma_before, d.mu_after, d.sigma_after, r.finished_at,"
    " r.table_id FROM departures d JOIN results r USING (table_id)"
    " JOIN rated_results k USING (table_id)"
    " WHERE d.user_id = ? AND r.guild_id = ? AND r.variant = ? AND k.season = ?"
    " AND d.mu_after IS NOT NULL"
    ") AS counted ORDER BY finished_at DESC, table_id DESC LIMIT 1"
)


async def last_changes(
    db: Database, guild_id: int, variant: str, season: int, user_ids: Iterable[int]
) -> dict[int, float]:
    """Member → how much their latest counted game of ``season`` in ``variant`` moved
    their cautious skill (members with no such game are left out)."""
    changes: dict[int, float] = {}
    for user_id in dict.fromkeys(user_ids):
        key = (user_id, guild_id, variant, season)
        row = await db.fetchone(_LAST_CHANGE, (*key, *key))
        if row is not None:
            before = float(row["mu_before"]) - 3 * float(row["sigma_before"])
            after = float(row["mu_after"]) - 3 * float(row["sigma_after"])
            changes[user_id] = after - before
    return changes
