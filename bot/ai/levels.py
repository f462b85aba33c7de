"""A computer player of a level by its name, and the pure functions a process pool runs
with one (a decision, the Hint button's advice)."""

from __future__ import annotations

from collections.abc import Sequence

from .expert import ExpertPlayer
from .knowledge import View
from .players import Advice, EasyPlayer, HardPlayer, NormalPlayer, Player, RandomPlayer

LEVELS = ("random", "easy", "normal", "hard", "expert")


def get_player(
    level: str, seed: int = 0, playouts: int | None = None, time_budget: float | None = None
) -> Player:
    """A computer player of ``level`` ("random", "easy", "normal", "hard" or "expert")."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return NormalPlayer(seed)
    if level == "hard":
        return HardPlayer(seed, playouts, time_budget)
    if level == "expert":
        return ExpertPlayer(seed, playouts, time_budget)
    raise ValueError(f"Unknown level {level!r}; choose one of {', '.join(LEVELS)}.")


def hint(
    level: str, view: View, legal: Sequence[str], seed: int = 0, time_budget: float | None = None
) -> Advice:
    """The Hint button's advice: a pure function for a process pool."""
    return get_player(level, seed=seed, time_budget=time_budget).advice(view, list(legal))


def decide(
    level: str,
    view: View,
    legal: Sequence[str],
    seed: int = 0,
    time_budget: float | None = None,
    playouts: int | None = None,
) -> tuple[str, str]:
    """(action, reason) for one decision: a pure function for a process pool."""
    player = get_player(level, seed=seed, playouts=playouts, time_budget=time_budget)
    return player.advise(view, list(legal))
