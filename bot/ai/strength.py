"""Hand strength: how many tricks a hand should take under a given trump.

A rule-of-thumb estimate shared by every game's bidding: top trumps are near-certain
tricks, lower trumps are worth less the more higher trumps are out, a long trump suit
wins late tricks, off-suit bosses (aces) usually make, and a void lets a spare trump ruff.
Results are cached: playouts ask the same questions many times.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from bot.engine.ranking import TRUMP, RankRules, ranking

TRUMP_VALUE = (0.97, 0.6, 0.4, 0.25, 0.18)
OFF_BOSS_VALUE = (0.82, 0.45, 0.22, 0.1)


class _Table:
    """Per (rules, trump, deck): each card's suit, whether it is a trump, higher cards."""

    def __init__(self, rules: RankRules, trump: str | None, deck: tuple[str, ...]) -> None:
        rank = ranking(rules, trump)
        self.power = rank.power
        self.suit = rank.suit
        self.trumpish = {c: rank.power[c] >= TRUMP for c in set(deck)}
        distinct = sorted(set(deck))
        self.higher: dict[str, tuple[str, ...]] = {}
        for card in distinct:
            if self.trumpish[card]:
                self.higher[card] = tuple(
                    c for c in distinct if self.trumpish[c] and rank.power[c] > rank.power[card]
                )
            else:
                self.higher[card] = tuple(
                    c
                    for c in distinct
                    if not self.trumpish[c]
                    and rank.suit[c] == rank.suit[card]
                    and rank.power[c] > rank.power[card]
                )
        self.suits = sorted(
            {
                str(rank.suit[c])
                for c in distinct
                if not self.trumpish[c] and rank.suit[c] is not None
            }
        )
        self.deck = Counter(deck)


@lru_cache(maxsize=256)
def _table(rules: RankRules, trump: str | None, deck: tuple[str, ...]) -> _Table:
    return _Table(rules, trump, deck)


def trump_cards(hand: Iterable[str], rank: object) -> list[str]:
    """Trumps and always-winning cards of a hand, strongest first."""
    power: dict[str, int] = rank.power  # type: ignore[attr-defined]
    return sorted((c for c in hand if power[c] >= TRUMP), key=lambda c: -power[c])


def estimate_tricks(
    hand: Sequence[str],
    rules: RankRules,
    trump: str | None,
    deck: Sequence[str],
    opponents: int = 2,
    known_out: Iterable[str] = (),
) -> float:
    """Expected tricks the hand takes by itself with ``trump`` (None: no trump).

    ``known_out`` are cards known not to be in play against the hand (e.g. buried).
    ``opponents`` scales how often an off-suit boss gets trumped.
    """
    return _estimate(
        tuple(sorted(hand)), rules, trump, tuple(deck), opponents, tuple(sorted(known_out))
    )


@lru_cache(maxsize=65536)
def _estimate(
    hand: tuple[str, ...],
    rules: RankRules,
    trump: str | None,
    deck: tuple[str, ...],
    opponents: int,
    known_out: tuple[str, ...],
) -> float:
    table = _table(rules, trump, deck)
    power, suit_of, higher = table.power, table.suit, table.higher
    outside = table.deck.copy()
    outside.subtract(hand)
    outside.subtract(known_out)
    total = 0.0
    trumps = [c for c in hand if table.trumpish[c]]
    for card in trumps:
        above = sum(max(0, outside[c]) for c in higher[card])
        total += TRUMP_VALUE[min(above, len(TRUMP_VALUE) - 1)]
    if len(trumps) > 2:
        total += 0.18 * (len(trumps) - 2)
    spare = max(0, len(trumps) - 1)
    trump_out = trump is not None and any(outside[c] > 0 for c in outside if table.trumpish[c])
    for suit in table.suits:
        mine = sorted(
            (c for c in hand if not table.trumpish[c] and suit_of[c] == suit),
            key=lambda c: -power[c],
        )
        if not mine:
            if spare and trump is not None:
                total += 0.3
                spare -= 1
            continue
        ruff_risk = 0.06 * (len(mine) - 1) * opponents / 2 if trump_out else 0.0
        for index, card in enumerate(mine):
            above = sum(max(0, outside[c]) for c in higher[card])
            if above <= index // 2 and index < len(OFF_BOSS_VALUE):
                total += max(0.05, OFF_BOSS_VALUE[index] - ruff_risk)
            elif above == 1 and index == 0 and len(mine) >= 2:
                total += 0.2
        if trump is None and len(mine) >= 4:
            total += 0.25 * (len(mine) - 3)
    return total


def best_discards(
    hand: Sequence[str],
    count: int,
    rules: RankRules,
    trump: str | None,
    deck: Sequence[str],
    opponents: int = 2,
) -> list[str]:
    """The ``count`` cards whose removal leaves the strongest hand (greedy, one at a time)."""
    cards = list(hand)
    rank = ranking(rules, trump)
    out: list[str] = []
    for _ in range(count):
        best = max(
            dict.fromkeys(cards),
            key=lambda c: (
                estimate_tricks(_without(cards, c), rules, trump, deck, opponents, out + [c]),
                -rank.power[c],
            ),
        )
        cards = _without(cards, best)
        out.append(best)
    return out


def _without(cards: Sequence[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


def sweep_losers(
    hand: Sequence[str],
    rules: RankRules,
    trump: str | None,
    deck: Sequence[str],
    known_out: Iterable[str] = (),
    opponents: int = 2,
) -> int:
    """Cards likely to lose a trick when playing for every trick (a moon, a loner).

    Trumps above every outstanding trump are sure and draw ``opponents`` trumps per lead;
    once the outstanding trumps are drawn, lower trumps and off-suit bosses are sure too.
    """
    rank = ranking(rules, trump)
    outside = Counter(deck)
    outside.subtract(hand)
    outside.subtract(known_out)
    outside = +outside
    power = rank.power
    out_trumps = [c for c in outside.elements() if power[c] >= TRUMP]
    top_out = max((power[c] for c in out_trumps), default=-1)
    mine = [c for c in hand if power[c] >= TRUMP]
    sure = [c for c in mine if power[c] > top_out]
    drawn = len(sure) * opponents >= len(out_trumps)
    losers = 0 if drawn else len(mine) - len(sure)
    for card in hand:
        if power[card] >= TRUMP:
            continue
        suit = rank.suit[card]
        above = sum(
            n
            for c, n in outside.items()
            if rank.suit[c] == suit and power[c] > power[card] and power[c] < TRUMP
        )
        if above or (out_trumps and not drawn):
            losers += 1
    return losers


@lru_cache(maxsize=256)
def _average(
    rules: RankRules, trump: str | None, deck: tuple[str, ...], size: int, opponents: int
) -> float:
    import random

    rng = random.Random(0)
    total = 0.0
    for _ in range(200):
        hand = rng.sample(deck, size)
        total += _estimate(tuple(sorted(hand)), rules, trump, deck, opponents, ())
    return total / 200


def average_estimate(
    rules: RankRules, trump: str | None, deck: Sequence[str], size: int, opponents: int = 2
) -> float:
    """The mean :func:`estimate_tricks` of a random ``size``-card hand (a yardstick)."""
    return _average(rules, trump, tuple(deck), size, opponents)
