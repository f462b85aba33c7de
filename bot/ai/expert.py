"""The ``expert`` level: the ``hard`` search, with its time spent where it matters.

Four things set it apart from ``hard`` (which stays as it is, so ratings keep their meaning):

- Sampled deals fit the calls: of a few deals drawn, one is kept with probability
  proportional to how well its hands explain the bids seen (``world_weight``, e.g. a
  maker's likely trumps), on top of the voids the sampler already respects, instead of
  only weighting each deal after the fact; deals that explain little rarely take a share
  of the playouts. Games whose heuristics read nothing from the bids (``world_weight``
  not overridden) draw single deals, as ``hard`` does.
- Calls come from a trained policy where the game has one (:mod:`bot.ai.bidding`, classic
  Euchre), and the search keeps it unless a candidate beats it clearly.
- Classic Euchre's play is solved: each card is scored in each sampled deal by exact
  play to the end of the hand from the first trick (a bit-mask form of the play,
  :mod:`bot.ai.search.euchre_solver`) instead of a greedy playout. (Scoring the calls the same
  way, after careful calls by the others, measured worse in the arena than playouts:
  −0.09 ± 0.08 against ``hard`` over 240 deals, against −0.02 ± 0.06 over 400.)
- Elsewhere the last tricks are solved: once the seat holds ``ENDGAME_CARDS`` cards or
  fewer, each candidate is scored in each sampled deal by exact play to the end of the
  hand (:mod:`bot.ai.search.endgame`) instead of a greedy playout.

Its budget is counted in evaluations (deterministic, as in the arena); in the bot a time
budget also applies, capped at ``TIME_CAP`` seconds so a decision stays quick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from bot.engine import Game, game_class

from .bidding import trained_call
from .heuristics import Heuristics
from .knowledge import View
from .players import HardPlayer
from .search import clone, hand_value, playout
from .search.endgame import exact_value
from .search.euchre_solver import SolvedValue

# Evaluations per decision, per game (playouts before the endgame, exact solves in it).
EXPERT_PLAYOUTS: dict[str, int] = {
    "euchre": 320,
    "railroad": 160,
    "cincinnati": 160,
    "over_the_rhine": 320,
    "over_the_top": 70,
    "flip": 240,
}
ENDGAME_EVALS = 72  # exact evaluations per decision in the last tricks
# Classic Euchre's play is solved exactly in every sampled deal from the first card (its
# bit-mask solver, :mod:`bot.ai.search.euchre_solver`): evaluations per card played.
SOLVED_EVALS = 160
# Cards in the seat's hand at or below which the rest of the hand is solved exactly.
ENDGAME_CARDS: dict[str, int] = {
    "euchre": 3, "railroad": 3, "cincinnati": 3, "over_the_rhine": 2, "over_the_top": 2,
    "flip": 2,
}
NODE_LIMIT = 2500  # positions per exact evaluation before falling back to a playout
TIME_CAP = 0.25  # seconds: the most a decision may take in the bot
EXPERT_Z = 1.0
DRAWS = 3  # deals drawn for each one kept, the best fitting most often


class ExpertPlayer(HardPlayer):
    """Search over deals that fit the calls, solved exactly (classic Euchre's play, the
    last tricks elsewhere)."""

    level = "expert"

    z = EXPERT_Z
    time_cap = TIME_CAP

    def budget(self, view: View, legal: Sequence[str]) -> int:
        """Evaluations for this decision: as asked, else exact solves in the last tricks
        and the game's default number of playouts before them."""
        if self.playouts is not None:
            return self.playouts
        if self._solved(view, legal):
            return SOLVED_EVALS
        if self._in_endgame(view, legal):
            return ENDGAME_EVALS
        return EXPERT_PLAYOUTS.get(view["variant"], 180)

    def search_options(
        self, view: View, legal: Sequence[str], heur: Heuristics
    ) -> dict[str, Any]:
        """Deals drawn to fit the calls; the last tricks scored by exact play."""
        evaluate: Any = None
        if self._solved(view, legal):
            evaluate = SolvedValue(view["seat"])
        elif self._in_endgame(view, legal):
            evaluate = _Exact(view["seat"], heur)
        reads_bids = type(heur).world_weight is not Heuristics.world_weight
        sample = partial(fitted_sample, view, heur) if reads_bids else None
        return {"evaluate": evaluate, "sample": sample}

    def prior(self, view: View, legal: Sequence[str], rng: random.Random) -> tuple[str, str]:
        """The choice the search must beat: the trained call where there is one (classic
        Euchre), else the careful rule's."""
        call = trained_call(view, legal)
        if call is not None:
            return call
        return self._heur(view).normal(view, legal, rng)

    def _in_endgame(self, view: View, legal: Sequence[str]) -> bool:
        if not _playing(view, legal):
            return False
        return len(view.get("hand", ())) <= ENDGAME_CARDS.get(view["variant"], 3)

    def _solved(self, view: View, legal: Sequence[str]) -> bool:
        """True for a card to play in classic Euchre: every sampled deal is solved."""
        return view["variant"] == "euchre" and _playing(view, legal)


def _playing(view: View, legal: Sequence[str]) -> bool:
    return view.get("phase") == "play" and all(a.startswith("play:") for a in legal)


def fitted_sample(view: View, heur: Heuristics, rng: random.Random) -> tuple[Game, float]:
    """A deal consistent with the view that fits the bids seen: ``DRAWS`` deals are drawn
    and one is picked with probability proportional to how well it explains the bids
    (sampling-importance-resampling). Its weight is the mean fit of the draws, which
    keeps the weighted average over picked deals an unbiased one (an exchange where
    every draw fits badly counts less), with less spread than weighting single draws."""
    kind: Any = game_class(view["variant"])
    worlds = [kind.sample_from_view(view, rng) for _ in range(DRAWS)]
    weights = [heur.world_weight(view, world) for world in worlds]
    total = sum(weights)
    mean = max(total / DRAWS, 1e-12)  # the pick's importance weight: the draws' mean
    if total <= 0:
        return worlds[0], mean
    pick = rng.random() * total
    for world, weight in zip(worlds, weights, strict=True):
        pick -= weight
        if pick <= 0:
            return world, mean
    return worlds[-1], mean


class _Exact:
    """Scores a candidate in a sampled deal by exact play to the end of the hand."""

    def __init__(self, seat: int, heur: Heuristics) -> None:
        self.seat = seat
        self.heur = heur

    def __call__(self, world: Game, action: str, rng: random.Random) -> float:
        before = list(world.scores)
        game = clone(world)
        hand = game.hand_number
        game.apply(action)
        if game.is_over or game.hand_number != hand:
            return hand_value(game, self.seat, before)
        value = exact_value(game, self.seat, before, node_limit=NODE_LIMIT)
        if value is None:
            return playout(game, self.seat, self.heur, rng, 0.0)
        return value
