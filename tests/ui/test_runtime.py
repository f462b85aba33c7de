"""The clicks in flight: counted while answered, whatever the answer's end."""

from __future__ import annotations

import pytest

from bot.ui.runtime import ClicksInFlight


def test_a_click_is_counted_while_it_is_answered_and_no_longer() -> None:
    clicks = ClicksInFlight()
    with clicks.counting():
        with clicks.counting():
            assert clicks.count == 2
        assert clicks.count == 1
    with pytest.raises(ValueError), clicks.counting():
        raise ValueError("a click that failed")
    assert clicks.count == 0
