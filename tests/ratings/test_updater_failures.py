"""A result that keeps failing to be counted (a constraint refusing its rows) is left
uncounted with an error in the log, and the results after it are still counted: the
counting never spins on it."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from typing import Any

import pytest

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import Board
from tests.store.helpers import ALICE, BOB, stored_result
from tests.tables.helpers import GUILD

CAROL, DAVE = 1003, 1004


async def test_a_result_that_cannot_be_counted_does_not_hold_up_the_others(
    db: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    broken = await stored_result(db, (ALICE,), (BOB,))
    await stored_result(db, (CAROL,), (DAVE,))
    apply = RatingRepository.apply

    async def refusing(self: RatingRepository, result: Any, *args: Any, **kwargs: Any) -> bool:
        if result.table_id == broken:
            raise sqlite3.IntegrityError("UNIQUE constraint failed")
        return await apply(self, result, *args, **kwargs)

    monkeypatch.setattr(RatingRepository, "apply", refusing)
    with caplog.at_level(logging.ERROR, logger="bot.ratings.updater"):
        counted = await asyncio.wait_for(RatingUpdater(db).apply_pending(), timeout=10)
    assert counted == 1
    ratings = RatingRepository(db)
    assert not await ratings.is_rated(broken)
    carol = await ratings.get(GUILD, "euchre", Board(1), user_id=CAROL)
    assert carol is not None and carol.games == 1
    assert f"Table {broken}: its result could not be counted" in caplog.text
    assert f"Results of tables [{broken}] could not be counted" in caplog.text
