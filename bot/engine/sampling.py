"""Dealing unseen cards at random, consistent with what a seat knows (for computer players)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .cards import shuffle

ATTEMPTS = 50


def deal_unseen(
    unseen: Sequence[str],
    counts: Sequence[int],
    voids: Sequence[set[str]],
    suit_of: Callable[[str], str | None],
    rng: random.Random,
) -> list[list[str]]:
    """Split ``unseen`` into piles of ``counts`` cards so pile i holds no suit in ``voids[i]``.

    Piles with more constraints are filled first; after ``ATTEMPTS`` failed tries the
    voids are dropped (the information was inconsistent, e.g. a trump change).
    Cards left over (``len(unseen) > sum(counts)``) are simply not dealt.
    """
    order = sorted(range(len(counts)), key=lambda i: -len(voids[i]))
    for _ in range(ATTEMPTS):
        pool = list(unseen)
        shuffle(pool, rng)
        piles: list[list[str]] = [[] for _ in counts]
        ok = True
        for i in order:
            fits = [c for c in pool if suit_of(c) not in voids[i]]
            if len(fits) < counts[i]:
                ok = False
                break
            piles[i] = fits[: counts[i]]
            for card in piles[i]:
                pool.remove(card)
        if ok:
            return piles
    pool = list(unseen)
    shuffle(pool, rng)
    piles, start = [], 0
    for count in counts:
        piles.append(pool[start:start + count])
        start += count
    return piles


def voids_from_tricks(
    tricks: Sequence[Sequence[tuple[int, str]]],
    seats: int,
    suit_of: Callable[[str], str | None],
) -> list[set[str]]:
    """Suits each seat showed it lacks: it played off the led suit of a trick.

    ``tricks`` lists (seat, card) in play order; ``suit_of`` gives a card's effective suit
    under the trump in force (None for a suitless card, which never shows a void).
    """
    voids: list[set[str]] = [set() for _ in range(seats)]
    for trick in tricks:
        led = next((suit_of(c) for _, c in trick if suit_of(c) is not None), None)
        if led is None:
            continue
        for seat, card in trick:
            suit = suit_of(card)
            if suit is not None and suit != led:
                voids[seat].add(led)
    return voids
