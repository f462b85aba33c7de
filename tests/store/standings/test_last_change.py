"""Each rating keeps how much its latest game moved it and the lowest it has been, on
every board it counts on (PostgreSQL keeps them as REAL: to about six digits)."""

from __future__ import annotations

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import Board
from tests.store.helpers import ALICE, BOB, stored_result
from tests.tables.helpers import GUILD


async def test_a_rating_keeps_its_last_change_and_lowest(db: Database) -> None:
    ratings = RatingRepository(db)
    await stored_result(db, (BOB,), (ALICE,))
    await RatingUpdater(db).apply_pending()
    first = await ratings.get(GUILD, "euchre", Board(1), user_id=ALICE)
    assert first is not None and first.last_change is not None and first.last_change < 0
    assert abs(first.last_change - first.ordinal) < 1e-4  # from 0, the start
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    for board in (Board(1), Board(0)):
        now = await ratings.get(GUILD, "euchre", board, user_id=ALICE)
        assert now is not None and now.last_change is not None
        assert abs(now.last_change - (now.ordinal - first.ordinal)) < 1e-4
        assert now.lowest is not None and abs(now.lowest - first.ordinal) < 1e-4
        assert now.lowest < now.ordinal
