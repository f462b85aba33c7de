"""Moderators end tables and replace people; players leave games; rematches."""

from __future__ import annotations

import pytest

from bot.tables import GameFinished, TableError, TableService

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    HOST,
    Recorder,
    lobby,
    play_to_end,
    started,
    stored_state,
)

MOD = 500


async def test_ending_a_game_abandons_it_without_a_result(
    service: TableService, recorder: Recorder
) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE))
    table = await service.end_table(table.id, MOD)
    assert table.status == "abandoned"
    assert (await service.tables.get(table.id)).status == "abandoned"  # type: ignore[union-attr]
    assert await service.results.get(table.id) is None
    assert service._clock.pending(table.id) is None and service.open_tables() == []
    with pytest.raises(TableError, match="closed by a moderator"):
        await service.act(table.id, HOST, "pass")
    await service.wait_idle()
    assert recorder.of(GameFinished) == []


async def test_ending_a_lobby_cancels_it(service: TableService) -> None:
    table = await lobby(service)
    assert (await service.end_table(table.id, MOD)).status == "cancelled"


async def test_a_moderator_may_cancel_a_game_in_progress(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE))
    table = await service.cancel(table.id, MOD, is_moderator=True)
    assert table.status == "abandoned"


async def test_replace_a_person_with_a_computer(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE, BOB, CAROL))
    table = await service.replace_with_computer(table.id, 0, MOD, level="easy")
    assert table.seats[0].is_computer and table.seats[0].computer_level == "easy"
    assert table.host_id == ALICE
    with pytest.raises(TableError, match="not seated"):
        await service.act(table.id, HOST, "pass")
    table = await play_to_end(service, table.id, [ALICE, BOB, CAROL])
    result = await service.results.get(table.id)
    assert result is not None and result.seats[0].is_computer
    assert result.seats[0].computer_level == "easy"


async def test_replacing_a_person_in_a_lobby_notes_when_the_seat_changed_hands(
    service: TableService,
) -> None:
    table = await lobby(service)
    table = await service.join(table.id, ALICE)
    table = await service.replace_with_computer(table.id, 1, MOD, level="easy")
    assert table.status == "lobby" and table.seats[1].computer_level == "easy"
    changes = await service.tables.seat_changes(table.id)
    assert [(c.seat, c.user_id, c.computer_level) for c in changes][-2:] == [
        (1, ALICE, None), (1, None, "easy")]
    assert await service.departures.of_member(table.id, ALICE) is None  # not in a game


async def test_replace_refusals(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST,))
    await service.wait_idle()  # the computers have moved: the person is to act
    before = await stored_state(service, table.id)
    with pytest.raises(TableError, match="Seat 2 has no person"):
        await service.replace_with_computer(table.id, 1, MOD)
    with pytest.raises(TableError, match="Seat 8 has no person"):
        await service.replace_with_computer(table.id, 7, MOD)
    with pytest.raises(TableError, match="last person"):
        await service.replace_with_computer(table.id, 0, MOD)
    assert await stored_state(service, table.id) == before


async def test_leaving_a_game_hands_the_seat_to_a_computer(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE), options={"target": 3})
    table = await service.leave(table.id, ALICE)
    assert table.status == "playing" and table.seats[1].is_computer
    table = await service.leave(table.id, HOST)  # the last person: the computers finish it
    assert table.status == "playing" and table.people == ()
    await service.wait_idle()
    assert (await service.get(table.id)).status == "finished"
    result = await service.results.get(table.id)
    assert result is not None and all(p.is_computer for p in result.seats)
    left = await service.departures.of_table(table.id)
    assert [(d.user_id, d.seat, d.why) for d in left] == [(ALICE, 1, "left"), (HOST, 0, "left")]


async def test_rematch(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE), options={"target": 1})
    with pytest.raises(TableError, match="isn't over yet"):
        await service.rematch(table.id, HOST)
    await play_to_end(service, table.id, [HOST, ALICE])
    with pytest.raises(TableError, match="Only the players"):
        await service.rematch(table.id, CAROL)
    again = await service.rematch(table.id, ALICE)
    assert again.status == "lobby" and again.rematch_of == table.id and again.host_id == ALICE
    assert again.options == table.options and again.id != table.id
    assert [(s.user_id, s.computer_level) for s in again.seats] == [
        (s.user_id, s.computer_level) for s in table.seats
    ]
    with pytest.raises(TableError, match="already set up"):
        await service.rematch(table.id, HOST)
    started_again = await service.start(again.id, ALICE)
    assert started_again.status == "playing" and started_again.seed != table.seed


async def test_no_rematch_of_a_cancelled_table(service: TableService) -> None:
    table = await lobby(service)
    await service.cancel(table.id, HOST)
    with pytest.raises(TableError, match="Only a finished game"):
        await service.rematch(table.id, HOST)


async def test_a_finished_table_can_still_be_read(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST,), options={"target": 1})
    finished = await play_to_end(service, table.id, [HOST])
    assert finished.scores and finished.winner is not None and finished.hand_number >= 1
    with pytest.raises(TableError, match="That game is over"):
        await service.act(table.id, HOST, "pass")
    with pytest.raises(TableError, match="closed"):
        service.hand(table.id, HOST)


async def test_what_moderators_do_to_tables_is_logged_with_the_table(
    service: TableService,
) -> None:
    ended = await service.end_table((await started(service, "euchre", people=(HOST,))).id, MOD)
    cancelled = await service.cancel((await lobby(service)).id, MOD, is_moderator=True)
    own = await service.cancel((await lobby(service)).id, HOST)  # the host's own: not logged
    game = await started(service, "euchre", people=(HOST, ALICE))
    await service.replace_with_computer(game.id, 1, MOD, level="hard")
    stopped = await service.cancel(game.id, MOD, is_moderator=True)

    logged = await service.modlog.page(GUILD)
    assert [(a.kind, a.table_id, a.moderator_id) for a in logged] == [
        ("table_end", stopped.id, MOD),
        ("table_replace", game.id, MOD),
        ("table_end", cancelled.id, MOD),
        ("table_end", ended.id, MOD),
    ]
    assert own.id not in {a.table_id for a in logged}
    assert logged[0].detail == {"status": "abandoned", "variant": "euchre"}
    assert logged[1].member_id == ALICE
    assert logged[1].detail == {"seat": 2, "level": "hard", "status": "playing"}
    assert logged[2].detail["status"] == "cancelled"
