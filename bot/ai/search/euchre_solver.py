"""Exact ("double dummy") play of a classic Euchre deal in bit masks.

:class:`Solver` counts the tricks a side takes from a :class:`~bot.ai.search.euchre_play.Deal`
with best play by everyone, every card known: alpha-beta over the plays, the strongest
card first (when following, the cheapest card that takes the lead, or the lowest when the
side already holds the trick), a transposition table at trick boundaries that is kept
between calls on the same deal, and cards of a suit with nothing still out between them
searched once. It reads every hand: it is only given the search's sampled deals.
"""

from __future__ import annotations

import random
from typing import Any

from .euchre_play import INDEX, Deal, Table, points_for
from .solver import narrowed, probed

INF = 99
MOVES_KEPT = 200_000  # distinct-move lists remembered per trump (a bound on memory)


class Solver:
    """Best-play tricks for ``side`` (seat % 2) in one deal; reuse it for that deal only."""

    def __init__(self, side: int) -> None:
        self.side = side
        self.nodes = 0
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}

    def tricks(self, deal: Deal, alpha: int = -1, beta: int = INF) -> int:
        """Tricks the side takes from here to the end of the hand (the trick in progress
        included, tricks already taken not). With a window (``alpha``, ``beta``) the
        answer is exact inside it, and at most ``alpha`` / at least ``beta`` outside."""
        tab = deal.table
        size = 3 if deal.alone else 4
        if not deal.trick:
            return self._lead(deal.hands, deal.turn, deal.active, tab, size, alpha, beta)
        led = tab.suit[deal.trick[0][1]]
        scores = tab.score[led]
        top_seat, top_score, mask = -1, -1, 0
        for seat, card in deal.trick:
            mask |= 1 << card
            if scores[card] > top_score:
                top_seat, top_score = seat, scores[card]
        state = (led, top_seat, top_score, len(deal.trick), mask)
        return self._follow(list(deal.hands), deal.turn, deal.active, tab, size, state,
                            alpha, beta)

    def reaches(self, deal: Deal, count: int) -> bool:
        """True if the side takes at least ``count`` more tricks with best play (a
        null-window search: far cheaper than the exact count)."""
        if count <= 0:
            return True
        if deal.over():
            return False
        return self.tricks(deal, count - 1, count) >= count

    def _lead(
        self, hands: list[int], turn: int, active: list[bool], tab: Table, size: int,
        alpha: int, beta: int,
    ) -> int:
        left = hands[turn].bit_count()
        if left <= 1:
            return self._last_trick(hands, turn, active, tab) if left else 0
        if alpha >= left:
            return left
        if beta <= 0:
            return 0
        key = (*hands, turn)
        bounds = self.memo.get(key, (0, left))
        known, alpha, beta = probed(bounds, alpha, beta)
        if known is not None:
            return known
        best = self._follow(hands, turn, active, tab, size, _NO_TRICK, alpha, beta)
        self.memo[key] = narrowed(bounds, best, alpha, beta)
        return best

    def _last_trick(self, hands: list[int], leader: int, active: list[bool], tab: Table) -> int:
        """1 if the side wins the last trick (every card forced), else 0."""
        lead_card = hands[leader].bit_length() - 1
        scores = tab.score[tab.suit[lead_card]]
        top_seat, top_score = leader, scores[lead_card]
        for seat in range(4):
            if seat != leader and active[seat]:
                score = scores[hands[seat].bit_length() - 1]
                if score > top_score:
                    top_seat, top_score = seat, score
        return int(top_seat % 2 == self.side)

    def _follow(
        self, hands: list[int], turn: int, active: list[bool], tab: Table, size: int,
        state: tuple[int, int, int, int, int], alpha: int, beta: int,
    ) -> int:
        """``state``: the trick so far as (led suit or -1, seat ahead, its score, cards
        played, their mask)."""
        self.nodes += 1
        led, top_seat, top_score, count, mask = state
        maxing = turn % 2 == self.side
        best = -1 if maxing else INF
        for card in self._moves(hands, turn, tab, state):
            bit = 1 << card
            hands[turn] ^= bit
            if count == 0:
                now_led = tab.suit[card]
                ahead, score = turn, tab.score[now_led][card]
            else:
                now_led = led
                score = tab.score[led][card]
                ahead, score = (turn, score) if score > top_score else (top_seat, top_score)
            if count + 1 == size:
                gained = int(ahead % 2 == self.side)
                value = gained + self._lead(hands, ahead, active, tab, size,
                                            alpha - gained, beta - gained)
            else:
                nxt = (turn + 1) % 4
                if not active[nxt]:
                    nxt = (nxt + 1) % 4
                value = self._follow(hands, nxt, active, tab, size,
                                     (now_led, ahead, score, count + 1, mask | bit),
                                     alpha, beta)
            hands[turn] ^= bit
            if maxing:
                if value > best:
                    best = value
                if value > alpha:
                    alpha = value
            else:
                if value < best:
                    best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best

    def _moves(
        self, hands: list[int], turn: int, tab: Table, state: tuple[int, int, int, int, int]
    ) -> tuple[int, ...]:
        """Legal cards, strongest first (following: the cheapest winner first, then the
        lowest), one of each run of equivalent cards."""
        led, top_seat, top_score, count, mask = state
        hand = hands[turn]
        legal = hand
        if count:
            legal = hand & tab.suit_mask[led] or hand
        others = ((hands[0] | hands[1] | hands[2] | hands[3]) & ~hand) | mask
        key = (legal, others)
        kept = tab.moves.get(key)
        if kept is None:
            if len(tab.moves) >= MOVES_KEPT:
                tab.moves.clear()
            kept = tab.moves[key] = tuple(_distinct(tab, legal, others))
        if not count or len(kept) < 2:
            return kept
        scores = tab.score[led]
        low_first = kept[::-1]
        if top_seat % 2 == turn % 2:
            return low_first
        for index, card in enumerate(low_first):
            if scores[card] > top_score:
                return (card, *low_first[:index], *low_first[index + 1:])
        return low_first


