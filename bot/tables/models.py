"""What the table service hands out: frozen snapshots of a table and its seats."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.store.tables import TableStatus


@dataclass(frozen=True)
class Seat:
    """One seat: empty, a person, a computer player, or a computer holding a person's hand."""

    index: int
    user_id: int | None = None
    computer_level: str | None = None
    standin: bool = False
    timeouts: int = 0
    #: The member who left this seat for good during the game (a computer plays on).
    left_by: int | None = None
    #: ``left_by`` did not leave: a moderator gave their seat to the computer.
    given_away: bool = False

    @property
    def is_empty(self) -> bool:
        """Nobody sits here."""
        return self.user_id is None and self.computer_level is None

    @property
    def is_person(self) -> bool:
        """A person owns this seat (even while a computer stands in for them)."""
        return self.user_id is not None

    @property
    def is_computer(self) -> bool:
        """A computer player owns this seat."""
        return self.user_id is None and self.computer_level is not None

    @property
    def computer_moves(self) -> bool:
        """A computer makes this seat's moves: a computer seat or a stand-in."""
        return self.computer_level is not None


@dataclass(frozen=True)
class Table:
    """A table as it is now: lobby, game in progress or closed.

    ``turn`` is the number of actions applied so far: a button built for the current state
    passes it back as ``expected_turn`` so that a stale click is refused. ``current_seat``
    is the seat whose owner must act now (for Railroad's Jambone, the chooser, not the
    maker); None outside a game.
    """

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    host_id: int
    variant: str
    variant_name: str
    players: int
    options: Mapping[str, Any]
    seed: int
    status: TableStatus
    seats: tuple[Seat, ...]
    rematch_of: int | None = None
    turn: int = 0
    current_seat: int | None = None
    hand_number: int = 0
    scores: tuple[int, ...] = ()
    winner: int | None = None
    turn_deadline: float | None = None
    created_at: str = ""
    updated_at: str = ""
    sides: tuple[tuple[int, ...], ...] = field(default=())
    #: A tournament round's table: it ends after this many scored hands.
    hand_limit: int | None = None
    #: A tournament round's table: its name ("Euchre night · round 2 · table 1").
    event_name: str | None = None

    @property
    def is_open(self) -> bool:
        """A lobby or a game in progress."""
        return self.status in ("lobby", "playing")

    @property
    def is_full(self) -> bool:
        """Every seat is taken."""
        return all(not seat.is_empty for seat in self.seats)

    @property
    def people(self) -> tuple[int, ...]:
        """The user ids of the seated people, in seat order."""
        return tuple(s.user_id for s in self.seats if s.user_id is not None)

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` sits in, or None."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.index
        return None

    @property
    def current_user(self) -> int | None:
        """The person who must act now (None: a computer, or no game)."""
        if self.current_seat is None:
            return None
        seat = self.seats[self.current_seat]
        return None if seat.computer_moves else seat.user_id


@dataclass(frozen=True)
class HandView:
    """What one person sees and may do: the engine's view of their seat and their actions.

    ``legal`` is empty unless it is this person's turn (and no computer holds their hand);
    pass ``turn`` back as ``expected_turn`` with the chosen action.
    """

    table: Table
    seat: int
    view: Mapping[str, Any]
    legal: tuple[str, ...]
    turn: int
    #: The step this person chose ahead, made when their turn for it comes (``alone``).
    held: str | None = None
