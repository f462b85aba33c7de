"""A full disk as the database itself reports it (``Database.write_many`` raising SQLite's
own error), or a database that is away: a computer's move that cannot be stored is not
lost or half-stored; it is tried again until it can be, and the game goes on from there."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Sequence
from typing import Any

import pytest

from bot.store import Database
from bot.store.database import StoreUnavailableError
from bot.tables import TableError, TableService
from tests.tables.helpers import HOST, eventually, make_service, person_turn, started, stored_state

INSERT_ACTION = "INSERT INTO actions"


@pytest.mark.parametrize(
    ("refusal", "logged"),
    [
        (sqlite3.OperationalError("database or disk is full"), logging.ERROR),
        (StoreUnavailableError("no PostgreSQL server answers there"), logging.WARNING),
    ],
    ids=["disk full", "database away"],
)
async def test_computer_moves_wait_for_room_and_lose_nothing(
    db: Database,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    refusal: Exception,
    logged: int,
) -> None:
    """A full disk needs someone to make room (an error in the log); a database that is
    away comes back by itself (a warning), and neither is logged as a failure with a
    traceback."""
    service = make_service(db, timer_scale=100.0)  # no turn timer plays for the person
    try:
        await _computers_wait_for_room(service, monkeypatch, refusal)
    finally:
        await service.close()
    records = [r for r in caplog.records if r.name.startswith("bot.tables")]
    assert max(r.levelno for r in records) == logged
    assert not any(r.exc_info for r in records)


async def _computers_wait_for_room(
    service: TableService, monkeypatch: pytest.MonkeyPatch, refusal: Exception
) -> None:
    table = await started(service, "euchre", people=(HOST,))
    user, table = await person_turn(service, table.id)
    person_seat = table.current_seat
    real = service.db.write_many
    refused: list[int] = []

    async def full_for_computers(statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        for sql, params in statements:
            if sql.startswith(INSERT_ACTION) and params[2] != person_seat:
                refused.append(params[1])
                raise refusal
        await real(statements)

    monkeypatch.setattr(service.db, "write_many", full_for_computers)
    mine: list[str] = []
    while not refused:  # the person's moves fit; the first computer move does not
        legal = service.hand(table.id, user).legal
        if legal:
            mine.append(legal[0])
            await service.act(table.id, user, legal[0])
        await asyncio.sleep(0.01)
    await eventually(lambda: len(refused) >= 3)  # tried again, not given up
    stored = await service.tables.actions(table.id)
    assert [a.index for a in stored] == list(range(len(stored)))
    assert stored[-1].seat == person_seat and stored[-1].action == mine[-1]
    assert set(refused) == {len(stored)}  # always the same next move, never skipped
    assert service.hand(table.id, user).legal == ()  # still the computer's turn

    monkeypatch.setattr(service.db, "write_many", real)  # room again

    async def moved_on() -> bool:
        return len(await service.tables.actions(table.id)) > len(stored)

    await eventually(moved_on)
    after = await service.tables.actions(table.id)
    assert after[: len(stored)] == stored
    assert [a.index for a in after] == list(range(len(after)))


async def test_a_person_refused_on_a_full_database_can_play_the_same_move_later(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(service, "euchre", people=(HOST,))
    user, table = await person_turn(service, table.id)
    before = await stored_state(service, table.id)
    real = service.db.write_many

    async def full(statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(service.db, "write_many", full)
    action = service.hand(table.id, user).legal[0]
    with pytest.raises(TableError, match="disk is full") as refusal:
        await service.act(table.id, user, action)
    assert "nothing else is lost" in str(refusal.value)
    assert await stored_state(service, table.id) == before
    assert service.hand(table.id, user).legal[0] == action  # the hand was reloaded as stored

    monkeypatch.setattr(service.db, "write_many", real)
    await service.act(table.id, user, action)
    assert (await service.tables.actions(table.id))[-1].action == action
