"""Exact play of a sampled deal's last tricks, scored in points (the ``expert`` level).

In a deal where every hand is known (one of the search's sampled deals), the rest of the
hand is searched to its end with alpha-beta: the deciding seat's side plays for the most
points, every other seat against it. The value at the end is the same as a playout's
(:func:`bot.ai.search.hand_value`): the side's points minus the others' mean, from the
engine's own scoring, so loners, marches and euchres count as the game counts them. Moves
are ordered and equivalent cards merged as in the review's trick solver.

The searcher reads every hand of the deal it is given: it is only ever given sampled deals
built from a seat's view, never a real game.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Game

from .playouts import clone, hand_value
from .solver import Solver

_ORDER = Solver(0)  # its move ordering only: strongest first, equivalent cards once


class TooBig(Exception):
    """The endgame needs more positions than allowed."""


class Endgame:
    """Alpha-beta over the rest of one hand, from ``seat``'s side's point of view."""

    def __init__(self, seat: int, bonus: float = 0.0, node_limit: int = 20000) -> None:
        self.seat = seat
        self.bonus = bonus
        self.node_limit = node_limit
        self.nodes = 0

    def value(self, game: Game, hand: int, before: list[int]) -> float:
        """The value of ``game`` with best play to the end of hand number ``hand``;
        ``before`` are the scores when the hand's search began. Raises :class:`TooBig`."""
        return self._search(game, hand, before, -1e9, 1e9)

    def _search(self, game: Any, hand: int, before: list[int], alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooBig
        if game.is_over or game.hand_number != hand:
            return hand_value(game, self.seat, before, self.bonus)
        maxing = game.side_of(game.current_player) == game.side_of(self.seat)
        best = -1e9 if maxing else 1e9
        for action in _ORDER._moves(game):
            child = clone(game)
            child.apply(action)
            value = self._search(child, hand, before, alpha, beta)
            if maxing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best


def exact_value(
    game: Game, seat: int, before: list[int], bonus: float = 0.0, node_limit: int = 20000
) -> float | None:
    """The value for ``seat`` of ``game`` played perfectly to the end of its hand (every
    card known), or None if that needs more than ``node_limit`` positions."""
    try:
        return Endgame(seat, bonus, node_limit).value(game, game.hand_number, before)
    except TooBig:
        return None
