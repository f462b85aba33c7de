"""One click, two engine steps: Euchre's "Order up alone" is ``order+alone``, checked as a
whole, stored as the engine's two actions in one go, and replayed like any other log."""

from __future__ import annotations

import pytest

from bot.engine import new_game
from bot.tables import ActionApplied, TableError, TableService
from bot.tables.games import action_steps, check_steps, replay

from .helpers import ALICE, BOB, CAROL, HOST, Recorder, person_turn, started, stored_state

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
