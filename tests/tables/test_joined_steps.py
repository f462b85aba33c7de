"""One click, two engine steps: Euchre's "Order up alone" is ``order+alone``, checked as a
whole, stored as the engine's two actions in one go, and replayed like any other log.
Railroad's maker says alone only after the dealer's discard: the second step is held
(stored, through a restart) and made for them when that turn comes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import new_game
from bot.store.backends.sqlite import SqliteDatabase
from bot.tables import ActionApplied, Table, TableError, TableService
from bot.tables.games import action_steps, check_steps, replay

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    HOST,
    Recorder,
    make_service,
    open_db,
    person_turn,
    started,
    stored_state,
)

PEOPLE = (HOST, ALICE, BOB, CAROL)


async def test_order_up_alone_is_one_move_stored_as_the_engine_two(
    service: TableService, recorder: Recorder
) -> None:
    table = await started(service, "euchre", people=PEOPLE)
    user, table = await person_turn(service, table.id)
    maker = table.current_seat
    assert maker is not None
    await service.act(table.id, user, "order+alone", expected_turn=table.turn)

    actions = await service.tables.actions(table.id)
    assert [(a.action, a.seat, a.source) for a in actions] == [
        ("order", maker, "person"),
        ("alone", maker, "person"),
    ]
    applied = recorder.of(ActionApplied, table.id)
    assert [(e.index, e.action) for e in applied] == [(0, "order"), (1, "alone")]
    game = replay((await service.tables.get(table.id)), actions)
    assert game.phase in ("discard", "play")  # no "partner or alone?" question is left
    assert not game.view(maker)["active"][(maker + 2) % 4]  # the partner sits out


async def test_a_joined_choice_that_does_not_fit_changes_nothing(service: TableService) -> None:
    table = await started(service, "euchre", people=PEOPLE)
    user, table = await person_turn(service, table.id)
    before = await stored_state(service, table.id)
    for forged in ("order+jambone", "pass+pass", "order+alone+alone", "order+", "+order"):
        with pytest.raises(TableError):
            await service.act(table.id, user, forged, expected_turn=table.turn)
    assert await stored_state(service, table.id) == before
    assert (await service.get(table.id)).turn == table.turn


async def test_games_stored_with_a_separate_alone_step_still_replay(
    service: TableService,
) -> None:
    table = await started(service, "euchre", people=PEOPLE)
    user, table = await person_turn(service, table.id)
    await service.act(table.id, user, "order", expected_turn=table.turn)
    user, table = await person_turn(service, table.id)
    assert service.hand(table.id, user).legal == ("partner", "alone")  # the old step
    await service.act(table.id, user, "alone", expected_turn=table.turn)
    actions = await service.tables.actions(table.id)
    assert [a.action for a in actions] == ["order", "alone"]
    assert replay((await service.tables.get(table.id)), actions).phase in ("discard", "play")


def test_steps_are_tried_on_a_copy_so_a_refusal_leaves_the_game_as_it_was() -> None:
    game = new_game("euchre", 4, seed=3)
    before = game.to_json()
    with pytest.raises(ValueError):
        check_steps(game, action_steps("order+jambone"))
    assert game.to_json() == before
    check_steps(game, action_steps("order+alone"))
    assert game.to_json() == before and action_steps("pass") == ["pass"]


async def railroad_order_turn(service: TableService) -> tuple[int, Table]:
    """A Railroad table of people only at the first round's first call."""
    table = await started(service, "railroad", people=PEOPLE)
    return await person_turn(service, table.id)


