"""Filling in the calls, calls made and euchring of games counted before they were kept.

Migration 0010 added those three records to ``seat_records``; the games counted before it
keep NULL there. At start-up Bower replays each such game's stored action log through the
engine (as counting a game does, :meth:`~bot.ratings.updater.RatingUpdater.replayed_records`) and
writes the three figures of each seat. Only rows still NULL are written, so it can run at
every start, and on several processes at once, and never changes a figure twice. A game
whose log is missing or does not replay to the hands its result recorded keeps NULL:
``/stats`` then still says how many games those figures cover.
"""

from __future__ import annotations

import logging

from bot.store.database import Database
from bot.store.results import ResultRepository

from .updater import RatingUpdater

log = logging.getLogger(__name__)

BATCH = 100  # games looked at per query


async def backfill_calls(db: Database) -> int:
    """Fill in the calls, calls made and euchring of every game that lacks them and can
    be replayed; how many games were filled in."""
    updater = RatingUpdater(db)
    results = ResultRepository(db)
    filled, after = 0, -1
    while True:
        rows = await db.fetchall(
            "SELECT DISTINCT table_id FROM seat_records WHERE calls IS NULL AND table_id > ?"
            " ORDER BY table_id LIMIT ?",
            (after, BATCH),
        )
        if not rows:
            break
        for row in rows:
            after = int(row["table_id"])
            result = await results.get(after)
            records = await updater.replayed_records(result, whole=True) if result else None
            if records is None:
                continue
            for seat, seat_records in enumerate(records):
                await db.execute(
                    "UPDATE seat_records SET calls = ?, calls_made = ?, euchring = ?"
                    " WHERE table_id = ? AND seat = ? AND calls IS NULL",
                    (seat_records.calls, seat_records.calls_made, seat_records.euchring, after,
                     seat),
                )
            filled += 1
    if filled:
        log.info("Filled in calls and euchring of %d games counted before they were kept",
                 filled)
    return filled
