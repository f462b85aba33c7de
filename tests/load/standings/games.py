"""Made-up finished games for the benchmark server: which game, how many seats, the scores
hand by hand, each seat's records, and now and then a member who left.

Pure (an RNG in, values out), so seeding stays a loop of cheap calls. The numbers only
need to look like Bower's: hands are scored until a side reaches the game's target, the
stronger side wins more hands, and record counts stay small.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.ratings import COMPUTER_SKILL

#: Share of the server's games per game (sums to 1).
VARIANT_MIX: dict[str, float] = {
    "euchre": 0.34,
    "flip": 0.20,
    "railroad": 0.14,
    "cincinnati": 0.12,
    "over_the_rhine": 0.10,
    "over_the_top": 0.10,
}
#: How often each player count is played, for the games played at several counts.
PLAYER_MIX: dict[str, dict[int, int]] = {
    "flip": {2: 5, 3: 8, 4: 25, 5: 14, 6: 16, 7: 8, 8: 10, 9: 4, 10: 10},
    "railroad": {4: 7, 6: 3},
}
FIXED_PLAYERS = {"euchre": 4, "cincinnati": 4, "over_the_rhine": 2, "over_the_top": 2}
LEVELS = ("random", "easy", "normal", "hard")
LEVEL_MIX = (1, 3, 5, 3)
MAX_HANDS = 80
MEMBER_BASE = 800_000_000_000_000_000  # member 0 (the most active) has this user id
DEPARTURE_RATE = 0.004  # games in which a member left
NO_CHANGE: tuple[float | None, ...] = (None, None, None, None)


@dataclass(frozen=True)
class Scoring:
    """A game's target and the points of a hand: its winner's and everyone else's."""

    target: int
    winner: tuple[int, ...]
    others: tuple[int, ...]


SCORING: dict[str, Scoring] = {
    "euchre": Scoring(10, (1, 1, 1, 1, 2, 2, 4), (0,)),
    "over_the_rhine": Scoring(7, (1, 1, 1, 2, 2, 4), (0,)),
    "cincinnati": Scoring(32, (3, 4, 4, 5, 5, 6, 12), (0, 1, 2, 3, -3)),
    "over_the_top": Scoring(200, (55, 60, 65, 70, 75, 80, 90, 100), (0, 10, 20, 25, 30, 40)),
    "railroad": Scoring(64, (4, 5, 6, 7, 8, 14, 28), (0, 1, 2, 3)),
    "flip": Scoring(100, (30, 25, 20), (30, 25, -5, -10, -15)),
}


@dataclass(frozen=True)
class Played:
    """How a game went: final score per side (a Flip dead hand last), each hand's points."""

    final_scores: tuple[int, ...]
    hand_scores: tuple[tuple[int, ...], ...]
    winner_side: int


@dataclass(frozen=True)
class Leaver:
    """A member who left a game: their seat, why, the computer that took it, during which
    hand, whether it counts as a loss, whether they came back (a stand-in), and when."""

    seat: int
    why: str
    level: str
    hand: int
    counts: bool
    returned: bool
    at: str


@dataclass(frozen=True)
class SeatGame:
    """What every seat of a game shares: the game, its season, sides and their skill, the
    winning side, when it finished, and who left it."""

    variant: str
    season: int
    players: int
    sides: int
    side_skill: list[float]
    winner: int
    finished: str
    leaver: Leaver | None
    table_id: int = 0


def member_id(index: int) -> int:
    """The user id of member ``index`` (0 is the most active)."""
    return MEMBER_BASE + index


def iso(ts: float) -> str:
    """A POSIX time as stored (ISO 8601 UTC, milliseconds)."""
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="milliseconds")


def pick_game(rng: random.Random) -> tuple[str, int]:
    """A game and its player count, as often as the server plays them."""
    variant = rng.choices(list(VARIANT_MIX), weights=list(VARIANT_MIX.values()))[0]
    if variant in FIXED_PLAYERS:
        return variant, FIXED_PLAYERS[variant]
    counts = PLAYER_MIX[variant]
    return variant, rng.choices(list(counts), weights=list(counts.values()))[0]


def side_count(variant: str, players: int) -> int:
    """How many sides play: partnerships in the four-seat games and Railroad, else one each."""
    if variant == "flip" or players == 2:
        return players
    return players // 2


def computer_level(rng: random.Random) -> str:
    """A computer player's level, normal most often."""
    return rng.choices(LEVELS, weights=LEVEL_MIX)[0]


def computer_strength(level: str) -> float:
    """The true skill of a computer level (its fixed mu)."""
    return COMPUTER_SKILL[level].mu


def play(variant: str, strengths: Sequence[float], rng: random.Random) -> Played:
    """Score hands until a side reaches the target; the stronger side wins more hands.

    ``strengths`` holds each side's true skill; an odd Flip game adds a dead hand that
    scores but never wins.
    """
    scoring = SCORING[variant]
    sides = len(strengths)
    columns = sides + (1 if variant == "flip" and sides % 2 else 0)
    weights = [2.0 ** ((s - 25.0) / 4.0) for s in strengths]
    totals = [0] * columns
    hands: list[tuple[int, ...]] = []
    while len(hands) < MAX_HANDS and max(totals[:sides]) < scoring.target:
        taker = rng.choices(range(sides), weights=weights)[0]
        points = [rng.choice(scoring.others) for _ in range(columns)]
        points[taker] = rng.choice(scoring.winner)
        hands.append(tuple(points))
        totals = [t + p for t, p in zip(totals, points, strict=True)]
    best = max(totals[:sides])
    return Played(tuple(totals), tuple(hands), totals.index(best))


def win_chance(strengths: Sequence[float], side: int) -> float:
    """The chance the side was given of winning a hand (what its rating expected)."""
    weights: list[float] = [2.0 ** ((s - 25.0) / 4.0) for s in strengths]
    return weights[side] / sum(weights)


def seat_records(variant: str, rng: random.Random) -> tuple[int, ...]:
    """One seat's records in ``RECORD_NAMES`` order: moons, loners, loners made, Jambones,
    Jambones made, Jamborees, times euchred."""
    moons = loners = loners_made = jambones = jambones_made = jamborees = 0
    if variant in ("cincinnati", "over_the_rhine") and rng.random() < 0.08:
        moons = 1
    if variant in ("euchre", "railroad") and rng.random() < 0.3:
        loners = rng.randint(1, 3)
        loners_made = rng.randint(0, loners)
    if variant == "railroad":
        if rng.random() < 0.05:
            jambones = 1
            jambones_made = int(rng.random() < 0.6)
        jamborees = int(rng.random() < 0.01)
    euchred = rng.choice((0, 0, 0, 1, 1, 2, 3))
    return (moons, loners, loners_made, jambones, jambones_made, jamborees, euchred)


def maybe_leaver(
    rng: random.Random, holders: Sequence[int | str], hands: int, ts: float
) -> Leaver | None:
    """Now and then a member (an int among the seats' holders) leaves before the end."""
    seats = [s for s, h in enumerate(holders) if isinstance(h, int)]
    if rng.random() >= DEPARTURE_RATE or not seats:
        return None
    why = rng.choices(("left", "timeouts", "replaced"), weights=(5, 3, 2))[0]
    return Leaver(
        seat=rng.choice(seats),
        why=why,
        level=computer_level(rng),
        hand=rng.randint(1, max(1, hands)),
        counts=rng.random() < 0.85,
        returned=why == "timeouts" and rng.random() < 0.4,
        at=iso(ts - rng.uniform(60, 600)),
    )
