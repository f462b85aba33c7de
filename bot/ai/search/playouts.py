"""Determinized search for the ``hard`` level: sampled deals and playouts.

For each sampled deal consistent with the view (``sample_from_view``: hidden cards dealt
at random, voids respected) every candidate action is applied to a copy and the hand is
played out with the game's fast policy; the action with the best mean result wins. All
candidates share the same deals (common random numbers), so their difference is measured
with far less noise than their values. The budget is a number of playouts (deterministic)
or a deadline (for the bot).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.engine import Game, game_class

from ..heuristics import Heuristics
from ..knowledge import View

# Copied one level deep (lists) or shared (dicts): appended to but never changed inside,
# or set once when the game starts (its options, the stacked deal, the last hand's record).
_SHALLOW = frozenset({
    "events", "log", "tricks", "bidding", "_legal_now", "dealt", "options", "initial_deal",
    "previous_hand",
})
_CONTAINERS = (list, dict, set)
MAX_STEPS = 2000
_UNSET = object()


def _dup(value: Any) -> Any:
    kind = type(value)
    if kind is list:
        return [_dup(x) if type(x) in _CONTAINERS else x for x in value]
    if kind is dict:
        return {k: (_dup(v) if type(v) in _CONTAINERS else v) for k, v in value.items()}
    if kind is set:
        return set(value)
    return value


@cache
def _state_names(kind: type[Game]) -> tuple[str, ...]:
    """Every instance attribute of a game class: the slots of its whole hierarchy."""
    return tuple(name for cls in kind.__mro__ for name in cls.__dict__.get("__slots__", ()))


def clone(game: Game) -> Game:
    """A copy of a game whose mutable state is independent of the original."""
    kind = type(game)
    new = object.__new__(kind)
    for key in _state_names(kind):  # type: ignore[arg-type]  # mypy deems classes unhashable
        value = getattr(game, key, _UNSET)
        if value is _UNSET:
            continue
        if key in _SHALLOW:
            value = value[:] if type(value) is list else value
        elif type(value) in _CONTAINERS:
            value = _dup(value)
        setattr(new, key, value)
    return new


def playout(game: Game, seat: int, heur: Heuristics, rng: random.Random, bonus: float) -> float:
    """Play the hand in progress to its end; the seat's side's points minus the others'."""
    hand, before = game.hand_number, list(game.scores)
    steps = 0
    while not game.is_over and game.hand_number == hand and steps < MAX_STEPS:
        legal = game.legal_actions()
        game.apply(heur.rollout(game, legal, rng) if len(legal) > 1 else legal[0])
        steps += 1
    return hand_value(game, seat, before, bonus)


def hand_value(game: Game, seat: int, before: Sequence[int], bonus: float = 0.0) -> float:
    """The seat's side's points since ``before`` minus the other sides' mean (plus
    ``bonus`` for winning the game, minus it for losing)."""
    side = game.side_of(seat)
    gains = [after - prior for after, prior in zip(game.scores, before, strict=False)]
    others = [g for s, g in enumerate(gains) if s != side]
    value = gains[side] - (sum(others) / len(others) if others else 0.0)
    if game.winner is not None and bonus:
        value += bonus if game.winner == side else -bonus
    return value


# Scores one candidate action in one sampled deal: (deal, action, playout generator).
Evaluate = Callable[[Game, str, random.Random], float]
# Draws one deal consistent with the view and its weight.
Sample = Callable[[random.Random], tuple[Game, float]]


@dataclass
class SearchResult:
    """The chosen action with the mean playout value of each candidate."""

    action: str
    means: dict[str, float] = field(default_factory=dict)
    worlds: int = 0
    playouts: int = 0


