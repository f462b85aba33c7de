"""Two processes of a cluster counting the same finished game at once (one PostgreSQL
database): it is counted once, and neither process fails."""

from __future__ import annotations

import asyncio

from bot.ratings.updater import RatingUpdater
from bot.store.opening import open_database
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import Board
from tests.store.helpers import ALICE, BOB, stored_result
from tests.tables.helpers import GUILD


async def test_a_result_counted_by_two_processes_at_once_counts_once(postgres_url: str) -> None:
    first, second = await open_database(postgres_url), await open_database(postgres_url)
    try:
        await stored_result(first, (ALICE,), (BOB,))
        counted = await asyncio.gather(
            RatingUpdater(first).apply_pending(), RatingUpdater(second).apply_pending()
        )
        assert sorted(counted) == [0, 1]
        for user in (ALICE, BOB):
            rating = await RatingRepository(second).get(GUILD, "euchre", Board(1), user_id=user)
            assert rating is not None and rating.games == 1
    finally:
        await first.close()
        await second.close()
