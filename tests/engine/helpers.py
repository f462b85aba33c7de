"""Shared helpers for engine tests: compact card notation and playing scripted actions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.engine import Game
from bot.engine.bench import random_action
from bot.engine.trick import TrickGame


def hand(text: str) -> list[str]:
    """``hand("JD 9H AS")`` → ``["JD", "9H", "AS"]``."""
    return text.split()


#: A Euchre deal for reading hands: with hearts trump, seat 2 holds the J♦ (the left
#: bower) beside the 9♦; with dealer 0, seat 1 orders hearts and leads the A♦.
LEFT_BOWER_DEAL: dict[str, Any] = {
    "dealer": 0,
    "hands": [
        hand("JH AH KH QS 9C"),
        hand("AD TS KS 9S TC"),
        hand("JD 9D AS AC KC"),
        hand("TD QD KD QC JC"),
    ],
    "kitty": hand("9H TH QH JS"),
}


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


def strongest(game: Game) -> str:
    """The first non-play action, or the legal card strongest under the trump in force."""
    assert isinstance(game, TrickGame)
    legal = game.legal_actions()
    if not legal[0].startswith("play:"):
        return legal[0]
    led = game.led_suit()
    return max(legal, key=lambda a: (game.ranking.score(a[5:], led), game.ranking.power[a[5:]]))


def play_hand(game: Game) -> dict[str, Any]:
    """Play the current hand out with the strongest cards; return its hand_scored event."""
    number = game.hand_number
    while not game.is_over and game.hand_number == number:
        game.apply(strongest(game))
    return events_of(game, "hand_scored")[-1]
