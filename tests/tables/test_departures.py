"""Leaving a game in progress is recorded with the seat change: /table leave, a stand-in
after timeouts, a moderator's replacement; the last person leaving lets the computers
finish the game promptly."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from bot.store import Database
from bot.store.tables import NewSeat
from bot.tables import TableService, TurnTimedOut

from .helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    HOST,
    Recorder,
    eventually,
    lobby,
    make_service,
    open_db,
    started,
)

MOD = 500


async def test_leaving_a_game_records_the_hand_and_the_servers_penalty(
    service: TableService,
) -> None:
    await service.settings.set(GUILD, "leaver_penalty", False, changed_by=MOD)
    table = await started(service, "euchre", people=(HOST, ALICE))
    await service.leave(table.id, ALICE)
    departure = await service.departures.of_member(table.id, ALICE)
    assert departure is not None
    assert (departure.seat, departure.why, departure.hand_number) == (1, "left", 1)
    assert departure.computer_level == "normal" and not departure.counts_as_loss
    seats = await service.tables.seats(table.id)
    assert seats[1].user_id is None and seats[1].computer_level == "normal"


async def test_leaving_a_tournament_game_the_server_does_not_rate_is_no_loss(
    service: TableService,
) -> None:
    await service.settings.set(GUILD, "rate_tournaments", False, changed_by=MOD)
    seats = [NewSeat(HOST), NewSeat(ALICE), *(NewSeat(None, "normal") for _ in range(2))]
    table = await service.open_seated(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, variant="euchre",
        options={"target": 10}, seats=seats, hand_limit=2, event_name="Night · round 1",
    )
    await service.leave(table.id, ALICE)
    departure = await service.departures.of_member(table.id, ALICE)
    assert departure is not None and not departure.counts_as_loss  # its game moves no rating
    await service.settings.set(GUILD, "rate_tournaments", True, changed_by=MOD)
    await service.leave(table.id, HOST)
    departure = await service.departures.of_member(table.id, HOST)
    assert departure is not None and departure.counts_as_loss


async def test_leaving_a_lobby_is_not_a_departure(service: TableService) -> None:
    table = await lobby(service)
    await service.join(table.id, ALICE)
    await service.leave(table.id, ALICE)
    assert await service.departures.of_table(table.id) == []


async def test_a_moderator_replacing_a_player_records_it(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE, BOB))
    await service.replace_with_computer(table.id, 2, MOD, level="hard")
    departure = await service.departures.of_member(table.id, BOB)
    assert departure is not None and departure.counts_as_loss
    assert (departure.why, departure.seat, departure.computer_level) == ("replaced", 2, "hard")


async def test_a_stand_in_after_timeouts_is_a_departure_until_the_member_returns(
    db: Database,
) -> None:
    service = make_service(db, computer_delay=0.005)
    recorder = Recorder()
    service.subscribe(recorder)
    try:
        await service.settings.set(GUILD, "turn_timer", 10, changed_by=MOD)
        table = await started(service, "euchre", people=(HOST,))
        await eventually(lambda: any(e.standin for e in recorder.of(TurnTimedOut)))
        last = recorder.of(TurnTimedOut)[-1]
        assert last.counts_as_loss  # the public line warns of the loss
        departure = await service.departures.of_member(table.id, HOST)
        assert departure is not None and departure.why == "timeouts" and departure.penalised
        await service.reclaim(table.id, HOST)
        assert await service.departures.of_member(table.id, HOST) is None
        assert await service.departures.of_table(table.id) == []
    finally:
        await service.close()


async def test_the_last_person_leaving_lets_the_computers_finish_without_pauses(
    db: Database,
) -> None:
    service = make_service(db, computer_delay=5.0)  # a pause people could follow
    try:
        table = await started(service, "euchre", people=(HOST,), options={"target": 2})
        await asyncio.sleep(0)
        started_at = time.monotonic()
        left = await service.leave(table.id, HOST)
        assert left.status == "playing" and left.people == ()
        await eventually(
            lambda: service.results.get(table.id), timeout=30
        )
        assert time.monotonic() - started_at < 30
        assert (await service.tables.get(table.id)).status == "finished"  # type: ignore[union-attr]
        assert [d.user_id for d in await service.departures.of_table(table.id)] == [HOST]
    finally:
        await service.close()


async def test_a_seat_left_for_good_stays_the_leavers_and_survives_a_restart(
    db_path: Path,
) -> None:
    db = await open_db(db_path)
    service = make_service(db, computer_delay=60)  # the computers stay where they are
    table = await started(service, "euchre", people=(HOST, ALICE, BOB))
    left = await service.leave(table.id, ALICE)
    assert left.seats[1].left_by == ALICE and left.seats[1].computer_level == "normal"
    replaced = await service.replace_with_computer(table.id, 2, MOD, level="hard")
    assert replaced.seats[2].left_by == BOB and replaced.seats[0].left_by is None
    assert [s.given_away for s in replaced.seats] == [False, False, True, False]
    await service.close()
    await db.close()

    db = await open_db(db_path)
    service = make_service(db, computer_delay=60)
    try:
        await service.restore()
        after = await service.get(table.id)
        assert [s.left_by for s in after.seats] == [None, ALICE, BOB, None]
        assert [s.given_away for s in after.seats] == [False, False, True, False]
    finally:
        await service.close()
        await db.close()