def search(
    view: View,
    legal: Sequence[str],
    heur: Heuristics,
    rng: random.Random,
    playouts: int | None = None,
    deadline: float | None = None,
    prior: str | None = None,
    z: float = 1.0,
    bonus: float = 0.0,
    evaluate: Evaluate | None = None,
    sample: Sample | None = None,
) -> SearchResult:
    """Pick the candidate with the best mean playout result over sampled deals.

    Deals are weighted by how well the hands dealt explain the bids seen
    (``heur.world_weight``). Candidates clearly behind the leader (by ``PRUNE_Z`` standard
    errors of their paired difference) stop being played out, which spends the budget
    where the choice is close. The ``prior`` (the careful rule's choice) is kept unless
    the best candidate beats it by ``z`` standard errors. ``evaluate`` scores a candidate
    in a sampled deal (default: a playout with the game's fast policy); ``sample`` draws a
    deal and its weight (default: ``sample_from_view`` weighted by ``world_weight``).
    """
    candidates = heur.candidates(view, legal, rng) if len(legal) > 1 else list(legal)
    if prior is not None and prior not in candidates and prior in legal:
        candidates.append(prior)
    if len(candidates) == 1:
        return SearchResult(candidates[0])
    cls: Any = game_class(view["variant"])
    seat = view["seat"]
    values: dict[str, list[float]] = {a: [] for a in candidates}
    active = list(candidates)
    weights: list[float] = []
    used = 0
    while len(active) > 1:
        if playouts is not None and weights and used + len(active) > playouts:
            break
        if deadline is not None and weights and time.perf_counter() >= deadline:
            break
        if sample is not None:
            world, weight = sample(rng)
        else:
            world = cls.sample_from_view(view, rng)
            weight = heur.world_weight(view, world)
        world.stop_after_hand = True  # the next hand is never dealt in a playout
        weights.append(weight)
        play_seed = rng.getrandbits(32)
        for action in active:
            if evaluate is not None:
                values[action].append(evaluate(world, action, random.Random(play_seed)))
                continue
            game = clone(world)
            game.apply(action)
            values[action].append(playout(game, seat, heur, random.Random(play_seed), bonus))
        used += len(active)
        if playouts is None and deadline is None:
            break
        if len(weights) >= MIN_WORLDS and len(weights) % 4 == 0:
            active = _prune(active, values, weights)
    means = {a: _mean(values[a], weights) for a in candidates}
    action = max(active, key=lambda a: means[a])
    if prior in means and action != prior:
        n = min(len(values[action]), len(values[prior]))
        diffs = [x - y for x, y in zip(values[action][:n], values[prior][:n], strict=False)]
        if not _significant(diffs, weights[:n], z):
            action = prior
    return SearchResult(action, means, len(weights), used)


MIN_WORLDS = 16
PRUNE_Z = 3.0


def _mean(values: Sequence[float], weights: Sequence[float]) -> float:
    total = sum(weights[: len(values)])
    if not values or total <= 0:
        return 0.0
    return sum(w * v for w, v in zip(weights, values, strict=False)) / total


def _prune(active: list[str], values: dict[str, list[float]], weights: list[float]) -> list[str]:
    """Drop candidates that trail the leader by ``PRUNE_Z`` standard errors."""
    best = max(active, key=lambda a: _mean(values[a], weights))
    keep = [best]
    for action in active:
        if action == best:
            continue
        diffs = [x - y for x, y in zip(values[best], values[action], strict=False)]
        if not _significant(diffs, weights, PRUNE_Z):
            keep.append(action)
    return [a for a in active if a in keep]


def _significant(diffs: Sequence[float], weights: Sequence[float], z: float) -> bool:
    """True if the weighted mean of paired differences exceeds ``z`` standard errors."""
    total = sum(weights)
    if total <= 0:
        return False
    mean = sum(w * d for w, d in zip(weights, diffs, strict=False)) / total
    if mean <= 0:
        return False
    var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=False)) / total
    effective = total * total / sum(w * w for w in weights)
    if effective < 2:
        return False
    return bool(mean > z * (var / (effective - 1)) ** 0.5)
