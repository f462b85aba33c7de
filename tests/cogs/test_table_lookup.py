"""Which table a command means; /table create's options."""

from __future__ import annotations

import inspect
from dataclasses import replace

import pytest

from bot.engine import VARIANTS
from bot.tables import TableError
from cogs.table_lookup import (
    EXTRA_OPTIONS,
    game_choices,
    int_choices,
    pick_table,
    table_options,
    target_suggestions,
)
from cogs.tables import Tables
from tests.ui.helpers import PEOPLE, lobby_table

HERE, ELSEWHERE = 2, 99
BOB = PEOPLE[0]


def tables():  # type: ignore[no-untyped-def]
    here = lobby_table()
    there = replace(lobby_table(), id=8, channel_id=ELSEWHERE)
    return [here, there]


def test_every_table_option_of_every_game_is_a_create_parameter() -> None:
    names = {o.name for info in VARIANTS.values() for o in info.options}
    assert names == {"target", *EXTRA_OPTIONS}
    params = inspect.signature(Tables.create.callback).parameters
    assert names <= set(params)
    assert [c.value for c in game_choices()] == list(VARIANTS)
    assert [c.value for c in int_choices("deck")] == [52, 50]


def test_options_of_another_game_are_refused_with_the_game_that_has_them() -> None:
    assert table_options("flip", {"deck": 50, "zilch": None}) == {"deck": 50}
    with pytest.raises(TableError, match="stick_dealer is for Euchre, not Flip Euchre"):
        table_options("flip", {"stick_dealer": True})


def test_target_suggestions_start_with_the_default_and_follow_typing() -> None:
    assert target_suggestions("euchre", 11, "")[0] == 11
    assert target_suggestions("over_the_rhine", 7, "1")[:3] == [1, 10, 11]
    assert all(v <= 100 for v in target_suggestions("over_the_rhine", 7, ""))


def test_a_number_picks_that_table_else_the_one_here_else_ones_own() -> None:
    here, there = tables()
    assert pick_table([here, there], table_id=8, here=[HERE], user_id=5, seated=False) is there
    assert pick_table([here, there], table_id=None, here=[HERE], user_id=5, seated=False) is here
    mine = pick_table([here, there], table_id=None, here=[HERE], user_id=BOB, seated=True)
    assert mine is here
    with pytest.raises(TableError, match="no open table #9"):
        pick_table([here], table_id=9, here=[HERE], user_id=BOB, seated=False)
    with pytest.raises(TableError, match="not seated"):
        pick_table([here], table_id=None, here=[HERE], user_id=5, seated=True)


def test_several_tables_here_need_a_number() -> None:
    here, _ = tables()
    twin = replace(here, id=9)
    with pytest.raises(TableError, match=r"Several tables are open \(#7, #9\)"):
        pick_table([here, twin], table_id=None, here=[HERE], user_id=5, seated=False)
