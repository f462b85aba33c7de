"""What seating and standings work on: rounds as seated and as played (pure data)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.store.tournaments import Fill, Format

__all__ = ["CutRound", "Fill", "Format", "Layout", "PlayedRound", "RoundSeating", "Standing",
           "TableResult"]

#: A seat at a tournament table: a player's user id, or None for a computer player.
SeatHolder = int | None


@dataclass(frozen=True)
class Layout:
    """The shape of every table: seats, and which seats play together (the engine's
    sides, e.g. ``((0, 2), (1, 3))`` for four-seat Euchre, ``((0,), (1,))`` for two)."""

    seats: int
    sides: tuple[tuple[int, ...], ...]

    @property
    def partnership(self) -> bool:
        """Some side has more than one seat."""
        return any(len(side) > 1 for side in self.sides)

    @property
    def four_in_pairs(self) -> bool:
        """Four seats in two partnerships: what progressive movement needs."""
        return self.seats == 4 and len(self.sides) == 2 and all(len(s) == 2 for s in self.sides)


@dataclass(frozen=True)
class RoundSeating:
    """Who sits where in one round: ``tables[0]`` is the top table (table 1), each a seat
    list in seat order; ``byes`` sit the round out."""

    tables: tuple[tuple[SeatHolder, ...], ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class TableResult:
    """One table's round as played: what each side scored (in ``Layout.sides`` order)
    and the lone hands each player made (user id → count; loners that were euchred do
    not count)."""

    scores: tuple[int, ...]
    loners: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayedRound:
    """A finished round: its seating and one result per table, in the same order."""

    seating: RoundSeating
    results: tuple[TableResult, ...]


@dataclass(frozen=True)
class Standing:
    """One player's line in the standings.

    ``rounds``: the player's score in each round (a bye counts the round's average score,
    rounded half up; ``bye_rounds`` says which rounds, counted from 1, were byes); ``rank``
    is shared by players no tie-break separates; ``tie_break`` names what decided against the player
    just above (``""`` when their totals differ or they share the rank).
    """

    rank: int
    user_id: int
    rounds: tuple[int, ...]
    total: int
    rounds_won: int
    loners: int
    bye_rounds: tuple[int, ...] = ()
    tie_break: str = ""


@dataclass(frozen=True)
class CutRound:
    """The round in play when a moderator ended a tournament, counted as its tables stood:
    the hands each table had scored (table order; a table ended before its first hand, or
    never opened, 0) of the ``hands`` a round plays."""

    number: int
    hands: int
    played: tuple[int, ...]

    @property
    def any_scored(self) -> bool:
        """Some table of the round scored a hand before the end."""
        return any(self.played)

    @property
    def nothing_scored(self) -> bool:
        """The first round was cut before any hand: the tournament scored nothing, and
        nobody places in it."""
        return self.number == 1 and not self.any_scored
