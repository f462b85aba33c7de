"""Classic Euchre's trick play in bit masks, solved exactly (the ``expert`` level's play).

A hand's play phase is held as plain ints: each seat's cards as a 24-bit mask over the
pack, the trick in progress as (seat, card) pairs, the tricks each side has taken. Under
a trump every card has an effective suit (the left bower is a trump) and a power, looked
up in a :class:`Table` made once per trump. :class:`Solver` finds, with every card known
(one of the search's sampled deals, never a real game), how many tricks a side takes with
best play by all: alpha-beta with a transposition table at trick boundaries and cards
that are equivalent for the rest of the hand searched once. A hand's points are a
monotone function of the makers' tricks, so the best play for tricks is the best play
for points and :func:`points_for` turns one into the other as the engine scores them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.engine.cards import SUITS, french_deck
from bot.engine.ranking import LED, TRUMP, ranking
from bot.engine.variants.euchre import Euchre

CARDS: tuple[str, ...] = tuple(french_deck("9TJQKA"))
INDEX: dict[str, int] = {card: i for i, card in enumerate(CARDS)}
TRICKS = 5


class Table:
    """Per trump: each card's effective suit (0-3) and power, its score in a trick per
    led suit, each suit's cards as a mask, and the cards ranked between two of a suit."""

    def __init__(self, trump: str) -> None:
        rank = ranking(Euchre.rank_rules, trump)
        self.trump = SUITS.index(trump)
        self.suit = [SUITS.index(str(rank.suit[c])) for c in CARDS]
        self.power = [rank.power[c] for c in CARDS]
        self.suit_mask = [0, 0, 0, 0]
        for i, s in enumerate(self.suit):
            self.suit_mask[s] |= 1 << i
        self.score = [
            [p if p >= TRUMP else (LED + p if self.suit[i] == led else 0)
             for i, p in enumerate(self.power)]
            for led in range(4)
        ]
        self.between = [[0] * len(CARDS) for _ in CARDS]
        for a in range(len(CARDS)):
            for b in range(len(CARDS)):
                if self.suit[a] == self.suit[b]:
                    low, high = sorted((self.power[a], self.power[b]))
                    self.between[a][b] = sum(
                        1 << c for c in range(len(CARDS))
                        if self.suit[c] == self.suit[a] and low < self.power[c] < high
                    )
        self.weakness = [-p for p in self.power]  # a sort key: strongest first
        # The solver's distinct moves per (playable cards, cards held by others): tuples,
        # which the cycle collector stops tracking, so hundreds of thousands of them kept
        # here do not lengthen its full passes (pauses of a tenth of a second otherwise).
        self.moves: dict[tuple[int, int], tuple[int, ...]] = {}


@cache
def table(trump: str) -> Table:
    """The cached :class:`Table` of ``trump``."""
    return Table(trump)


def mask_of(cards: Any) -> int:
    """The bit mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


def points_for(maker_tricks: int, alone: bool) -> tuple[int, int]:
    """(makers' points, defenders' points) for the makers' tricks, as the engine scores."""
    if maker_tricks == TRICKS:
        return (4 if alone else 2), 0
    if maker_tricks >= 3:
        return 1, 0
    return 0, 2


class Deal:
    """A hand's play phase with every card known, as plain ints."""

    __slots__ = ("hands", "active", "turn", "trick", "won", "maker_side", "alone", "table")

    def __init__(
        self, hands: list[int], active: list[bool], turn: int, trick: list[tuple[int, int]],
        won: list[int], maker_side: int, trump: str,
    ) -> None:
        self.hands = hands
        self.active = active
        self.turn = turn
        self.trick = trick
        self.won = won  # tricks taken per side (seat % 2)
        self.maker_side = maker_side
        self.alone = not all(active)
        self.table = table(trump)

    @classmethod
    def from_game(cls, game: Any) -> Deal:
        """The play phase of an engine Euchre game (``phase == "play"``)."""
        assert game.phase == "play" and game.trump is not None
        won = [0, 0]
        for seat, count in enumerate(game.tricks_won):
            won[seat % 2] += count
        return cls(
            [mask_of(h) if game.active[s] else 0 for s, h in enumerate(game.hands)],
            list(game.active), game.turn,
            [(s, INDEX[c]) for s, c in zip(game.trick_seats, game.trick, strict=True)],
            won, game.side_of(game.maker), game.trump,
        )

    def legal(self) -> int:
        """The mask of the cards the seat to play may play."""
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        follow = hand & self.table.suit_mask[self.table.suit[self.trick[0][1]]]
        return follow or hand

    def next_seat(self, seat: int) -> int:
        """The next seat that plays this hand."""
        seat = (seat + 1) % 4
        return seat if self.active[seat] else (seat + 1) % 4

    def play(self, card: int) -> int | None:
        """Play ``card`` (an index) for the seat to play; the trick's winner if it ends."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        self.trick.append((seat, card))
        if len(self.trick) < (3 if self.alone else 4):
            self.turn = self.next_seat(seat)
            return None
        winner = trick_winner(self.table, self.trick)
        self.won[winner % 2] += 1
        self.trick = []
        self.turn = winner
        return winner

    def over(self) -> bool:
        """True once every trick is taken."""
        return not any(self.hands) and not self.trick

    def points(self) -> list[int]:
        """Each side's points for the finished hand."""
        makers, defenders = points_for(self.won[self.maker_side], self.alone)
        out = [0, 0]
        out[self.maker_side], out[1 - self.maker_side] = makers, defenders
        return out

    def copy(self) -> Deal:
        """An independent copy."""
        new = object.__new__(Deal)
        new.hands, new.active, new.turn = list(self.hands), self.active, self.turn
        new.trick, new.won = list(self.trick), list(self.won)
        new.maker_side, new.alone, new.table = self.maker_side, self.alone, self.table
        return new


def trick_winner(tab: Table, trick: list[tuple[int, int]]) -> int:
    """The seat that wins a complete trick (ties go to the first played, as the engine)."""
    scores = tab.score[tab.suit[trick[0][1]]]
    best_seat, best = trick[0][0], scores[trick[0][1]]
    for seat, card in trick[1:]:
        if scores[card] > best:
            best_seat, best = seat, scores[card]
    return best_seat


def cards_of(mask: int) -> list[int]:
    """The card indices in a mask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
