"""Shared evaluation from a view: ranking, card counting, voids, the trick in progress.

Everything here reads only a seat's ``view`` (see ENGINE.md), never a game's hidden state.
A :class:`Knowledge` is built once per decision and answers the questions every trick
player asks: who is winning this trick, can I beat it, is this card the best left in its
suit, which seats have shown a void.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

from bot.engine import game_class
from bot.engine.ranking import TRUMP, Ranking, RankRules, ranking

View = dict[str, Any]


def rank_rules(variant: str) -> RankRules:
    """The ranking rules of a variant's game class."""
    cls: Any = game_class(variant)
    rules: RankRules = cls.rank_rules
    return rules


def ranking_of(view: View, trump: str | None = None, use_view_trump: bool = True) -> Ranking:
    """The ranking under ``trump`` (by default the view's trump)."""
    if use_view_trump and trump is None:
        trump = view.get("trump")
    return ranking(rank_rules(view["variant"]), trump)


def cards_of(trick: Iterable[dict[str, Any]]) -> list[tuple[int, str]]:
    """(seat, card) pairs of a trick record's ``cards`` or the view's ``trick`` list."""
    return [(p["seat"], p["card"]) for p in trick]


def partner_seats(view: View) -> list[int]:
    """The other seats of the viewer's side."""
    seat = view["seat"]
    return [s for s in view["sides"][view["side"]] if s != seat]


def side_of(view: View, seat: int) -> int:
    """The side a seat plays for, from the view's ``sides``."""
    for side, seats in enumerate(view["sides"]):
        if seat in seats:
            return side
    return seat


