"""Finished games to review: seeded games played to the end by computer players (easy) or
by seeded random choices, and their hand records."""

from __future__ import annotations

import random
from functools import cache

from bot.ai import get_player
from bot.engine import VARIANTS, Game, new_game
from bot.review.record import GameRecord, build_record

CASES = [(key, n) for key, info in VARIANTS.items() for n in info.player_counts]
ONE_EACH = [("over_the_rhine", 2), ("cincinnati", 4), ("over_the_top", 2), ("flip", 5),
            ("railroad", 4), ("railroad", 6), ("euchre", 4)]
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy")
RANDOM_ACTIONS = 400
SHORT = {"over_the_top": 120, "cincinnati": 12, "railroad": 16, "flip": 60}


@cache
def finished(variant: str, players: int, seed: int = 1, level: str = "easy") -> Game:
    """A seeded game played to its end (a shorter target than usual, to stay fast) by
    computer players of ``level``, or by random choices (``level="random"``: stopped
    after :data:`RANDOM_ACTIONS` actions, random bids can sink scores for ever)."""
    game = new_game(variant, players, seed, {"target": SHORT.get(variant, 5)})
    rng = random.Random(seed)
    bots = [get_player(level, seed=seed * 10 + s) for s in range(players)]
    while not game.is_over and (level != "random" or len(game.log) < RANDOM_ACTIONS):
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        game.apply(rng.choice(legal) if level == "random" else bots[seat].choose(
            game.view(seat), legal))
    return game


@cache
def record_of(variant: str, players: int, seed: int = 1, level: str = "easy") -> GameRecord:
    """The hand record of :func:`finished`."""
    game = finished(variant, players, seed, level)
    return build_record(variant, players, seed, game.options, game.log)


def names_for(record: GameRecord) -> list[str]:
    """A name for every hand at the table; Flip's dead hand is ``Dead hand``."""
    names = list(NAMES[: record.seats])
    if record.seats > record.players:
        names[-1] = "Dead hand"
    return names
