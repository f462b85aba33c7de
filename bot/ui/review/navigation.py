"""Stepping through a finished game: every hand's deal and auction (trick 0), then each
of its tricks; where each review button leads from the step shown."""

from __future__ import annotations

from dataclasses import dataclass

from bot.review.record import GameRecord


@dataclass(frozen=True, order=True)
class Step:
    """A moment of the review: hand (1-based position in the game) and trick (0: the deal
    and the auction; k: once trick k is complete)."""

    hand: int
    trick: int


def all_steps(record: GameRecord) -> list[Step]:
    """Every step of the game, in order."""
    return [
        Step(position, trick)
        for position, hand in enumerate(record.hands, start=1)
        for trick in range(len(hand.tricks) + 1)
    ]


def is_step(record: GameRecord, step: Step) -> bool:
    """Whether ``step`` is a moment of this game (a forged or stale button may say not)."""
    return 1 <= step.hand <= len(record.hands) and (
        0 <= step.trick <= len(record.hands[step.hand - 1].tricks)
    )


def last_trick(record: GameRecord, hand: int) -> int:
    """How many tricks hand ``hand`` had (its last step)."""
    return len(record.hands[hand - 1].tricks)


def target(record: GameRecord, step: Step, op: str) -> Step:
    """Where button ``op`` leads from ``step`` (the same step when it leads nowhere)."""
    steps = all_steps(record)
    here = steps.index(step)
    hands = len(record.hands)
    moves = {
        "first": steps[0],
        "last": steps[-1],
        "back": steps[max(here - 1, 0)],
        "next": steps[min(here + 1, len(steps) - 1)],
        "hand_back": Step(step.hand - 1, 0) if step.hand > 1 else Step(1, 0),
        "hand_next": Step(step.hand + 1, 0) if step.hand < hands else step,
    }
    return moves.get(op, step)