class Knowledge:
    """What a seat knows about the cards during trick play."""

    def __init__(self, view: View, deck: Sequence[str], extra_seen: Iterable[str] = ()) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.deck = deck
        self.extra_seen = list(extra_seen)
        self.hand: list[str] = list(view.get("hand", []))
        self.trump: str | None = view.get("trump")
        self.rank: Ranking = ranking_of(view)
        self.trick: list[tuple[int, str]] = cards_of(view.get("trick", []))
        self.led: str | None = self.rank.led_suit([c for _, c in self.trick])
        self.my_side: int = view["side"]

    # ----- cards -------------------------------------------------------------------------
    @cached_property
    def played(self) -> Counter[str]:
        """Cards played to tricks this hand, the trick in progress included."""
        seen: Counter[str] = Counter()
        for record in self.view.get("tricks", []):
            seen.update(p["card"] for p in record["cards"])
        seen.update(c for _, c in self.trick)
        return seen

    @cached_property
    def unseen(self) -> Counter[str]:
        """Cards whose place the seat does not know (other hands, hidden piles)."""
        left = Counter(self.deck)
        left.subtract(self.played)
        left.subtract(self.hand)
        left.subtract(self.extra_seen)
        return +left

    @cached_property
    def voids(self) -> list[set[str | None]]:
        """Effective suits each seat has shown it lacks.

        Each card is judged under the trump in force when it was played (the card's own
        ``trump`` if the view gives one, else its trick's). A dead hand never follows and
        shows nothing.
        """
        players = self.view["players"]
        voids: list[set[str | None]] = [
            set() for _ in range(max(players, len(self.view.get("hand_sizes", []))))
        ]
        rules = rank_rules(self.view["variant"])
        dead = self.view.get("dead_hand")
        benny_frees = self.view["variant"] == "flip"
        records = [(t["cards"], t.get("trump")) for t in self.view.get("tricks", [])]
        records.append((self.view.get("trick", []), self.trump))
        for cards, trump in records:
            for index, play in enumerate(cards):
                seat = play["seat"]
                if index == 0 or seat == dead or seat >= len(voids):
                    continue
                rank = ranking(rules, play.get("trump", trump))
                before = [p["card"] for p in cards[:index]]
                if benny_frees and _first_with_suit(before, rank) in rank.always_wins:
                    continue  # Flip: a Benny led frees everyone from following
                led = rank.led_suit(before)
                suit = rank.suit[play["card"]]
                if led is not None and suit is not None and suit != led:
                    voids[seat].add(led)
        return voids

    def suit(self, card: str) -> str | None:
        """Effective suit of a card under the current trump."""
        return self.rank.suit[card]

    def is_trump(self, card: str) -> bool:
        """True if the card is a trump now."""
        return self.rank.is_trump(card)

    def power(self, card: str) -> int:
        """Raw power under the current trump (trumps above 2000)."""
        return self.rank.power[card]

    def of_suit(self, cards: Iterable[str], suit: str | None) -> list[str]:
        """Cards among ``cards`` of effective suit ``suit``."""
        return [c for c in cards if self.rank.suit[c] == suit]

    def trumps(self, cards: Iterable[str] | None = None) -> list[str]:
        """Trumps among ``cards`` (default: the hand)."""
        if self.trump is None:
            return []
        return self.of_suit(self.hand if cards is None else cards, self.trump)

    def unseen_higher(self, card: str) -> int:
        """Unseen cards of the same effective suit that outrank ``card``."""
        suit, power = self.rank.suit[card], self.rank.power[card]
        return sum(
            n
            for c, n in self.unseen.items()
            if self.rank.suit[c] == suit and self.rank.power[c] > power
        )

    def is_boss(self, card: str) -> bool:
        """True if no unseen card of its suit outranks it."""
        if card in self.rank.always_wins:
            return True
        return self.unseen_higher(card) == 0

    def unseen_of(self, suit: str | None) -> int:
        """How many unseen cards have effective suit ``suit``."""
        return sum(n for c, n in self.unseen.items() if self.rank.suit[c] == suit)

    # ----- the trick in progress ---------------------------------------------------------
    def score(self, card: str, led: str | None = None) -> int:
        """How strongly a card bids for the current trick."""
        return self.rank.score(card, self.led if led is None else led)

    def winning(self) -> tuple[int, str, int] | None:
        """(seat, card, score) of the card winning the trick so far, or None if empty."""
        if not self.trick:
            return None
        cards = [c for _, c in self.trick]
        index = self.rank.winner(cards, self.led)
        seat, card = self.trick[index]
        return seat, card, self.rank.score(card, self.led)

    def led_for(self, card: str) -> str | None:
        """The led suit once ``card`` is added to the trick."""
        if self.led is not None:
            return self.led
        return self.rank.suit[card]

    def beats(self, card: str) -> bool:
        """True if ``card`` would take the lead of the current trick."""
        best = self.winning()
        if best is None:
            return True
        return self.rank.score(card, self.led_for(card)) > best[2]

    def to_play_after(self) -> list[int]:
        """Seats still to play to this trick after the viewer (in order)."""
        active = self.view.get("active") or [True] * self.view["players"]
        n = len(active)
        size = sum(active)
        played = len(self.trick)
        left = size - played - 1
        seats: list[int] = []
        seat = self.seat
        while len(seats) < left:
            seat = (seat + 1) % n
            if active[seat] and seat != self.seat:
                seats.append(seat)
        return seats

    def is_partner(self, seat: int) -> bool:
        """True if ``seat`` plays for the viewer's side."""
        return side_of(self.view, seat) == self.my_side

    # ----- words for hints ---------------------------------------------------------------
    @property
    def has_partner(self) -> bool:
        """True if someone else plays for the viewer's side."""
        return bool(partner_seats(self.view))

    def opponents_own(self) -> str:
        """Whose cards are against the viewer, possessive, in the game's words:
        ``your opponent's``, ``the opponents'`` (partnerships) or ``the other players'``."""
        sides = self.view["sides"]
        against = sum(len(seats) for side, seats in enumerate(sides) if side != self.my_side)
        if against == 1:
            return "your opponent's"
        if self.has_partner or any(len(seats) > 1 for seats in sides):
            return "the opponents'"
        return "the other players'"

    def where(self, card: str) -> str:
        """Where a card of the viewer's lies when it is not in the hand (`` from your
        battery``); empty in games played from the hand only."""
        return ""

    def can_beat(self, seat: int, score: int, led: str | None) -> bool:
        """Could ``seat`` (by what is unseen and its voids) beat a trick score ``score``?"""
        voids = self.voids[seat] if seat < len(self.voids) else set()
        led_unseen = self.unseen_of(led) if led is not None else 0
        for card, _ in self.unseen.items():
            value = self.rank.score(card, led)
            if value <= score:
                continue
            suit = self.rank.suit[card]
            if suit is None:
                return True
            if suit in voids:
                continue
            if suit == led or led is None:
                return True
            # a trump (or higher-ranked card) off the led suit: needs a void in the led suit
            if led in voids or led_unseen <= 2:
                return True
        return False

    def safe(self, card: str) -> bool:
        """True if ``card`` would win the trick against every seat still to play."""
        led = self.led_for(card)
        best = self.winning()
        value = self.rank.score(card, led)
        if best is not None and value <= best[2]:
            return False
        return not any(
            self.can_beat(s, value, led) for s in self.to_play_after() if not self.is_partner(s)
        )


def _first_with_suit(cards: Sequence[str], rank: Ranking) -> str | None:
    """The first card that is not a suitless loser (None if there is none)."""
    for card in cards:
        if rank.suit[card] is not None or rank.power[card] > 0:
            return card
    return None


def lowest(cards: Sequence[str], rank: Ranking, keep: Iterable[str] = ()) -> str:
    """The card cheapest to give up: non-trump before trump, low before high."""
    kept = set(keep)

    def key(card: str) -> tuple[int, int, int]:
        power = rank.power[card]
        return (card in kept, power >= TRUMP, power)

    return min(cards, key=key)


def highest(cards: Sequence[str], rank: Ranking) -> str:
    """The strongest card by power."""
    return max(cards, key=lambda c: rank.power[c])


def play_cards(legal: Sequence[str]) -> list[str]:
    """Cards of the ``play:`` actions among ``legal``."""
    return [a[5:] for a in legal if a.startswith("play:")]
