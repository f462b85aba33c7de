"""The computer's opinion of a finished game is kept, so a second review is instant; an
opinion from an older analysis is not served."""

from __future__ import annotations

from bot.store import Database
from bot.store.opinions import OpinionRepository

from .helpers import ALICE, BOB, stored_result


async def test_an_opinion_is_kept_per_seat_and_replaced_by_a_newer_analysis(db: Database) -> None:
    table_id = await stored_result(db, (ALICE,), (BOB,))
    opinions = OpinionRepository(db)
    assert await opinions.get(table_id, 0, version=1) is None
    await opinions.put(table_id, 0, 1, {"seat": 0, "decisions": []})
    assert await opinions.get(table_id, 0, version=1) == {"seat": 0, "decisions": []}
    assert await opinions.get(table_id, 1, version=1) is None  # another seat's is not kept
    assert await opinions.get(table_id, 0, version=2) is None  # an older analysis made it
    await opinions.put(table_id, 0, 2, {"seat": 0, "decisions": [1]})
    assert await opinions.get(table_id, 0, version=2) == {"seat": 0, "decisions": [1]}
