"""Names of seats and sides as every message shows them.

A computer player has one name everywhere, carrying its level: ``🤖 Hard · seat 3``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.tables.models import Seat, Table

COMPUTER = "🤖"
#: How a member who erased their data in a server is shown in its past games.
FORMER_MEMBER = "former member"
OPEN_SEAT = "— open —"
DEAD_HAND_NAME = "Dead hand"
DEAD_HAND = f"🂠 {DEAD_HAND_NAME}"


def mention(user_id: int) -> str:
    """A member's mention (shown as their name, never a ping in embeds), or
    :data:`FORMER_MEMBER` for the pseudonym of one who erased their data (a negative id)."""
    return FORMER_MEMBER if user_id < 0 else f"<@{user_id}>"


def person_name(user_id: int, names: Mapping[int, str]) -> str:
    """A person's display name, or their :func:`mention`."""
    return names.get(user_id) or mention(user_id)


def computer_name(level: str | None, seat_index: int) -> str:
    """``🤖 Hard · seat 3``: a computer player's level and seat."""
    return f"{COMPUTER} {(level or 'computer').capitalize()} · seat {seat_index + 1}"


def seat_name(seat: Seat, names: Mapping[int, str]) -> str:
    """A person's name (marked while a computer holds their hand) or a computer's."""
    if seat.user_id is not None:
        name = person_name(seat.user_id, names)
        return f"{name} ({COMPUTER} standing in)" if seat.standin else name
    if seat.computer_level is not None:
        return computer_name(seat.computer_level, seat.index)
    return OPEN_SEAT


def seat_names(table: Table, names: Mapping[int, str]) -> list[str]:
    """Every seat's name, in seat order, then any hand nobody holds (Flip's dead hand)."""
    labels = [seat_name(seat, names) for seat in table.seats]
    hands = max((max(side) + 1 for side in table.sides if side), default=len(labels))
    return labels + [DEAD_HAND] * (hands - len(labels))


def side_name(side: int, sides: Sequence[Sequence[int]], labels: Sequence[str]) -> str:
    """``Alice & Carol`` for a partnership, the player's name otherwise."""
    seats = sides[side] if 0 <= side < len(sides) else []
    if not seats:
        return DEAD_HAND
    return " & ".join(labels[s] for s in seats if s < len(labels))
