"""Every choice of one decision, weighed from the deciding seat's view only.

The ``hard`` player's machinery without its shortcuts: deals consistent with the view are
sampled (``sample_from_view``) and weighted by how well they explain the bids
(``world_weight``); in each deal every candidate is applied to a copy and the hand is
played out with the game's fast policy, all candidates on the same deals and the same
playout seed, in rounds of deals while the verdict is unclear; the leaders are then
weighed again in fresh deals (:func:`weigh`). Besides
the points, each playout notes what a player would ask about: were the makers set, did
the side take every trick, did the card played win its trick or was it trumped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.ai.heuristics import Heuristics
from bot.ai.knowledge import View
from bot.ai.search import clone, playout
from bot.engine import game_class

from .outcome import Sample, outcome


@dataclass
class Evaluation:
    """Choices played out in the same sampled deals (and the same playout seeds)."""

    view: View
    heur: Heuristics
    deals: list[tuple[Any, int]] = field(default_factory=list)  # (deal, playout seed)
    likely: list[float] = field(default_factory=list)  # how well each deal explains the bids
    samples: dict[str, list[Sample]] = field(default_factory=dict)

    @property
    def weights(self) -> list[float]:
        """The deals' weights (all the same if no deal explains the bids at all)."""
        return self._weights(len(self.likely))

    def more(self, rng: random.Random, count: int, only: Sequence[str] | None = None) -> None:
        """``count`` more deals consistent with the view, and every choice played so far
        (or those of ``only``) played out in them too."""
        kind: Any = game_class(self.view["variant"])
        start = len(self.deals)
        for _ in range(count):
            deal = kind.sample_from_view(self.view, rng)
            deal.stop_after_hand = True  # its playouts never deal the next hand
            self.likely.append(self.heur.world_weight(self.view, deal))
            self.deals.append((deal, rng.getrandbits(32)))
        for action in self.samples if only is None else only:
            self.samples[action] += self._play(action, start)

    def add(self, action: str) -> None:
        """Play ``action`` out in every deal."""
        self.samples[action] = self._play(action, 0)

    def _play(self, action: str, start: int) -> list[Sample]:
        seat, trump = self.view["seat"], self.view.get("trump")
        found: list[Sample] = []
        for deal, seed in self.deals[start:]:
            game = clone(deal)
            first = len(game.events)
            game.apply(action)
            value = playout(game, seat, self.heur, random.Random(seed), 0.0)
            found.append(outcome(game, game.events[first:], seat, value, trump))
        return found

    def gap(self, action: str, than: str) -> tuple[float, float]:
        """How much ``than`` beat ``action`` on average, and the standard error of that
        (over the deals both were played out in)."""
        pairs = zip(self.samples[action], self.samples[than], strict=False)
        diffs = [b.value - a.value for a, b in pairs]
        weights = self._weights(len(diffs))
        total = sum(weights)
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
        var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        effective = total * total / sum(w * w for w in weights)
        return mean, (var / max(effective - 1, 1.0)) ** 0.5

    def mean(self, action: str) -> float:
        """Weighted mean points of ``action``."""
        return self.share(action, lambda s: s.value)

    def share(self, action: str, of: Any, among: Any = None) -> float:
        """Weighted mean of ``of(sample)`` over the deals where ``among(sample)`` holds."""
        total = value = 0.0
        samples = self.samples[action]
        for weight, sample in zip(self._weights(len(samples)), samples, strict=True):
            if among is None or among(sample):
                total += weight
                value += weight * float(of(sample))
        return value / total if total > 0 else 0.0

    def _weights(self, count: int) -> list[float]:
        """The weights of the first ``count`` deals (all the same if none of them explains
        the bids at all)."""
        likely = self.likely[:count]
        return likely if sum(likely) > 0 else [1.0] * count

    def often(self, action: str, of: Any) -> float | None:
        """Weighted share of deals where ``of(sample)`` is true, among those where it is
        not None (None: it is None in every deal)."""
        if all(of(s) is None for s in self.samples[action]):
            return None
        return self.share(action, lambda s: bool(of(s)), lambda s: of(s) is not None)

    def worse(self, action: str, than: str, of: Any = None) -> float:
        """Weighted share of deals where ``action`` did worse than ``than``."""
        key = of or (lambda s: s.value)
        pairs = zip(self.weights, self.samples[action], self.samples[than], strict=True)
        total = sum(self.weights)
        worse = sum(w for w, a, b in pairs if key(a) < key(b) - 1e-9)
        return worse / total if total > 0 else 0.0


