"""The hand record's data: a finished game as its hands, each as dealt, with its calls,
its tricks (and every seat's cards once each trick was taken) and the score after it.

Plain frozen data, JSON-safe inside: :mod:`.tracking` fills it by replaying the game,
:mod:`.steps` reads it one moment at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.tables.games import leading_side

Cards = tuple[str, ...]


@dataclass(frozen=True)
class TrickRecord:
    """One trick: who played what, in order, and who took it."""

    number: int  # 1-based within the hand
    plays: tuple[tuple[int, str], ...]  # (seat, card id) in play order
    winner: int  # seat
    winning: int = -1  # index in ``plays`` of the card that took the trick
    areas: tuple[str, ...] = ()  # Over the Rhine / Over the Top: where each card came from
    trumps: tuple[str | None, ...] = ()  # Flip: the trump in force when each card was played
    trump: str | None = None  # trump when the trick was taken
    held: tuple[Cards, ...] = ()  # every hand's cards once the trick was taken (seat order)
    tables: tuple[Mapping[str, Any], ...] = ()  # each table or battery once it was taken
    calling: str | None = None  # Flip: the calling card showing once it was taken
    burn: str | None = None  # Flip: the card face down under it
    first_action: int = 0  # index in the action log of the trick's first action
    last_action: int = 0  # index in the action log of the action that completed it


@dataclass(frozen=True)
class HandRecord:
    """One hand, from the deal to its score (or a misdeal thrown in)."""

    number: int  # 1-based hand number (the engine's; a misdeal is its own hand)
    dealer: int
    dealt: dict[str, Any]  # ``Game.hand_dealt()`` at the start of the hand
    calls: tuple[tuple[int, str], ...]  # (seat, action) for every action but card plays
    tricks: tuple[TrickRecord, ...]
    trump: str | None  # trump once play began (None: no trump, or none was made)
    maker: int | None
    points: tuple[int, ...]  # this hand's points per side (a Jamboree's bonus included)
    scores: tuple[int, ...]  # running score per side after the hand
    first_action: int  # index in the game's action log of the hand's first action
    misdeal: str = ""  # the reason, if the hand was thrown in
    call_at: tuple[int, ...] = ()  # index in the log of each call (-1: the engine's own)
    setup: Mapping[str, Any] = field(default_factory=dict)  # public view as play began
    result: Mapping[str, Any] = field(default_factory=dict)  # the engine's hand_scored event

    def step_of(self, index: int) -> int:
        """The review step at which action ``index`` of the log was taken: the trick it
        was made in (a card, or a call between two cards), else 0 for the deal and
        auction."""
        for trick in self.tricks:
            if index <= trick.last_action:
                return trick.number if index >= self._trick_opens(trick) else 0
        return 0

    def _trick_opens(self, trick: TrickRecord) -> int:
        """The first action of ``trick``'s span: just after the trick before it (a call
        made between two tricks belongs to the next), its own first card for the first."""
        if trick.number == 1:
            return trick.first_action
        return self.tricks[trick.number - 2].last_action + 1

    @property
    def scores_before(self) -> tuple[int, ...]:
        """The running score per side before the hand."""
        return tuple(after - got for after, got in zip(self.scores, self.points, strict=True))


@dataclass(frozen=True)
class GameRecord:
    """A whole game: its settings, its action log, and every hand."""

    variant: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: tuple[str, ...]  # the whole action log
    sides: tuple[tuple[int, ...], ...]  # seats of each side (Flip's dead hand included)
    hands: tuple[HandRecord, ...]
    scores: tuple[int, ...]
    winner: int | None
    #: A tournament round's table: the hands it played to (None: a game to its target).
    hand_limit: int | None = None

    @property
    def round_winner(self) -> int | None:
        """The winner of the game, or of a tournament round's table: the side ahead at
        its end (None when the lead is shared, or for a game not over)."""
        return self.winner if self.hand_limit is None else leading_side(self.scores)

    @property
    def is_over(self) -> bool:
        """The game reached its winner, or the round's table played its hands."""
        return self.winner is not None or self.hand_limit is not None

    @property
    def seats(self) -> int:
        """How many hands are dealt: every player, and Flip's dead hand."""
        return max((max(side) + 1 for side in self.sides if side), default=self.players)

    def hand(self, number: int) -> HandRecord:
        """Hand ``number`` (1-based); ValueError if the game has no such hand."""
        if 1 <= number <= len(self.hands) and self.hands[number - 1].number == number:
            return self.hands[number - 1]
        for hand in self.hands:
            if hand.number == number:
                return hand
        raise ValueError(f"This game has no hand {number} (it has {len(self.hands)}).")
