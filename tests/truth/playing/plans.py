"""Seeded plans of the audit's games: variant, seats, house options, how many people
play, and what happens (a plain table, a leaver, a moderator's replacement, ``/play``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.engine import VARIANTS

#: Short games: a target low enough for a few hands (each variant's own scale).
TARGETS = {"over_the_rhine": (2, 3), "cincinnati": (5, 10), "over_the_top": (60, 120),
           "flip": (10, 25), "railroad": (8, 16), "euchre": (3, 5)}
SCENARIOS = ("table", "table", "leaver", "table", "replace", "play", "table")
#: The share of games whose members step through /review afterwards.
REVIEW_SHARE = 0.1
#: Game 4 of every seven, when it has four seats, is a two-round tournament of that game;
#: when it has two, three members play one, one of them sitting each round out (a bye).
TOURNAMENT_EVERY, TOURNAMENT_AT = 7, 4
TOURNAMENTS = ("tournament", "tournament_end", "tournament_byes")


@dataclass(frozen=True)
class Plan:
    """One game to play."""

    number: int
    variant: str
    players: int
    options: dict[str, Any]
    people: int
    scenario: str
    seed: int
    review: bool = False  # members step through /review afterwards


def seatings(variants: list[str] | None = None) -> list[tuple[str, int]]:
    """Every (variant, seat count) there is: each variant's first count in turn, then
    their second counts, and so on (a short run still sees every variant)."""
    chosen = [info for key, info in VARIANTS.items() if not variants or key in variants]
    most = max((len(info.player_counts) for info in chosen), default=0)
    return [(info.key, info.player_counts[i]) for i in range(most) for info in chosen
            if i < len(info.player_counts)]


def plans(games: int, seed: int, variants: list[str] | None = None) -> list[Plan]:
    """``games`` plans: every variant and seat count in turn, options and events seeded."""
    rng = random.Random(seed)
    order = seatings(variants)
    made = []
    for number in range(games):
        variant, players = order[number % len(order)]
        low, high = TARGETS[variant]
        options: dict[str, Any] = {"target": rng.randint(low, high)}
        for option in VARIANTS[variant].options:
            if option.choices:
                options[option.name] = rng.choice(option.choices)
        scenario = SCENARIOS[rng.randrange(len(SCENARIOS))]
        people = 2 if scenario in ("leaver", "replace") else rng.choice((1, 1, 2))
        if scenario == "play":
            people = 1
        if number % TOURNAMENT_EVERY == TOURNAMENT_AT and players == 4:
            # Some tournaments are ended by their host during the last round.
            scenario = rng.choice(("tournament", "tournament_end"))
            people = 2
        elif number % TOURNAMENT_EVERY == TOURNAMENT_AT and players == 2:
            scenario, people = "tournament_byes", 3
        seated = people if scenario in TOURNAMENTS else min(people, players)
        made.append(Plan(number, variant, players, options, seated, scenario,
                         rng.randrange(1 << 30), review=rng.random() < REVIEW_SHARE))
    return made
