"""Helpers for store tests: finished results stored directly."""

from __future__ import annotations

from bot.engine import VARIANTS
from bot.store import Database, ResultPlayer, ResultRecord, ResultRepository
from tests.tables.helpers import GUILD, HOST

ALICE, BOB, CAROL = 21, 22, 23


async def stored_result(
    db: Database,
    winners: tuple[int | str, ...],
    losers: tuple[int | str, ...],
    *,
    guild: int = GUILD,
    variant: str = "euchre",
    scores: tuple[int, int] = (10, 6),
) -> int:
    """A finished two-side game stored directly (no action log): people are ints, computers
    their level; a side of one in a partnership game gets a ``normal`` computer partner."""
    if VARIANTS[variant].default_players == 4:
        winners, losers = (*winners, "normal")[:2], (*losers, "normal")[:2]
    order = [winners[0], losers[0], *winners[1:2], *losers[1:2]]
    table_id = await db.execute(  # the columns of schema 1, so older schemas take it too
        "INSERT INTO tables (guild_id, channel_id, host_id, variant, players, options, seed,"
        " status, created_at, updated_at)"
        " VALUES (?, 1, ?, ?, ?, '{}', 1, 'finished', '2026-01-01', '2026-01-01')",
        (guild, HOST, variant, len(order)),
    )
    for seat, p in enumerate(order):
        await db.execute(
            "INSERT INTO seats (table_id, seat, user_id, computer_level) VALUES (?, ?, ?, ?)",
            (table_id, seat, p if isinstance(p, int) else None, None if isinstance(p, int) else p),
        )
    seats = tuple(
        ResultPlayer(
            seat=seat,
            side=seat % 2,
            user_id=p if isinstance(p, int) else None,
            computer_level=None if isinstance(p, int) else p,
            won=seat % 2 == 0,
        )
        for seat, p in enumerate(order)
    )
    await ResultRepository(db).record(
        ResultRecord(
            table_id=table_id,
            guild_id=guild,
            variant=variant,
            players=len(order),
            winner_side=0,
            final_scores=scores,
            hands_played=3,
            hand_scores=((4, 0), (2, 4), (4, 2)),
            seats=seats,
        )
    )
    return table_id
