"""Playing: a person's actions through act, computer turns, results, events."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from bot.engine import VARIANTS, new_game
from bot.store import Database
from bot.tables import (
    ActionApplied,
    GameFinished,
    TableChanged,
    TableError,
    TableEvent,
    TableService,
    random_legal,
)
from bot.tables.games import hand_scores, public_view, replay

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    HOST,
    Recorder,
    make_service,
    person_turn,
    play_to_end,
    quick_options,
    started,
    stored_state,
)


def failing_decide(
    level: str, view: Mapping[str, Any], legal: Sequence[str], seed: int, budget: float
) -> str:
    """A decision function that always fails."""
    raise RuntimeError("no idea")


def nonsense_decide(
    level: str, view: Mapping[str, Any], legal: Sequence[str], seed: int, budget: float
) -> tuple[str, str]:
    """A decision function that answers an illegal action, with a reason."""
    return "play:XX", "because"


def reasoned_decide(
    level: str, view: Mapping[str, Any], legal: Sequence[str], seed: int, budget: float
) -> tuple[str, str]:
    """bot.ai's shape: (action, reason)."""
    return legal[-1], f"{level} likes the last one"


def slow_decide(
    level: str, view: Mapping[str, Any], legal: Sequence[str], seed: int, budget: float
) -> str:
    """A decision function that thinks (blocking its worker) for 50 ms."""
    time.sleep(0.05)
    return legal[0]


async def check_result(service: TableService, db: Database, table_id: int) -> None:
    """The stored result matches a replay of the stored log, and is there exactly once."""
    record = await service.tables.get(table_id)
    assert record is not None and record.status == "finished"
    game = replay(record, await service.tables.actions(table_id))
    assert game.is_over
    result = await service.results.get(table_id)
    assert result is not None
    assert result.final_scores == tuple(game.scores) and result.winner_side == game.winner
    assert result.hand_scores == hand_scores(game) and result.hands_played >= 1
    seats = await service.tables.seats(table_id)
    assert [(p.user_id, p.computer_level) for p in result.seats] == [
        (s.user_id, None if s.user_id else s.computer_level) for s in seats
    ]
    assert [p.won for p in result.seats] == [
        game.side_of(s) == game.winner for s in range(record.players)
    ]
    rows = await db.fetchone("SELECT count(*) FROM results WHERE table_id = ?", (table_id,))
    assert rows[0] == 1


@pytest.mark.parametrize("variant", sorted(VARIANTS))
async def test_a_full_game_of_each_variant(
    service: TableService, db: Database, recorder: Recorder, variant: str
) -> None:
    table = await started(service, variant, people=(HOST,), options=quick_options(variant))
    table = await play_to_end(service, table.id, [HOST], random.Random(1))
    assert table.status == "finished" and table.winner is not None
    await check_result(service, db, table.id)
    await service.wait_idle()
    finished = recorder.of(GameFinished, table.id)
    assert len(finished) == 1 and finished[0].result.table_id == table.id
    applied = recorder.of(ActionApplied, table.id)
    assert [e.index for e in applied] == list(range(len(applied)))
    assert {e.source for e in applied} == {"person", "computer"}
    assert recorder.events[-1] == TableChanged(
        recorder.events[-1].table, "finished", user_id=applied[-1].actor_id, seat=applied[-1].seat
    )


async def test_a_long_game_with_two_people(service: TableService, db: Database) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE))
    table = await play_to_end(service, table.id, [HOST, ALICE], random.Random(5))
    await check_result(service, db, table.id)
    result = await service.results.get(table.id)
    assert result is not None and result.hands_played > 1
    assert max(result.final_scores) >= 10


async def test_play_refusals_change_nothing(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE, BOB, CAROL))
    user, table = await person_turn(service, table.id)
    other = next(u for u in (HOST, ALICE, BOB, CAROL) if u != user)
    before = await stored_state(service, table.id)
    cases = [
        (lambda: service.act(table.id, 99, "pass"), "not seated"),
        (lambda: service.act(table.id, other, "pass"), "not your turn"),
        (lambda: service.act(table.id, user, "pass", expected_turn=table.turn - 1), "earlier turn"),
        (lambda: service.act(table.id, user, "play:JH"), "not possible now. You may choose"),
        (lambda: service.act(table.id, user, "bogus"), "^That is not a move of Euchre"),
    ]
    for call, message in cases:
        with pytest.raises(TableError, match=message):
            await call()
    assert await stored_state(service, table.id) == before
    assert (await service.get(table.id)).turn == table.turn


async def test_must_follow_suit_message_comes_from_the_engine(service: TableService) -> None:
    people = (HOST, ALICE, BOB, CAROL)
    table = await started(service, "euchre", people=people)
    while True:  # bid until cards are played, then try to revoke
        user, table = await person_turn(service, table.id)
        hand = service.hand(table.id, user)
        if hand.view["phase"] == "play" and hand.view["trick"]:
            held = [a[5:] for a in hand.legal]
            revoke = [c for c in hand.view["hand"] if c not in held]
            if revoke:
                with pytest.raises(TableError, match="You must follow"):
                    await service.act(table.id, user, "play:" + revoke[0])
                return
        await service.act(table.id, user, hand.legal[0], expected_turn=hand.turn)


async def test_a_double_click_applies_once(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE, BOB, CAROL))
    user, table = await person_turn(service, table.id)
    action = service.hand(table.id, user).legal[0]
    await service.act(table.id, user, action, expected_turn=table.turn)
    with pytest.raises(TableError, match="That button is from an earlier turn"):
        await service.act(table.id, user, action, expected_turn=table.turn)
    assert await service.tables.action_count(table.id) == 1


