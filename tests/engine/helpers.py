"""Shared helpers for engine tests: compact card notation and playing scripted actions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.engine import Game
from bot.engine.bench import random_action


def hand(text: str) -> list[str]:
    """``hand("JD 9H AS")`` → ``["JD", "9H", "AS"]``."""
    return text.split()


def play(game: Game, *actions: str) -> None:
    """Apply each action in turn (space-separated strings are split)."""
    for chunk in actions:
        for action in chunk.split():
            game.apply(action)


def events_of(game: Game, kind: str) -> list[dict[str, object]]:
    """Every event of one type so far."""
    return [e for e in game.events if e["type"] == kind]


def strings(value: Any) -> Iterator[str]:
    """Every string leaf of a JSON value (to look for card ids anywhere in a view)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def check_sample_plays_on(game: Game, seat: int) -> None:
    """A game sampled from ``seat``'s view shows that seat the same view and plays on."""
    view = game.view(seat)
    sampled = type(game).sample_from_view(view, random.Random(5))  # type: ignore[attr-defined]
    assert sampled.view(seat) == view
    rng, number = random.Random(1), sampled.hand_number
    while not sampled.is_over and sampled.hand_number <= number + 1:
        sampled.apply(random_action(sampled, rng))
