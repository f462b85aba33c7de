"""Numbers from members and custom ids: ASCII digits within SQLite's 64-bit range only."""

from __future__ import annotations

import pytest

from bot.ui.custom_ids import parse_action, parse_table_button
from bot.ui.numbers import MAX_INTEGER, parse_number


@pytest.mark.parametrize(
    "text, value",
    [("0", 0), ("42", 42), (str(MAX_INTEGER), MAX_INTEGER), (str(MAX_INTEGER + 1), None),
     ("²", None), ("٣", None), ("-1", None), ("1e3", None), ("", None), (" 7", None)],
)
def test_only_plain_digits_that_fit_are_numbers(text: str, value: int | None) -> None:
    assert parse_number(text) == value


def test_custom_ids_with_numbers_that_cannot_be_ids_are_not_read() -> None:
    assert parse_table_button("bower:table:12:join") == (12, "join")
    assert parse_table_button(f"bower:table:{MAX_INTEGER + 1}:join") is None
    assert parse_table_button("bower:table:١٢:join") is None
    assert parse_action("bower:act:12:٣:play:JH") is None