async def test_hand_view(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE, BOB, CAROL))
    user, table = await person_turn(service, table.id)
    hand = service.hand(table.id, user)
    assert hand.seat == table.seat_of(user) and hand.turn == table.turn
    assert hand.legal and hand.view["hand"] and hand.view["seat"] == hand.seat
    other = next(u for u in (HOST, ALICE, BOB, CAROL) if u != user)
    assert service.hand(table.id, other).legal == ()
    with pytest.raises(TableError, match="not seated"):
        service.hand(table.id, 99)


async def test_events_in_order_and_a_broken_subscriber_is_harmless(
    service: TableService, recorder: Recorder
) -> None:
    async def broken(event: TableEvent) -> None:
        raise RuntimeError("subscriber bug")

    service.subscribe(broken)
    table = await started(service, "euchre", people=(HOST,), options={"target": 1})
    await play_to_end(service, table.id, [HOST])
    kinds = [type(e).__name__ for e in recorder.of(TableEvent, table.id)]
    assert kinds[:3] == ["TableChanged"] * 3  # created, 3 computers added ...
    assert kinds[-3:] == ["ActionApplied", "GameFinished", "TableChanged"]
    first = recorder.of(ActionApplied, table.id)[0]
    assert first.index == 0 and first.engine_events and first.table.turn == 1


async def test_the_reason_of_a_computer_is_passed_on(db: Database) -> None:
    service = make_service(db, reasoned_decide)
    rec = Recorder()
    service.subscribe(rec)
    try:
        table = await started(service, "euchre", people=(HOST,), options={"target": 1})
        await play_to_end(service, table.id, [HOST])
        computer = [e for e in rec.of(ActionApplied) if e.source == "computer"]
        assert computer and all(e.reason == "normal likes the last one" for e in computer)
    finally:
        await service.close()


@pytest.mark.parametrize("decide", [failing_decide, nonsense_decide])
async def test_a_broken_computer_player_cannot_stall_a_table(
    db: Database, decide: Any, caplog: pytest.LogCaptureFixture
) -> None:
    service = make_service(db, decide)
    try:
        table = await started(service, "euchre", people=(HOST,), options={"target": 1})
        table = await play_to_end(service, table.id, [HOST])
        assert table.status == "finished"
        assert "playing a random legal action" in caplog.text
    finally:
        await service.close()


async def test_computers_run_in_a_process_pool(db: Database) -> None:
    with ProcessPoolExecutor(1) as pool:
        service = make_service(db, random_legal, executor=pool)
        try:
            table = await started(service, "euchre", people=(HOST,), options={"target": 1})
            table = await play_to_end(service, table.id, [HOST])
            assert table.status == "finished"
        finally:
            await service.close()


async def test_computer_moves_never_block_the_loop(db: Database) -> None:
    service = make_service(db, slow_decide)
    try:
        table = await started(service, "euchre", people=(HOST,), options={"target": 1})
        while table.current_user == HOST:
            table = await service.act(table.id, HOST, service.hand(table.id, HOST).legal[-1])
        ticks = 0
        while service._clock.pending(table.id) == "computer":
            await asyncio.sleep(0.005)
            ticks += 1
        assert ticks >= 5  # the loop kept running while a computer was thinking
    finally:
        await service.close()


class FlakyStore:
    """Makes the next ``failures`` writes of a move fail like a locked database."""

    def __init__(self, service: TableService, failures: int) -> None:
        self.failures = failures
        self.original = service.db.write_many
        service.db.write_many = self  # type: ignore[method-assign]

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.failures > 0:
            self.failures -= 1
            raise sqlite3.OperationalError("database is locked")
        return await self.original(*args, **kwargs)


async def test_an_action_that_cannot_be_stored_is_not_applied(
    service: TableService, caplog: pytest.LogCaptureFixture
) -> None:
    table = await started(service, "euchre", people=(HOST, ALICE, BOB, CAROL))
    user, table = await person_turn(service, table.id)
    hand = service.hand(table.id, user)
    FlakyStore(service, 1)
    with pytest.raises(TableError, match="could not be saved"):
        await service.act(table.id, user, hand.legal[0], expected_turn=hand.turn)
    assert (await service.get(table.id)).turn == table.turn
    assert service.hand(table.id, user).view == hand.view
    assert await service.tables.action_count(table.id) == 0
    await service.act(table.id, user, hand.legal[0], expected_turn=hand.turn)  # try again
    assert await service.tables.action_count(table.id) == 1
    assert "could not store action 0" in caplog.text


async def test_a_computer_move_that_cannot_be_stored_is_retried(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST,), options={"target": 1})
    while table.current_user == HOST:
        table = await service.act(table.id, HOST, service.hand(table.id, HOST).legal[-1])
    flaky = FlakyStore(service, 2)
    table = await play_to_end(service, table.id, [HOST])
    assert table.status == "finished" and flaky.failures == 0


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_public_view_shows_only_what_every_seat_sees(variant: str) -> None:
    rng = random.Random(variant)
    game = new_game(variant, None, 11, quick_options(variant))
    for _ in range(60):
        if game.is_over:
            break
        public = public_view(game)
        views = [game.view(seat) for seat in range(game.players)]
        assert public["seat"] is None
        assert public["hand"] is None or all(card is None for card in public["hand"])
        for key, value in public.items():
            if value is not None and not isinstance(value, dict | list):
                assert all(view[key] == value for view in views)
        game.apply(rng.choice(game.legal_actions()))


async def test_public_view_of_a_table(service: TableService) -> None:
    table = await started(service, "euchre", people=(HOST,))
    public = service.public_view(table.id)
    assert public is not None and public["variant"] == "euchre" and public["seat"] is None
    assert service.public_view(12345) is None
