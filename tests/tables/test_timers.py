"""Turn timers: a computer moves for an absent person; after three in a row it holds the hand."""

from __future__ import annotations

import time

import pytest

from bot.store import Database
from bot.tables import ActionApplied, TableError, TableService, TurnTimedOut

from .helpers import ALICE, GUILD, HOST, Recorder, eventually, make_service, started

PEOPLE = (HOST, ALICE)


async def timed(service: TableService, seconds: int = 10) -> None:
    """Turn the guild's timer on (10 s × the test scale of 0.005 = 50 ms)."""
    await service.settings.set(GUILD, "turn_timer", seconds, changed_by=1)


async def test_no_timer_when_it_is_off(service: TableService) -> None:
    await service.settings.set(GUILD, "turn_timer", 0, changed_by=1)
    table = await started(service, "euchre", people=PEOPLE)
    await service.wait_idle()
    table = await service.get(table.id)
    assert table.current_user is not None and table.turn_deadline is None
    assert service._clock.pending(table.id) is None


async def test_a_timeout_moves_for_the_person_and_says_so(
    service: TableService, recorder: Recorder
) -> None:
    await timed(service)
    table = await started(service, "euchre", people=PEOPLE)
    await service.wait_idle()
    table = await service.get(table.id)
    user = table.current_user
    assert user is not None
    assert table.turn_deadline is not None and table.turn_deadline > time.time()
    await eventually(lambda: recorder.of(TurnTimedOut, table.id))
    timeout = recorder.of(TurnTimedOut, table.id)[0]
    assert (timeout.user_id, timeout.timeouts, timeout.standin) == (user, 1, False)
    applied = [e for e in recorder.of(ActionApplied, table.id) if e.source == "timeout"]
    assert applied[0].action == timeout.action and applied[0].seat == timeout.seat
    stored = (await service.tables.actions(table.id))[applied[0].index]
    assert (stored.source, stored.actor_id) == ("timeout", None)


async def test_three_timeouts_hand_the_seat_to_a_computer_until_reclaimed(db: Database) -> None:
    service = make_service(db, computer_delay=0.005)
    recorder = Recorder()
    service.subscribe(recorder)
    try:
        await timed(service)
        table = await started(service, "euchre", people=(HOST,))
        await eventually(lambda: any(e.standin for e in recorder.of(TurnTimedOut)))
        assert [e.timeouts for e in recorder.of(TurnTimedOut)] == [1, 2, 3]
        seat = (await service.get(table.id)).seats[0]
        assert seat.standin and seat.computer_moves and seat.user_id == HOST
        assert (await service.tables.seats(table.id))[0].standin
        await eventually(lambda: any(e.source == "standin" for e in recorder.of(ActionApplied)))
        with pytest.raises(TableError, match="press My hand"):
            await service.act(table.id, HOST, "pass")
        table = await service.reclaim(table.id, HOST)
        assert table.seats[0] == type(table.seats[0])(0, HOST)
        assert (await service.tables.seats(table.id))[0].timeouts == 0
        await service.reclaim(table.id, HOST)  # a second click changes nothing
        count = len(recorder.of(ActionApplied))
        await eventually(lambda: len(recorder.of(TurnTimedOut)) == 4)  # the timer is back
        assert len(recorder.of(ActionApplied)) > count
    finally:
        await service.close()


async def test_acting_resets_the_timeout_count(db: Database) -> None:
    service = make_service(db)
    recorder = Recorder()
    service.subscribe(recorder)
    try:
        await timed(service)
        table = await started(service, "euchre", people=(HOST,))
        await eventually(lambda: recorder.of(TurnTimedOut))
        await service.settings.set(GUILD, "turn_timer", 0, changed_by=1)  # stop the clock
        await eventually(lambda: service._clock.pending(table.id) is None, timeout=5)
        table = await service.get(table.id)
        if table.status == "playing":
            assert table.seats[0].timeouts >= 1
            hand = service.hand(table.id, HOST)
            table = await service.act(table.id, HOST, hand.legal[0], expected_turn=hand.turn)
            assert table.seats[0].timeouts == 0
            assert (await service.tables.seats(table.id))[0].timeouts == 0
    finally:
        await service.close()