def weigh(
    view: View, legal: Sequence[str], chosen: str, heur: Heuristics, rng: random.Random,
    deals: int, threshold: float,
) -> tuple[dict[str, float], Evaluation]:
    """The expected points of each choice, and the evaluation behind the best and chosen.

    Deals come in rounds (:func:`round_size`), more only while the verdict is unclear.
    Every candidate (the heuristics' candidates, and ``chosen``) is played out in a round
    of deals; with more than one other choice, more rounds, up to ``deals`` in all, go to
    the candidates still in contention (:func:`_contenders`). The best of many noisy means
    is flattered by its luck, so the finalists (``chosen`` and the best other choice, then
    whichever choice leads) are played out again in ``FINAL_ROUNDS`` rounds of fresh
    deals, until the leader is one of them: their values, and so the cost, come from the
    fresh deals. (With one other choice there is no best to pick and no luck to correct:
    the first deals serve.) While it is unclear whether the best other finalist beats
    ``chosen`` by ``threshold`` (within ``Z`` standard errors), more rounds are added, up
    to ``MOST`` times ``deals`` in all. Cards equivalent to a lower card of theirs take
    that card's value.
    """
    candidates = heur.candidates(view, legal, rng)
    if chosen not in candidates:
        candidates.append(chosen)
    step = round_size(deals)
    others = [a for a in candidates if a != chosen]
    first = Evaluation(view, heur)
    first.more(rng, step)
    for action in candidates:
        first.add(action)
    if len(others) < 2:  # no best other to pick: no luck to correct in fresh deals
        final = first
    else:
        active = _contenders(first, candidates, threshold, chosen)
        while len(active) > 1 and len(first.deals) < deals:
            first.more(rng, step, active)
            active = _contenders(first, active, threshold, chosen)
        final = Evaluation(view, heur)
        final.more(rng, step * FINAL_ROUNDS)
        final.add(chosen)
        final.add(max(others, key=lambda a: (first.mean(a), -legal.index(a))))
    while True:
        while True:
            values = {a: (final if a in final.samples else first).mean(a) for a in candidates}
            top = max(candidates, key=lambda a: (values[a], -legal.index(a)))
            if top in final.samples:
                break
            final.add(top)
        rivals = [a for a in final.samples if a != chosen]
        if not rivals or len(final.deals) >= MOST * deals:
            break
        gap, error = final.gap(chosen, max(rivals, key=lambda a: values[a]))
        if abs(gap - threshold) >= Z * error:  # clearly costly, or clearly not
            break
        final.more(rng, step)
    for twin, equal in _twins(view, legal, heur, candidates).items():
        values[twin] = values[equal]
    return values, final


ROUNDS = 4  # a decision's deals come in rounds of a quarter of its deals
LEAST = 20  # deals in a round, at least: enough to tell how far apart two choices are
FINAL_ROUNDS = 1  # rounds of fresh deals the finalists are played out in at least
MOST = 3  # the finalists' deals, at most, in times a decision's deals
Z = 2.0  # standard errors from which a difference is clear
LEVEL = 0.5  # a candidate this share of the threshold or less from the leader is level


def round_size(deals: int) -> int:
    """Deals in a round, for a decision given ``deals``: a ``ROUNDS``-th of them, or
    ``LEAST`` if that is more (never more than ``deals``)."""
    return max(min(LEAST, deals), deals // ROUNDS)


def _contenders(
    first: Evaluation, active: list[str], threshold: float, chosen: str
) -> list[str]:
    """The candidates of ``active`` worth more deals: the leader, and every other not
    clearly behind it (by ``Z`` standard errors), nor clearly level with it (within
    ``LEVEL`` times the threshold, either way), nor clearly short of beating ``chosen`` by
    the threshold (it cannot make the member's choice costly)."""
    leader = max(active, key=first.mean)
    kept = []
    for action in active:
        if action != leader:
            gap, error = first.gap(action, leader)
            if gap > Z * error or abs(gap) + Z * error < LEVEL * threshold:
                continue
            if action != chosen:
                gain, spread = first.gap(chosen, action)
                if gain + Z * spread < threshold:
                    continue
        kept.append(action)
    return kept


def _twins(
    view: View, legal: Sequence[str], heur: Heuristics, candidates: list[str]
) -> dict[str, str]:
    """Cards left out as equivalent to a lower card of their suit that is played out."""
    left = [a for a in legal if a not in candidates and a.startswith("play:")]
    if not left:
        return {}
    rank = heur.knowledge(view).rank
    twins = {}
    for action in left:
        card = action[5:]
        lower = [
            a for a in candidates
            if a.startswith("play:") and rank.suit[a[5:]] == rank.suit[card]
            and rank.power[a[5:]] < rank.power[card]
        ]
        if lower:
            twins[action] = max(lower, key=lambda a: rank.power[a[5:]])
    return twins
