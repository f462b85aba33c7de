"""Restarts: every lobby and game comes back where it was; results are recorded once."""

from __future__ import annotations

import random
from pathlib import Path

from bot.engine import new_game
from bot.store import Database, NewSeat, TableRepository
from bot.tables import GameFinished, TableError, TableService
from tests.tables.helpers import (
    ALICE,
    CHANNEL,
    GUILD,
    HOST,
    Recorder,
    lobby,
    make_service,
    open_db,
    person_turn,
    play_to_end,
    started,
)


async def reopen(path: Path) -> tuple[Database, TableService, Recorder]:
    """A new database connection and service on the same file, restored."""
    db = await open_db(path)
    service = make_service(db)
    recorder = Recorder()
    service.subscribe(recorder)
    await service.restore()
    return db, service, recorder


async def test_restart_mid_hand_resumes_exactly(db_path: Path) -> None:
    db = await open_db(db_path)
    service = make_service(db)
    table = await started(service, "euchre", people=(HOST, ALICE))
    rng = random.Random(2)
    for _ in range(7):  # a few person moves (computers in between)
        user, table = await person_turn(service, table.id)
        hand = service.hand(table.id, user)
        await service.act(table.id, user, rng.choice(hand.legal), expected_turn=hand.turn)
    user, before = await person_turn(service, table.id)
    old_hand = service.hand(table.id, user)
    lobby_before = await lobby(service)
    await service.close()
    await db.close()

    db, service, recorder = await reopen(db_path)
    try:
        after = await service.get(table.id)
        assert (after.turn, after.current_seat, after.scores, after.seats) == (
            before.turn,
            before.current_seat,
            before.scores,
            before.seats,
        )
        assert service.hand(table.id, user).view == old_hand.view
        assert (await service.get(lobby_before.id)).status == "lobby"
        await service.join(lobby_before.id, ALICE)  # the lobby works too
        # the old button (built before the restart) still works
        await service.act(table.id, user, old_hand.legal[0], expected_turn=old_hand.turn)
        table = await play_to_end(service, table.id, [HOST, ALICE])
        assert table.status == "finished"
        rows = await db.fetchone("SELECT count(*) FROM results WHERE table_id = ?", (table.id,))
        assert rows[0] == 1
    finally:
        await service.close()
        await db.close()


async def test_a_pending_computer_move_resumes_after_a_restart(db_path: Path) -> None:
    db = await open_db(db_path)
    service = make_service(db, computer_delay=60)  # computers never get to move
    table = await started(service, "euchre", people=(HOST,))
    while table.current_user == HOST:
        table = await service.act(table.id, HOST, service.hand(table.id, HOST).legal[-1])
    assert table.current_user is None and service._clock.pending(table.id) == "computer"
    await service.close()
    await db.close()

    db, service, _ = await reopen(db_path)
    try:
        table = await play_to_end(service, table.id, [HOST])
        assert table.status == "finished"
    finally:
        await service.close()
        await db.close()


async def finished_log(seed: int) -> list[tuple[int, str]]:
    """(seat, action) pairs of a complete euchre game to 1 point."""
    game = new_game("euchre", 4, seed, {"target": 1})
    log = []
    while not game.is_over:
        seat = game.current_player
        action = game.legal_actions()[0]
        assert seat is not None
        game.apply(action)
        log.append((seat, action))
    return log


async def stored_game(db: Database, status: str = "playing") -> int:
    """A table stored with a complete log but no result, as if killed at the end."""
    repo = TableRepository(db)
    record = await repo.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=HOST,
        variant="euchre",
        players=4,
        options={"target": 1, "stick_dealer": True},
        seed=7,
        seats=[NewSeat(HOST), NewSeat(None, "easy"), NewSeat(ALICE), NewSeat(None, "hard")],
    )
    for index, (seat, action) in enumerate(await finished_log(7)):
        await repo.append_action(record.id, index, seat, action, "person")
    await repo.set_status(record.id, status)  # type: ignore[arg-type]
    return record.id


async def test_killed_between_the_last_action_and_the_result(db_path: Path) -> None:
    db = await open_db(db_path)
    table_id = await stored_game(db)
    other_id = await stored_game(db, status="finished")
    await db.close()

    for attempt in range(2):  # the second start finds nothing left to do
        db, service, recorder = await reopen(db_path)
        try:
            await service.wait_idle()
            for tid in (table_id, other_id):
                table = await service.get(tid)
                assert table.status == "finished" and table.winner is not None
                rows = await db.fetchone("SELECT count(*) FROM results WHERE table_id = ?", (tid,))
                assert rows[0] == 1
            result = await service.results.get(table_id)
            assert result is not None
            assert [p.computer_level for p in result.seats] == [None, "easy", None, "hard"]
            assert len(recorder.of(GameFinished)) == (2 if attempt == 0 else 0)
        finally:
            await service.close()
            await db.close()


async def test_a_log_that_no_longer_replays_is_left_alone(db_path: Path) -> None:
    db = await open_db(db_path)
    repo = TableRepository(db)
    record = await repo.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=HOST,
        variant="euchre",
        players=4,
        options={},
        seed=1,
        seats=[NewSeat(HOST)] + [NewSeat(None, "easy")] * 3,
    )
    await repo.set_status(record.id, "playing")
    await repo.append_action(record.id, 0, 0, "play:ZZ", "person")
    await db.close()

    db, service, _ = await reopen(db_path)
    try:
        assert service.open_tables() == []
        try:
            await service.act(record.id, HOST, "pass")
        except TableError as exc:
            assert "couldn't be reopened" in exc.message
        else:
            raise AssertionError("expected a TableError")
    finally:
        await service.close()
        await db.close()
