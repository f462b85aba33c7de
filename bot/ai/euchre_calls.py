"""Classic Euchre's calls scored by exact play (the ``expert`` level's bidding search).

In a sampled deal a call (order up or pass, a suit or pass, alone or with partner, the
dealer's discard) is applied to a copy, the rest of the bidding is played by the careful
rule for every seat (each from its own view), and once the play begins the deal is solved
exactly with the bit-mask solver: the value is what that play would score, the seat's
side's points minus the other side's. A hand thrown in (everyone passed without stick the
dealer) scores nothing.
"""

from __future__ import annotations

import random
from typing import Any

from .euchre_play import Deal
from .euchre_solver import solved_value
from .heuristics import Heuristics
from .search import MAX_STEPS, clone, hand_value


class CallValue:
    """Scores a call in a sampled deal: careful calls after it, then exact play."""

    def __init__(self, seat: int, heur: Heuristics) -> None:
        self.seat = seat
        self.heur = heur

    def __call__(self, world: Any, action: str, rng: random.Random) -> float:
        before = list(world.scores)
        game = clone(world)
        hand = game.hand_number
        game.apply(action)
        steps = 0
        while (not game.is_over and game.hand_number == hand and game.phase != "play"
               and steps < MAX_STEPS):
            legal = game.legal_actions()
            game.apply(self.heur.rollout(game, legal, rng) if len(legal) > 1 else legal[0])
            steps += 1
        if game.is_over or game.hand_number != hand or game.phase != "play":
            return hand_value(game, self.seat, before)
        return solved_value(Deal.from_game(game), self.seat % 2)