_NO_TRICK = (-1, -1, -1, 0, 0)


def _distinct(tab: Table, legal: int, others: int) -> list[int]:
    """The cards of ``legal``, strongest first, less those equivalent to a stronger one
    (same suit, none of ``others`` ranked between them)."""
    cards = []
    while legal:
        low = legal & -legal
        cards.append(low.bit_length() - 1)
        legal ^= low
    if len(cards) < 2:
        return cards
    cards.sort(key=tab.weakness.__getitem__)
    kept: list[int] = []
    last = [-1, -1, -1, -1]  # per suit, the card before (kept or not)
    for card in cards:
        prev = last[tab.suit[card]]
        last[tab.suit[card]] = card
        if prev < 0 or tab.between[prev][card] & others:
            kept.append(card)
    return kept


def maker_total(deal: Deal, solver: Solver) -> int:
    """The makers' tricks at the end of the hand with best play, or another count that
    scores the same (only the thresholds of 3 and 5 tricks are searched). ``solver``
    plays for the makers (``solver.side == deal.maker_side``)."""
    maker = deal.maker_side
    won, lost = deal.won[maker], deal.won[1 - maker]
    if deal.over() or won + (5 - won - lost) < 3:
        return won
    if not solver.reaches(deal, 3 - won):
        return won
    if lost > 0 or not solver.reaches(deal, 5 - won):
        return max(won, 3)
    return 5


def side_value(deal: Deal, side: int, maker_tricks: int) -> float:
    """The side's points minus the other side's when the makers end with
    ``maker_tricks`` tricks, as the search's playouts score a hand."""
    makers, defenders = points_for(maker_tricks, deal.alone)
    mine, theirs = (makers, defenders) if side == deal.maker_side else (defenders, makers)
    return float(mine - theirs)


def solved_value(deal: Deal, side: int, solver: Solver | None = None) -> float:
    """The value to ``side`` of ``deal`` played perfectly to the end of the hand."""
    solver = solver or Solver(deal.maker_side)
    return side_value(deal, side, maker_total(deal, solver))


class SolvedValue:
    """Scores a card in a sampled Euchre deal by exact play to the end of the hand (the
    search's ``evaluate``): the seat's side's points minus the other side's. The deal's
    bit-mask form and its solver's table are kept while the same deal is asked about."""

    def __init__(self, seat: int) -> None:
        self.side = seat % 2
        self._world: object = None
        self._deal: Deal | None = None
        self._solver = Solver(0)

    def __call__(self, world: Any, action: str, rng: random.Random) -> float:
        if world is not self._world or self._deal is None:
            self._world, self._deal = world, Deal.from_game(world)
            self._solver = Solver(self._deal.maker_side)
        child = self._deal.copy()
        child.play(INDEX[action[5:]])
        return solved_value(child, self.side, self._solver)
