"""The computer players of the levels random, easy, normal and hard (``expert`` builds on
``hard`` in :mod:`bot.ai.expert`; :mod:`bot.ai.levels` makes a player of a level).

A player decides from a seat's view and the legal actions only. Its randomness comes
from a generator seeded by the player's seed and a digest of (view, legal actions), so
the same seed and situation always give the same choice, whatever was asked before; the
``hard`` level is deterministic too when its budget is counted in playouts.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from .heuristics import Heuristics, heuristics_for
from .knowledge import View
from .reasons import card_reason, choice_reason
from .search import SearchResult, search

# Playouts per decision for ``hard`` by default, per game (keeps p95 under 1 s here).
DEFAULT_PLAYOUTS: dict[str, int] = {
    "euchre": 400,
    "railroad": 200,
    "cincinnati": 200,
    "over_the_rhine": 400,
    "over_the_top": 90,
    "flip": 300,
}
SWITCH_Z = 1.0  # standard errors by which search must beat the careful (normal) choice


def situation_rng(seed: int, view: View, legal: Sequence[str]) -> random.Random:
    """A generator determined by the seed and the situation, independent of history."""
    text = json.dumps([view, list(legal)], sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
    return random.Random(f"{seed}:{digest}")


class Advice(NamedTuple):
    """A suggestion for the Hint button: the action, one sentence a person would say for
    it, and the figures behind it (small print; empty for the rule-based levels)."""

    action: str
    reason: str
    detail: str = ""


class Player:
    """Base player: ``choose`` an action, or ``advise`` one with a reason."""

    level = "base"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View, legal: Sequence[str]) -> str:
        """One of ``legal`` for the seat whose view this is."""
        return self.advise(view, legal)[0]

    def advise(self, view: View, legal: Sequence[str]) -> tuple[str, str]:
        """An action and a one-line reason a person understands."""
        raise NotImplementedError

    def advice(self, view: View, legal: Sequence[str]) -> Advice:
        """The action, its reason and any figures behind it (the Hint button)."""
        return Advice(*self.advise(view, legal))

    def _heur(self, view: View) -> Heuristics:
        return heuristics_for(view["variant"])

    def _only(self, view: View, action: str) -> tuple[str, str]:
        """The one legal action, named: ``Play 9♠: it is the only choice.``"""
        return action, f"{self._heur(view).describe(action)}: it is the only choice."


class RandomPlayer(Player):
    """Any legal action, uniformly."""

    level = "random"

    def advise(self, view: View, legal: Sequence[str]) -> tuple[str, str]:
        """A random legal action."""
        action = situation_rng(self.seed, view, legal).choice(list(legal))
        return action, f"{self._heur(view).describe(action)}: picked at random."


class EasyPlayer(Player):
    """A fixed simple heuristic with some randomness."""

    level = "easy"

    def advise(self, view: View, legal: Sequence[str]) -> tuple[str, str]:
        """The simple rule's action."""
        if len(legal) == 1:
            return self._only(view, legal[0])
        heur = self._heur(view)
        action = heur.easy(view, legal, situation_rng(self.seed, view, legal))
        return action, f"{heur.describe(action)}: a simple rule of thumb."


class NormalPlayer(Player):
    """A careful rule-based player for each game."""

    level = "normal"

    def advise(self, view: View, legal: Sequence[str]) -> tuple[str, str]:
        """The rule-based action and its reason."""
        if len(legal) == 1:
            return self._only(view, legal[0])
        return self._heur(view).normal(view, legal, situation_rng(self.seed, view, legal))


class HardPlayer(Player):
    """Determinized search over deals consistent with the view, within a budget.

    The budget is a number of playouts (by default the game's ``DEFAULT_PLAYOUTS``); a
    ``time_budget`` in seconds also stops the search at that deadline (for the bot, where a
    busy machine must not slow a table down). At least one sampled deal is always played.
    """

    level = "hard"
    z = SWITCH_Z
    time_cap: float | None = None  # the most seconds a decision may take, whatever allowed

    def __init__(
        self, seed: int = 0, playouts: int | None = None, time_budget: float | None = None
    ) -> None:
        super().__init__(seed)
        self.playouts = playouts
        if time_budget is not None and self.time_cap is not None:
            time_budget = min(time_budget, self.time_cap)
        self.time_budget = time_budget

    def decide(self, view: View, legal: Sequence[str]) -> tuple[SearchResult, tuple[str, str]]:
        """The search result and the choice the search starts from (its prior)."""
        heur = self._heur(view)
        rng = situation_rng(self.seed, view, legal)
        start = time.perf_counter()
        prior = self.prior(view, legal, rng)
        deadline = None if self.time_budget is None else start + self.time_budget
        result = search(
            view, legal, heur, rng, playouts=self.budget(view, legal), deadline=deadline,
            prior=prior[0], z=self.z, **self.search_options(view, legal, heur),
        )
        return result, prior

    def prior(self, view: View, legal: Sequence[str], rng: random.Random) -> tuple[str, str]:
        """The choice the search must beat: the careful (normal) rule's."""
        return self._heur(view).normal(view, legal, rng)

    def budget(self, view: View, legal: Sequence[str]) -> int:
        """Playouts for this decision: as asked, else the game's default."""
        if self.playouts is not None:
            return self.playouts
        return DEFAULT_PLAYOUTS.get(view["variant"], 150)

    def search_options(
        self, view: View, legal: Sequence[str], heur: Heuristics
    ) -> dict[str, Any]:
        """Further arguments of :func:`search` (how deals are drawn and scored)."""
        return {}

    def advise(self, view: View, legal: Sequence[str]) -> tuple[str, str]:
        """The searched action and the sentence that explains it."""
        return self.advice(view, legal)[:2]

    def advice(self, view: View, legal: Sequence[str]) -> Advice:
        """The searched action, why (the rule's reason when the rule agrees, else what the
        chosen card or call does), and the simulation figures as small print."""
        if len(legal) == 1:
            return Advice(*self._only(view, legal[0]))
        result, (prior, prior_reason) = self.decide(view, legal)
        action = result.action
        reason = prior_reason if action == prior else self._explain(view, action)
        if not result.means:
            return Advice(action, reason)
        heur = self._heur(view)
        value = result.means[action]
        other = result.means.get(prior)
        fmt = "+.2f" if other is not None and abs(value - other) < 0.1 else "+.1f"
        detail = f"Simulated: about {value:{fmt}} points a hand over {result.worlds} deals"
        if action != prior and other is not None:
            detail += f", against {other:{fmt}} for {heur.describe(prior)}"
        return Advice(action, reason, detail + ".")

    def _explain(self, view: View, action: str) -> str:
        kind, _, card = action.partition(":")
        if kind == "play":
            return card_reason(self._heur(view).knowledge(view), card)
        return choice_reason(action, view["variant"])
