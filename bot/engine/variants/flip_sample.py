"""Flip Euchre's hidden cards dealt at random from a seat's view (for computer players).

What a seat knows beyond its own hand: every card played, each with the trump in force at
the moment it was played (so shown voids are judged as the rules judged them), the calling
card, and ``known_cards``: cards a player took into their hand by a switch and has not
played or switched away since. Everything else — the other hands, the dead hand and its
order, the burn card — is dealt at random among the unseen cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..ranking import Ranking, RankRules, ranking
from ..sampling import deal_unseen

BENNY, CHARLIE = "BJ", "LJ"


def led_after(cards: Sequence[str], rank: Ranking) -> str | None:
    """The suit to follow after ``cards`` under ``rank``: Charlies skipped, Benny frees all."""
    for card in cards:
        if card == CHARLIE:
            continue
        return None if card == BENNY else rank.suit[card]
    return None


def _all_plays(view: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """Cards of every trick of the hand, the trick in progress last."""
    return [list(t["cards"]) for t in view["tricks"]] + [list(view["trick"])]


def shown_forbidden(view: dict[str, Any], rules: RankRules) -> list[set[str]]:
    """Card ids each seat cannot hold: those of a suit it failed to follow.

    Cards taken later by a switch are known ones, placed apart, so the rule still holds for
    the rest of the hand. The dead hand never follows and shows nothing.
    """
    forbidden: list[set[str]] = [set() for _ in view["hand_sizes"]]
    for plays in _all_plays(view):
        cards = [p["card"] for p in plays]
        for i, play in enumerate(plays):
            if play["seat"] == view["dead_hand"]:
                continue
            rank = ranking(rules, play["trump"])
            led = led_after(cards[:i], rank)
            suit = rank.suit[play["card"]]
            if led is not None and suit is not None and suit != led:
                forbidden[play["seat"]].update(c for c, s in rank.suit.items() if s == led)
    return forbidden


def sample_hidden(
    view: dict[str, Any], deck: list[str], rules: RankRules, rng: random.Random
) -> tuple[list[list[str]], str]:
    """Every hand (the viewer's left empty; the dead hand in play order) and the burn card."""
    seat = view["seat"]
    known = [[] if s == seat else list(k) for s, k in enumerate(view["known_cards"])]
    unseen = Counter(deck)
    unseen.subtract(view["hand"])
    unseen.subtract(p["card"] for plays in _all_plays(view) for p in plays)
    unseen.subtract([view["calling_card"]])
    for held in known:
        unseen.subtract(held)
    pool = sorted((+unseen).elements())
    sizes = view["hand_sizes"]
    counts = [0 if s == seat else sizes[s] - len(known[s]) for s in range(len(sizes))]
    forbidden = shown_forbidden(view, rules)
    forbidden[seat] = set()
    piles = deal_unseen(pool, counts + [1], forbidden + [set()], lambda c: c, rng)
    hands = [piles[s] + known[s] for s in range(len(sizes))]
    return hands, piles[-1][0]
