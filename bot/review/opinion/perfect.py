"""Best play with every card known, hand by hand (the game is over: nothing is secret).

Each hand's trick play is solved (:mod:`bot.ai.search.solver`) from its first card where that is
quick, as in Euchre, Cincinnati and Over the Rhine; in the bigger games from the first
trick where few enough cards are left (``SOLVE_FROM``, measured so a solve takes well under
a second), or a later trick if a solve needs more than ``NODE_LIMIT`` positions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from bot.ai.search.solver import best_tricks
from bot.engine import Game, new_game

# Cards still to be played (every hand and table together) from which a hand is solved;
# None: from the first card. By variant, or by (variant, hands at the table).
SOLVE_FROM: dict[Any, int | None] = {
    "euchre": None,
    "cincinnati": None,
    "over_the_rhine": None,
    "railroad": 24,
    "over_the_top": 18,
    ("flip", 2): 14,
    ("flip", 4): 20,
    "flip": 24,
}
NODE_LIMIT = 40_000  # positions: about a second


class Solved(NamedTuple):
    """One hand: tricks the side took, tricks best play would have given it (the tricks
    taken before ``from_trick`` included), and the trick the solve started at."""

    hand: int
    side_tricks: int
    best_tricks: int
    from_trick: int


def solve_from(variant: str, hands: int) -> int | None:
    """The cut-off of ``SOLVE_FROM`` for a table with ``hands`` hands."""
    return SOLVE_FROM.get((variant, hands), SOLVE_FROM.get(variant))


def perfect_play(
    variant: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    actions: Sequence[str],
    seat: int,
    deal: Mapping[str, Any] | None = None,
    node_limit: int = NODE_LIMIT,
) -> list[Solved]:
    """Every finished hand of the game that could be solved, for ``seat``'s side."""
    game = new_game(variant, players, seed, options, deal=deal)
    for action in actions:
        game.apply(action)
    side = game.side_of(seat)
    plays, taken = _hand_totals(game.events, game, side)
    game = new_game(variant, players, seed, options, deal=deal)
    hands = len(getattr(game, "hands", ())) or players
    limit = solve_from(variant, hands)
    results: list[Solved] = []
    played = tricks = won = 0
    pending = True
    for action in actions:
        hand = game.hand_number
        if pending and game.phase == "play" and hand in taken:
            pending = False
            if limit is None or plays[hand] - played <= limit:
                best = best_tricks(game, side, node_limit)
                if best is not None:
                    results.append(Solved(hand, taken[hand], won + best, tricks + 1))
                    taken.pop(hand)
        for event in game.apply(action):
            kind = event["type"]
            if kind == "deal":
                played = tricks = won = 0
                pending = True
            elif kind == "play":
                played += 1
            elif kind == "trick":
                tricks += 1
                won += game.side_of(event["winner"]) == side
                pending = True
    return results


def _hand_totals(
    events: Sequence[Mapping[str, Any]], game: Game, side: int
) -> tuple[dict[int, int], dict[int, int]]:
    """Cards played in each hand, and the side's tricks in each hand that was scored."""
    plays: dict[int, int] = {}
    won: dict[int, int] = {}
    scored: set[int] = set()
    hand = 0
    for event in events:
        kind = event["type"]
        if kind == "deal":
            hand = event["hand"]
            plays[hand], won[hand] = 0, 0
        elif kind == "play":
            plays[hand] += 1
        elif kind == "trick":
            won[hand] += game.side_of(event["winner"]) == side
        elif kind == "hand_scored":
            scored.add(hand)
    return plays, {h: n for h, n in won.items() if h in scored}
