"""Shared helpers for engine tests: compact card notation and playing scripted actions."""

from __future__ import annotations

from bot.engine import Game


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
