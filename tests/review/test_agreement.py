"""Comparing two opinions of the same game: costly marks shared or not, and the best
choice where it was clear."""

from __future__ import annotations

import pytest

from bot.review.agreement import agreement, report
from bot.review.opinion import Choice, Decision, Opinion


def decision(index: int, cost: float, best: str, gap: float) -> Decision:
    """A decision whose ``best`` choice leads the other by ``gap`` points."""
    other = "pass" if best != "pass" else "order"
    return Decision(index, 1, other if cost else best,
                    (Choice(best, gap), Choice(other, 0.0)), cost, "Why." if cost else "")


OLD = Opinion(0, (
    decision(1, 0.6, "pass", 0.6),  # costly in both
    decision(4, 0.3, "pass", 0.3),  # costly in the old only
    decision(7, 0.0, "order", 0.8),  # clear best, same in both
    decision(9, 0.0, "order", 0.1),  # close: not counted among the clear ones
), ())
NEW = Opinion(0, (
    decision(1, 0.5, "pass", 0.5),
    decision(4, 0.1, "pass", 0.1),
    decision(7, 0.0, "order", 0.9),
    decision(9, 0.0, "pass", 0.05),
), ())


def test_costly_marks_and_clear_bests_are_counted() -> None:
    found = agreement(OLD, NEW)
    assert (found.decisions, found.both_costly, found.only_first, found.only_second) == (4, 1, 1, 0)
    assert found.agree == 3
    assert (found.clear, found.same_best) == (2, 2)


def test_a_different_game_is_refused() -> None:
    other = Opinion(0, (decision(2, 0.0, "pass", 1.0),) * 4, ())
    with pytest.raises(ValueError, match="not of the same seat"):
        agreement(OLD, other)


def test_the_report_totals_every_game() -> None:
    old = {"euchre:4:1": {"cpu": 20.0, "opinion": OLD.to_json()},
           "euchre:4:2": {"cpu": 10.0, "opinion": OLD.to_json()}}
    new = {"euchre:4:1": {"cpu": 5.0, "opinion": NEW.to_json()},
           "euchre:4:2": {"cpu": 4.0, "opinion": OLD.to_json()}}
    lines = report(old, new)
    assert lines[1].split() == ["euchre:4:1", "4", "3", "1", "1", "0", "2", "2", "20.0", "5.0"]
    assert lines[2].split() == ["euchre:4:2", "4", "4", "2", "0", "0", "2", "2", "10.0", "4.0"]
    assert lines[-1].split() == ["all", "8", "7", "3", "1", "0", "4", "4"]
