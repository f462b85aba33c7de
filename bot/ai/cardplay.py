"""Card play shared by all games: a careful rule-based play, a simple one, a fast rollout one.

``normal_play`` reads a :class:`~bot.ai.knowledge.Knowledge` (the view only) and returns a
card with a reason. ``easy_play`` is a fixed greedy rule. ``fast_play`` is the same greedy
rule applied straight to a (sampled) game's state: the search player's playout policy,
where a view would be too slow. It looks only at the acting seat's own cards and the
table, never at the other hands of the sample.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from bot.engine.display import card_named
from bot.engine.ranking import TRUMP, Ranking

from .knowledge import Knowledge, highest, lowest

Points = Callable[[str], int]


def _no_points(card: str) -> int:
    return 0


def _name(card: str, k: Knowledge) -> str:
    """The card as buttons name it (``J♠ (left)``), with the area it lies in if not the
    hand."""
    return card_named(card, k.view["variant"], k.view.get("trump")) + k.where(card)


# ----- normal ----------------------------------------------------------------------------
def normal_play(
    k: Knowledge, cards: Sequence[str], maker_side: int | None, points: Points = _no_points
) -> tuple[str, str]:
    """A careful card for the trick in progress, with a one-line reason."""
    if len(set(cards)) == 1:
        return cards[0], f"The {_name(cards[0], k)} is your only legal card."
    if not k.trick:
        return _lead(k, cards, maker_side, points)
    return _follow(k, cards, points)


def _opponents_may_trump(k: Knowledge) -> bool:
    if k.trump is None or k.unseen_of(k.trump) == 0:
        return False
    active = k.view.get("active") or [True] * k.view["players"]
    return any(
        active[s] and not k.is_partner(s) and k.trump not in k.voids[s]
        for s in range(len(active))
        if s != k.seat
    )


def _lead(
    k: Knowledge, cards: Sequence[str], maker_side: int | None, points: Points
) -> tuple[str, str]:
    rank = k.rank
    trumps = [c for c in cards if k.is_trump(c)]
    off = [c for c in cards if not k.is_trump(c)]
    ours = maker_side is not None and maker_side == k.my_side
    opp_trump = _opponents_may_trump(k)
    if ours and trumps and opp_trump:
        bosses = [c for c in trumps if k.is_boss(c)]
        if bosses:
            card = highest(bosses, rank)
            return card, (
                f"Lead the {_name(card, k)} to pull trump: it is the best trump left "
                f"and you hold {len(trumps)} trump{'s' if len(trumps) > 1 else ''}."
            )
        if len(trumps) >= 2 or k.view.get("maker") != k.seat:
            card = highest(trumps, rank)
            call = "your side's call" if k.has_partner else "your call"
            return card, (
                f"Lead the {_name(card, k)} to draw {k.opponents_own()} trumps for {call}."
            )
    bosses = [c for c in off if k.is_boss(c)]
    if bosses:
        safe = [c for c in bosses if not _someone_ruffs(k, rank.suit[c])] or bosses
        card = max(safe, key=lambda c: (points(c), -k.unseen_of(rank.suit[c]), rank.power[c]))
        return card, f"Cash the {_name(card, k)}: it is the best card left in its suit."
    if trumps and not off:
        card = highest(trumps, rank) if k.is_boss(highest(trumps, rank)) else lowest(trumps, rank)
        return card, f"Only trumps left: lead the {_name(card, k)}."
    if trumps and not opp_trump and any(k.is_boss(c) for c in trumps):
        card = highest(trumps, rank)
        return card, f"The {_name(card, k)} is a sure trick: nobody else holds trump."
    partner_void = [
        c
        for c in off
        if any(
            k.is_partner(s) and rank.suit[c] in k.voids[s]
            for s in range(len(k.voids))
            if s != k.seat
        )
    ]
    if partner_void and not ours:
        card = lowest(partner_void, rank)
        return card, f"Lead the {_name(card, k)}: your partner is void there and can trump it."
    pool = off or list(cards)
    card = min(pool, key=lambda c: (points(c), _suit_len(k, c), rank.power[c]))
    return card, f"Lead the low {_name(card, k)} and keep your winners for later."


def _someone_ruffs(k: Knowledge, suit: str | None) -> bool:
    if k.trump is None or suit == k.trump:
        return False
    active = k.view.get("active") or [True] * k.view["players"]
    return any(
        active[s] and not k.is_partner(s) and suit in k.voids[s] and k.trump not in k.voids[s]
        for s in range(len(active))
        if s != k.seat
    )


def _suit_len(k: Knowledge, card: str) -> int:
    suit = k.rank.suit[card]
    return sum(1 for c in k.hand if k.rank.suit[c] == suit)


def _follow(k: Knowledge, cards: Sequence[str], points: Points) -> tuple[str, str]:
    rank = k.rank
    best = k.winning()
    assert best is not None
    win_seat, win_card, _ = best
    after = [s for s in k.to_play_after() if not k.is_partner(s)]
    winners = [c for c in cards if k.beats(c)]
    if k.is_partner(win_seat):
        partner_safe = not any(k.can_beat(s, best[2], k.led) for s in after)
        if partner_safe or not winners:
            card = _sluff(k, cards, points, feeding=True)
            who = "your own card" if win_seat == k.seat else "your partner"
            return card, f"{who.capitalize()} already wins this trick: play the {_name(card, k)}."
        safe = [c for c in winners if k.safe(c)]
        if safe:
            card = min(safe, key=lambda c: rank.power[c])
            how = "Make sure of this trick" if win_seat == k.seat else "Take over"
            return card, f"{how} with the {_name(card, k)}: it cannot be beaten."
        card = _sluff(k, cards, points, feeding=False)
        whose = "your own" if win_seat == k.seat else "your partner's"
        return card, f"Let {whose} {_name(win_card, k)} stand: play the {_name(card, k)}."
    if winners:
        if not after:
            card = min(winners, key=lambda c: (rank.score(c, k.led_for(c)), -points(c)))
            return card, f"Last to play: the {_name(card, k)} is the cheapest card that wins."
        safe = [c for c in winners if k.safe(c)]
        if safe:
            card = min(safe, key=lambda c: rank.score(c, k.led_for(c)))
            return card, f"The {_name(card, k)} wins this trick and nobody left can beat it."
        card = max(winners, key=lambda c: rank.score(c, k.led_for(c)))
        if k.is_trump(card) and not k.is_trump(win_card) and k.led != k.trump:
            card = min(winners, key=lambda c: rank.score(c, k.led_for(c)))
            return card, f"Trump in with the {_name(card, k)} to take the trick."
        return card, f"Play your best, the {_name(card, k)}, to try to take the trick."
    card = _sluff(k, cards, points, feeding=False)
    return card, f"You cannot win this trick: throw the {_name(card, k)}."


def _sluff(k: Knowledge, cards: Sequence[str], points: Points, feeding: bool) -> str:
    """The card to throw: most points onto our own trick, else the least useful card."""
    rank = k.rank
    if feeding and any(points(c) for c in cards):
        return max(cards, key=lambda c: (points(c), -rank.power[c]))
    keep = [c for c in cards if k.is_boss(c)]

    def key(c: str) -> tuple[int, int, int, int, int]:
        return (points(c), rank.power[c] >= TRUMP, c in keep, _suit_len(k, c), rank.power[c])

    return min(cards, key=key)


# ----- easy ------------------------------------------------------------------------------
def easy_play(k: Knowledge, cards: Sequence[str], rng: random.Random, noise: float = 0.15) -> str:
    """Greedy play with some randomness: win cheaply if you can, else throw the lowest."""
    if rng.random() < noise:
        return rng.choice(list(cards))
    rank = k.rank
    if not k.trick:
        return highest(cards, rank) if rng.random() < 0.5 else lowest(cards, rank)
    best = k.winning()
    assert best is not None
    if k.is_partner(best[0]):
        return lowest(cards, rank)
    winners = [c for c in cards if k.beats(c)]
    if winners:
        return min(winners, key=lambda c: rank.score(c, k.led_for(c)))
    return lowest(cards, rank)


# ----- fast (playouts) -------------------------------------------------------------------
def fast_play(game: Any, legal: Sequence[str], points: Points = _no_points) -> str:
    """Greedy play on a game's state, reading only the acting seat's cards and the table."""
    if len(legal) == 1:
        return legal[0]
    rank: Ranking = game.ranking
    power = rank.power
    seat = game.turn
    cards = [a[5:] for a in legal]
    trick = game.trick
    side = game.side_of(seat)
    if not trick:
        maker = game.maker
        if maker is not None and game.side_of(maker) == side:
            trumps = [c for c in cards if power[c] >= TRUMP]
            if trumps:
                return "play:" + max(trumps, key=power.__getitem__)
        off = [c for c in cards if power[c] < TRUMP]
        if off:
            top = max(off, key=power.__getitem__)
            if power[top] == len(rank.rules.plain_order) - 1:
                return "play:" + top
            return "play:" + min(off, key=lambda c: (points(c), power[c]))
        return "play:" + min(cards, key=power.__getitem__)
    led = rank.led_suit(trick)
    score = rank.score
    best, best_i = -1, 0
    for i, c in enumerate(trick):
        v = score(c, led)
        if v > best:
            best, best_i = v, i
    if game.side_of(game.trick_seats[best_i]) == side:
        plan = getattr(game, "plan", None)
        last = len(plan) <= 1 if plan is not None else len(trick) + 1 >= game.trick_size
        if last:
            return "play:" + max(cards, key=lambda c: (points(c), -power[c]))
        return "play:" + min(cards, key=lambda c: (points(c), power[c] >= TRUMP, power[c]))
    winners = [c for c in cards if score(c, led if led is not None else rank.suit[c]) > best]
    if winners:
        return "play:" + min(winners, key=lambda c: (score(c, led), -points(c)))
    return "play:" + min(cards, key=lambda c: (points(c), power[c] >= TRUMP, power[c]))
