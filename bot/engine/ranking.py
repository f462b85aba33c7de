"""Card ranking under a trump: effective suits, bowers, jokers, following and tricks.

One :class:`RankRules` describes a variant's ranking; :func:`ranking` turns it and a
trump into a :class:`Ranking`, a cached lookup table used on every play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from .cards import ROOK_COLOURS, SAME_COLOUR, SUITS, is_rook, natural_suit, rank

WINS = 3000
TRUMP = 2000
LED = 1000


@dataclass(frozen=True, eq=False)
class RankRules:
    """How a variant ranks cards (compared by identity: each variant's rules are one object).

    ``plain_order`` lists ranks low to high outside trump. ``trump_jokers`` are jokers that
    join the trump suit above the right bower (low to high). With no trump,
    ``no_trump_winners`` become suitless cards that win any trick and
    ``no_trump_losers`` suitless cards that never win. ``suitless_winners`` and
    ``suitless_losers`` are suitless whatever the trump (Flip's Benny and Charlie).
    """

    plain_order: tuple[str, ...]
    bowers: bool = True
    trump_jokers: tuple[str, ...] = ()
    no_trump_winners: tuple[str, ...] = ()
    no_trump_losers: tuple[str, ...] = ()
    suitless_winners: tuple[str, ...] = ()
    suitless_losers: tuple[str, ...] = ()
    rook: bool = False


class Ranking:
    """Effective suit and power of every card under one trump (None: no trump)."""

    def __init__(self, rules: RankRules, trump: str | None) -> None:
        self.rules = rules
        self.trump = trump
        self.suit: dict[str, str | None] = {}
        self.power: dict[str, int] = {}
        self.always_wins: frozenset[str] = frozenset(
            rules.suitless_winners + (rules.no_trump_winners if trump is None else ())
        )
        for card in _all_cards(rules):
            self.suit[card], self.power[card] = self._classify(card)
        # Effective suit -> its cards (None: the suitless ones), for following quickly.
        suits = self.suit
        self.members: dict[str | None, frozenset[str]] = {
            of: frozenset(c for c in suits if suits[c] == of) for of in {*suits.values()}
        }
        # led suit -> card -> score: the trick winner's lookup table.
        self._scores = {
            led: {card: self.score(card, led) for card in self.power}
            for led in {*self.suit.values(), None}
        }

    def _classify(self, card: str) -> tuple[str | None, int]:
        rules, trump = self.rules, self.trump
        if card in self.always_wins:
            return None, WINS
        if card in rules.suitless_losers:
            return None, 0
        if card in rules.trump_jokers or card in rules.no_trump_losers:
            if trump is not None and card in rules.trump_jokers:
                return trump, TRUMP + 100 + rules.trump_jokers.index(card)
            return None, 0
        suit = natural_suit(card)
        assert suit is not None, card
        value = rules.plain_order.index(rank(card))
        if trump is None:
            return suit, value
        if rules.bowers and rank(card) == "J":
            if suit == trump:
                return trump, TRUMP + 51
            if suit == SAME_COLOUR[trump]:
                return trump, TRUMP + 50
        if suit == trump:
            return trump, TRUMP + value
        return suit, value

    def is_trump(self, card: str) -> bool:
        """True if the card belongs to the trump suit now."""
        return self.trump is not None and self.suit[card] == self.trump

    def led_suit(self, cards: Iterable[str]) -> str | None:
        """The suit to follow: that of the first card that is not suitless."""
        for card in cards:
            suit = self.suit[card]
            if suit is not None:
                return suit
        return None

    def follow_options(self, cards: Sequence[str], led: str | None) -> list[str]:
        """The cards among ``cards`` that may be played to a trick whose led suit is ``led``."""
        if led is None:
            return list(cards)
        members = self.members
        suited = members[led]
        following = [c for c in cards if c in suited]
        if not following:
            return list(cards)
        suitless = members.get(None)
        if suitless is None:
            return following
        return [c for c in cards if c in suited or c in suitless]

    def score(self, card: str, led: str | None) -> int:
        """How strongly ``card`` bids for a trick led in ``led`` (0: it cannot win)."""
        power = self.power[card]
        if power >= TRUMP:
            return power
        if led is not None and self.suit[card] == led:
            return LED + power
        return 0

    def winner(self, cards: Sequence[str], led: str | None = None) -> int:
        """Index of the winning card; ties go to the first played, all losers to the first."""
        if led is None:
            suit = self.suit
            for card in cards:  # as led_suit, inlined: this runs on every trick
                led = suit[card]
                if led is not None:
                    break
        return cards.index(max(cards, key=self._scores[led].__getitem__))


def _all_cards(rules: RankRules) -> list[str]:
    if rules.rook:
        return [f"{c}{n}" for c in ROOK_COLOURS for n in rules.plain_order]
    jokers = set(
        rules.trump_jokers + rules.no_trump_winners + rules.no_trump_losers
        + rules.suitless_winners + rules.suitless_losers
    )
    return [r + s for s in SUITS for r in rules.plain_order] + sorted(jokers)


@cache
def ranking(rules: RankRules, trump: str | None) -> Ranking:
    """The cached :class:`Ranking` of ``rules`` under ``trump``."""
    return Ranking(rules, trump)


def is_suit(card: str) -> bool:
    """True for a card with a printed suit or colour (not a joker)."""
    return is_rook(card) or natural_suit(card) is not None
