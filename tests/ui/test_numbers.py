"""Numbers from members, custom ids and settings: ASCII digits within SQLite's 64-bit range only."""

from __future__ import annotations

import pytest

from bot.ui.numbers import MAX_INTEGER, parse_number


@pytest.mark.parametrize(
    "text, value",
    [("0", 0), ("42", 42), (str(MAX_INTEGER), MAX_INTEGER), (str(MAX_INTEGER + 1), None),
     ("²", None), ("٣", None), ("-1", None), ("1e3", None), ("", None), (" 7", None)],
)
def test_only_plain_digits_that_fit_are_numbers(text: str, value: int | None) -> None:
    assert parse_number(text) == value

