"""When each member who left a finished game stopped playing their seat.

What a member did stays theirs in the review: their seat reads as theirs up to the moment
they left, and as theirs with a computer playing on after it. That moment is the first
action of the seat no longer theirs: after the member's own last action, and not before
the hand during which they left began.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from bot.store.departures import Departure
from bot.store.tables import ActionRecord

from .opinion import Opinion
from .record import GameRecord


def computer_from(
    departures: Iterable[Departure], actions: Sequence[ActionRecord], record: GameRecord
) -> dict[int, int]:
    """Seat → the index in the action log from which a computer played the seat of a
    member who left it."""
    moments: dict[int, int] = {}
    for gone in departures:
        try:
            start = record.hand(gone.hand_number).first_action
        except ValueError:
            start = len(actions)
        own = [a.index for a in actions if a.seat == gone.seat and a.actor_id == gone.user_id]
        moments[gone.seat] = max(start, max(own, default=-1) + 1)
    return moments


def still_theirs(record: GameRecord, hand: int, trick: int, computer_at: int) -> bool:
    """Whether the step (``hand``, ``trick``; 0: the deal) shows the seat before a computer
    took it over at action ``computer_at``."""
    played = record.hand(hand)
    moment = played.tricks[trick - 1].last_action if trick else played.first_action
    return moment < computer_at


def until_left(
    opinion: Opinion, computer_at: int | None, departures: Iterable[Departure]
) -> Opinion:
    """The opinion of a seat's decisions kept to the member's own: for a member who left,
    their decisions before they left and the hands they finished (``computer_at``: the
    action from which a computer played the seat; None: nobody left it)."""
    if computer_at is None:
        return opinion
    hand = next((d.hand_number for d in departures if d.seat == opinion.seat), None)
    return replace(
        opinion,
        decisions=tuple(d for d in opinion.decisions if d.index < computer_at),
        perfect=tuple(p for p in opinion.perfect if hand is None or p.hand < hand),
    )
