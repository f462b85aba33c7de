"""Bower's custom ids are read back only when their numbers are ASCII digits that fit
SQLite's signed 64-bit INTEGER."""

from __future__ import annotations

import re

import pytest

from bot.ui.custom_ids import (
    ACTION_PATTERN,
    HINT_PATTERN,
    PICK_PATTERN,
    REMOVE_PATTERN,
    TABLE_PATTERN,
    ActionId,
    action_button,
    hint_button,
    is_action_id,
    parse_action,
    parse_table_button,
    pick_select,
    remove_select,
    table_button,
)
from bot.ui.numbers import MAX_INTEGER

BIG = MAX_INTEGER


def test_every_built_id_matches_its_pattern() -> None:
    assert re.fullmatch(TABLE_PATTERN, table_button(BIG, "hand"))
    assert re.fullmatch(ACTION_PATTERN, action_button(BIG, BIG, "play:JH"))
    assert re.fullmatch(PICK_PATTERN, pick_select(BIG, BIG, "card"))
    assert re.fullmatch(HINT_PATTERN, hint_button(BIG, BIG))
    assert re.fullmatch(REMOVE_PATTERN, remove_select(BIG))


def test_ids_read_back() -> None:
    assert parse_table_button(table_button(BIG, "join")) == (BIG, "join")
    bid = action_button(12, 0, "bid:double_moon")
    assert parse_action(bid) == ActionId(12, 0, "bid:double_moon")


@pytest.mark.parametrize(
    "custom_id",
    [
        f"bower:act:{BIG + 1}:1:pass",
        f"bower:act:1:{BIG + 1}:pass",
        "bower:act:123456789012345678901234567890:1:pass",
        "bower:act:١٢:1:pass",
        "bower:act:12:²:pass",
        "bower:act:12:1:pláy",
        "bower:act:-1:1:pass",
    ],
)
def test_actions_with_numbers_no_control_carries_are_not_read(custom_id: str) -> None:
    assert parse_action(custom_id) is None


@pytest.mark.parametrize(
    "custom_id",
    [f"bower:table:{BIG + 1}:join", "bower:table:99999999999999999999:join",
     "bower:table:٣:join", "bower:table:²:hand", "bower:table:12:explode"],
)
def test_table_buttons_with_bad_numbers_are_not_read(custom_id: str) -> None:
    assert parse_table_button(custom_id) is None


@pytest.mark.parametrize(
    "pattern, custom_id",
    [(PICK_PATTERN, "bower:pick:٣:1:card"), (HINT_PATTERN, "bower:hint:1:²"),
     (REMOVE_PATTERN, "bower:remove:١"), (REMOVE_PATTERN, "bower:remove:12345678901234567890")],
)
def test_patterns_take_ascii_digits_of_a_64_bit_length_only(pattern: str, custom_id: str) -> None:
    assert re.fullmatch(pattern, custom_id) is None


@pytest.mark.parametrize("value, ok", [("play:JH", True), ("bid:٣", False), ("x" * 61, False)])
def test_select_values_are_ascii_action_ids(value: str, ok: bool) -> None:
    assert is_action_id(value) is ok