async def test_railroad_order_up_alone_goes_alone_after_the_dealers_discard(
    service: TableService,
) -> None:
    user, table = await railroad_order_turn(service)
    maker = table.current_seat
    await service.act(table.id, user, "order+alone", expected_turn=table.turn)
    assert service.hand(table.id, user).held == "alone"
    dealer_user, table = await person_turn(service, table.id)
    dealer = table.current_seat
    assert dealer != maker
    discard = service.hand(table.id, dealer_user).legal[0]
    await service.act(table.id, dealer_user, discard, expected_turn=table.turn)
    await service.wait_idle()
    actions = await service.tables.actions(table.id)
    assert [(a.action, a.seat, a.source, a.actor_id) for a in actions] == [
        ("order", maker, "person", user),
        (discard, dealer, "person", dealer_user),
        ("alone", maker, "person", user),  # made for the maker as soon as it was theirs
    ]
    assert await service.tables.held_steps(table.id) == {}
    assert service.hand(table.id, user).legal[0].startswith("give:")  # the loner's exchange


async def test_the_dealer_picks_up_alone_and_goes_alone_after_their_own_discard(
    service: TableService,
) -> None:
    user, table = await railroad_order_turn(service)
    for _ in range(3):  # everyone passes up to the dealer
        await service.act(table.id, user, "pass", expected_turn=table.turn)
        user, table = await person_turn(service, table.id)
    dealer = table.current_seat
    await service.act(table.id, user, "order+alone", expected_turn=table.turn)
    user, table = await person_turn(service, table.id)
    hand = service.hand(table.id, user)
    assert table.current_seat == dealer and hand.legal[0].startswith("discard:")
    assert hand.held == "alone"
    await service.act(table.id, user, hand.legal[0], expected_turn=table.turn)
    await service.wait_idle()
    actions = [a.action for a in await service.tables.actions(table.id)]
    assert actions[3:] == ["order", hand.legal[0], "alone"]


async def test_a_held_alone_survives_a_restart(db_path: Path) -> None:
    db = await open_db(db_path)
    service = make_service(db)
    user, table = await railroad_order_turn(service)
    await service.act(table.id, user, "order+jambone", expected_turn=table.turn)
    await service.close()
    await db.close()

    db = await open_db(db_path)
    service = make_service(db)
    try:
        await service.restore()
        assert service.hand(table.id, user).held == "jambone"
        dealer_user, table = await person_turn(service, table.id)
        discard = service.hand(table.id, dealer_user).legal[0]
        await service.act(table.id, dealer_user, discard, expected_turn=table.turn)
        await service.wait_idle()
        actions = [a.action for a in await service.tables.actions(table.id)]
        assert actions == ["order", discard, "jambone"]
    finally:
        await service.close()
        await db.close()


async def test_only_a_way_of_playing_the_hand_may_wait_for_a_later_turn(
    service: TableService,
) -> None:
    user, table = await railroad_order_turn(service)
    before = await stored_state(service, table.id)
    for forged in ("order+pass", "order+give:BJ", "pass+alone", "order+discard:BJ"):
        with pytest.raises(TableError):
            await service.act(table.id, user, forged, expected_turn=table.turn)
    assert await stored_state(service, table.id) == before
    assert await service.tables.held_steps(table.id) == {}


async def test_a_move_whose_held_step_cannot_be_stored_is_not_stored_either(
    service: TableService,
) -> None:
    user, table = await railroad_order_turn(service)
    before = await stored_state(service, table.id)
    await refuse_held_steps(service)
    with pytest.raises(TableError, match="could not be saved"):
        await service.act(table.id, user, "order+alone", expected_turn=table.turn)
    assert await stored_state(service, table.id) == before  # not the "order" alone
    assert service.hand(table.id, user).held is None
    assert (await service.get(table.id)).turn == table.turn


async def refuse_held_steps(service: TableService) -> None:
    """Make the database refuse every new held step (as a full disk would)."""
    if isinstance(service.db, SqliteDatabase):
        await service.db.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON held_steps"
            " BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
        return
    await service.db.execute(
        "CREATE FUNCTION refuse() RETURNS trigger AS $$"
        " BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql"
    )
    await service.db.execute(
        "CREATE TRIGGER refuse BEFORE INSERT ON held_steps"
        " FOR EACH ROW EXECUTE FUNCTION refuse()"
    )
