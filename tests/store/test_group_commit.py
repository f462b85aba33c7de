"""Batches written at the same moment are committed together, each all or nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Database, NewSeat, TableRepository
from bot.store.database import INTEGRITY_ERRORS


async def test_concurrent_actions_commit_together_and_a_bad_one_fails_alone(db: Database) -> None:
    repo = TableRepository(db)
    table = await repo.create(
        guild_id=1,
        channel_id=2,
        host_id=3,
        variant="euchre",
        players=4,
        options={},
        seed=1,
        seats=[NewSeat(3)],
    )
    await repo.append_action(table.id, 0, 0, "pass", "person", 3)
    writes = [repo.append_action(table.id, i, 0, "pass", "computer") for i in range(1, 40)]
    writes.append(repo.append_action(table.id, 0, 0, "order", "person", 3))  # index 0 again
    results = await asyncio.gather(*writes, return_exceptions=True)
    assert isinstance(results[-1], INTEGRITY_ERRORS)
    assert not any(isinstance(r, BaseException) for r in results[:-1])
    stored = await repo.actions(table.id)
    assert [a.index for a in stored] == list(range(40))
    assert stored[0].action == "pass"


async def test_a_batch_joins_the_enclosing_transaction(db: Database) -> None:
    repo = TableRepository(db)
    table = await repo.create(
        guild_id=1, channel_id=2, host_id=3, variant="euchre", players=4, options={}, seed=1
    )
    with pytest.raises(RuntimeError):
        async with db.transaction():
            await repo.append_action(table.id, 0, 0, "pass", "person", 3)
            raise RuntimeError("roll back")
    assert await repo.actions(table.id) == []
