"""A full disk during play: the move is refused with a clear message, nothing stored is
lost, and play goes on once there is room again."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bot.tables import TableError, TableService
from tests.tables.helpers import ALICE, BOB, CAROL, HOST, person_turn, started, stored_state


async def test_a_move_on_a_full_disk_is_refused_then_play_resumes(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE, BOB, CAROL))
    user, table = await person_turn(service, table.id)
    before = await stored_state(service, table.id)
    real = service.db.write_many

    async def full(*args: Any, **kwargs: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(service.db, "write_many", full)
    action = service.hand(table.id, user).legal[0]
    with pytest.raises(TableError, match="disk is full, so your move was not saved"):
        await service.act(table.id, user, action)
    assert await stored_state(service, table.id) == before
    assert (await service.get(table.id)).turn == table.turn

    monkeypatch.setattr(service.db, "write_many", real)  # room again
    await service.act(table.id, user, action)
    assert (await service.get(table.id)).turn > table.turn
