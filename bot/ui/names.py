"""Names of seats as every message shows them (sides: `bot.words.sides`).

A computer player has one short name everywhere, carrying its level: ``🤖 Ada (hard)``
(see :mod:`bot.words.players`); a seat a member left reads ``Bob (left, 🤖 plays on)``,
one a moderator gave to the computer ``Bob (replaced, 🤖 plays on)``.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.tables.models import Seat, Table
from bot.words.players import COMPUTER, computer_label, left_label
from bot.words.sides import DEAD_HAND

#: How a member who erased their data in a server is shown in its past games.
FORMER_MEMBER = "former member"
OPEN_SEAT = "— open —"


def mention(user_id: int) -> str:
    """A member's mention (shown as their name, never a ping in embeds), or
    :data:`FORMER_MEMBER` for the pseudonym of one who erased their data (a negative id)."""
    return FORMER_MEMBER if user_id < 0 else f"<@{user_id}>"


def person_name(user_id: int, names: Mapping[int, str]) -> str:
    """A person's display name, or their :func:`mention`."""
    return names.get(user_id) or mention(user_id)


def computer_name(level: str | None, seat_index: int) -> str:
    """``🤖 Ada (hard)``: a computer player's short name and level."""
    return computer_label(level, seat_index)


def seat_name(seat: Seat, names: Mapping[int, str]) -> str:
    """A person's name (marked while a computer holds their hand, or once they left it to
    a computer) or a computer's."""
    if seat.user_id is not None:
        name = person_name(seat.user_id, names)
        return f"{name} ({COMPUTER} standing in)" if seat.standin else name
    if seat.left_by is not None:
        return left_label(person_name(seat.left_by, names), replaced=seat.given_away)
    if seat.computer_level is not None:
        return computer_name(seat.computer_level, seat.index)
    return OPEN_SEAT


def seat_names(table: Table, names: Mapping[int, str]) -> list[str]:
    """Every seat's name, in seat order, then any hand nobody holds (Flip's dead hand)."""
    labels = [seat_name(seat, names) for seat in table.seats]
    hands = max((max(side) + 1 for side in table.sides if side), default=len(labels))
    return labels + [DEAD_HAND] * (hands - len(labels))
