"""Stepping through a review: every hand's deal then its tricks, and where each button
leads (a button that leads nowhere is greyed out)."""

from __future__ import annotations

from bot.ui.review.navigation import Step, all_steps, is_step, target
from tests.review.helpers import record_of


def test_steps_are_each_hand_then_its_tricks() -> None:
    record = record_of("euchre", 4)
    steps = all_steps(record)
    assert steps[0] == Step(1, 0) and steps == sorted(steps)
    for position, hand in enumerate(record.hands, start=1):
        mine = [s.trick for s in steps if s.hand == position]
        assert mine == list(range(len(hand.tricks) + 1))


def test_each_button_leads_where_its_label_says() -> None:
    record = record_of("euchre", 4)
    assert len(record.hands) >= 2
    steps = all_steps(record)
    first, last = steps[0], steps[-1]
    assert target(record, first, "back") == first and target(record, first, "first") == first
    assert target(record, first, "next") == Step(1, 1)
    assert target(record, first, "hand_next") == Step(2, 0)
    assert target(record, Step(2, 3), "hand_back") == Step(1, 0)
    assert target(record, Step(1, len(record.hands[0].tricks)), "next") == Step(2, 0)
    assert target(record, Step(2, 0), "back") == Step(1, len(record.hands[0].tricks))
    assert target(record, first, "last") == last and target(record, last, "next") == last
    assert target(record, last, "hand_next") == last


def test_a_step_the_game_never_had_is_not_a_step() -> None:
    record = record_of("euchre", 4)
    assert is_step(record, Step(1, 0)) and is_step(record, Step(len(record.hands), 0))
    assert not is_step(record, Step(0, 0))
    assert not is_step(record, Step(len(record.hands) + 1, 0))
    assert not is_step(record, Step(1, len(record.hands[0].tricks) + 1))
