"""Per-game knowledge for the computer players, one module per variant."""

from __future__ import annotations

import importlib

from .base import Decision, Heuristics

__all__ = ["Decision", "Heuristics", "heuristics_for"]

_CACHE: dict[str, Heuristics] = {}


def heuristics_for(variant: str) -> Heuristics:
    """The :class:`Heuristics` of a variant key (its module's ``HEURISTICS``)."""
    found = _CACHE.get(variant)
    if found is None:
        module = importlib.import_module(f"{__name__}.{variant}")
        found = _CACHE[variant] = module.HEURISTICS
    return found
