"""Exact ("double dummy") play of a classic Euchre deal in bit masks.

:class:`Solver` counts the tricks a side takes from a :class:`~bot.ai.euchre_play.Deal`
with best play by everyone, every card known: alpha-beta over the plays, the strongest
card first (when following, the cheapest card that takes the lead, or the lowest when the
side already holds the trick), a transposition table at trick boundaries that is kept
between calls on the same deal, and cards of a suit with nothing still out between them
searched once. It reads every hand: it is only given the search's sampled deals.
"""

from __future__ import annotations

import random
from typing import Any

from .euchre_play import INDEX, Deal, Table, points_for, trick_winner

INF = 99


class NodeLimit(Exception):
    """The solve needed more positions than allowed."""


class Solver:
    """Best-play tricks for ``side`` (seat % 2) in one deal; reuse it for that deal only."""

    def __init__(self, side: int, node_limit: int | None = None) -> None:
        self.side = side
        self.node_limit = node_limit
        self.nodes = 0
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}

    def tricks(self, deal: Deal) -> int:
        """Tricks the side takes from here to the end of the hand (the trick in progress
        included, tricks already taken not)."""
        tab = deal.table
        size = 3 if deal.alone else 4
        if not deal.trick:
            return self._lead(deal.hands, deal.turn, deal.active, tab, size, -1, INF)
        return self._follow(
            list(deal.hands), deal.turn, deal.active, tab, size, deal.trick, -1, INF
        )

    def tricks_after(self, deal: Deal, card: int) -> int:
        """Tricks the side takes from here if the seat to play plays ``card`` (an index)."""
        child = deal.copy()
        winner = child.play(card)
        gained = 0 if winner is None else int(winner % 2 == self.side)
        if child.over():
            return gained
        return gained + self.tricks(child)

    def _lead(
        self, hands: list[int], turn: int, active: list[bool], tab: Table, size: int,
        alpha: int, beta: int,
    ) -> int:
        left = hands[turn].bit_count()
        if left == 0:
            return 0
        if alpha >= left:
            return left
        if beta <= 0:
            return 0
        key = (*hands, turn)
        low, high = self.memo.get(key, (0, left))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        best = self._follow(hands, turn, active, tab, size, [], alpha, beta)
        if best <= start_alpha:
            high = min(high, best)
        elif best >= start_beta:
            low = max(low, best)
        else:
            low = high = best
        self.memo[key] = (low, high)
        return best

    def _follow(
        self, hands: list[int], turn: int, active: list[bool], tab: Table, size: int,
        trick: list[tuple[int, int]], alpha: int, beta: int,
    ) -> int:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise NodeLimit
        maxing = turn % 2 == self.side
        best = -1 if maxing else INF
        for card in self._moves(hands, turn, tab, trick):
            bit = 1 << card
            hands[turn] ^= bit
            played = trick + [(turn, card)]
            if len(played) == size:
                winner = trick_winner(tab, played)
                gained = int(winner % 2 == self.side)
                value = gained + self._lead(hands, winner, active, tab, size,
                                            alpha - gained, beta - gained)
            else:
                nxt = (turn + 1) % 4
                if not active[nxt]:
                    nxt = (nxt + 1) % 4
                value = self._follow(hands, nxt, active, tab, size, played, alpha, beta)
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
        self, hands: list[int], turn: int, tab: Table, trick: list[tuple[int, int]]
    ) -> list[int]:
        """Legal cards, strongest first (following: the cheapest winner first, then the
        lowest), one of each run of equivalent cards."""
        hand = hands[turn]
        legal = hand
        if trick:
            led = tab.suit[trick[0][1]]
            legal = hand & tab.suit_mask[led] or hand
        cards = []
        while legal:
            low = legal & -legal
            cards.append(low.bit_length() - 1)
            legal ^= low
        if len(cards) < 2:
            return cards
        cards.sort(key=tab.weakness.__getitem__)
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
        for _, card in trick:
            others |= 1 << card
        kept: list[int] = []
        between, suit = tab.between, tab.suit
        last = [-1, -1, -1, -1]  # per suit, the card before (kept or not)
        for card in cards:
            prev = last[suit[card]]
            last[suit[card]] = card
            if prev < 0 or between[prev][card] & others:
                kept.append(card)
        if not trick or len(kept) < 2:
            return kept
        scores = tab.score[tab.suit[trick[0][1]]]
        top_seat, top = trick[0]
        top_score = scores[top]
        for seat, card in trick[1:]:
            if scores[card] > top_score:
                top_seat, top_score = seat, scores[card]
        low_first = kept[::-1]
        if top_seat % 2 == turn % 2:
            return low_first
        for index, card in enumerate(low_first):
            if scores[card] > top_score:
                return [card] + low_first[:index] + low_first[index + 1:]
        return low_first


def hand_points(deal: Deal, side: int, side_tricks_to_come: int) -> float:
    """The value to ``side`` of the hand ending with ``side_tricks_to_come`` more tricks
    for it: its points minus the other side's, as the search's playouts score a hand."""
    total = deal.won[side] + side_tricks_to_come
    maker_tricks = total if side == deal.maker_side else 5 - total
    makers, defenders = points_for(maker_tricks, deal.alone)
    mine, theirs = (makers, defenders) if side == deal.maker_side else (defenders, makers)
    return float(mine - theirs)


class SolvedValue:
    """Scores a card in a sampled Euchre deal by exact play to the end of the hand (the
    search's ``evaluate``): the seat's side's points minus the other side's. The deal's
    bit-mask form and its solver's table are kept while the same deal is asked about."""

    def __init__(self, seat: int) -> None:
        self.side = seat % 2
        self._world: object = None
        self._deal: Deal | None = None
        self._solver = Solver(self.side)

    def __call__(self, world: Any, action: str, rng: random.Random) -> float:
        if world is not self._world or self._deal is None:
            self._world, self._deal = world, Deal.from_game(world)
            self._solver = Solver(self.side)
        to_come = self._solver.tricks_after(self._deal, INDEX[action[5:]])
        return hand_points(self._deal, self.side, to_come)
