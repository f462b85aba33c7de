"""Perfect-information ("double dummy") solving of the trick play of a hand.

With every card known, how many tricks can a side take from a position, if everyone plays
their best? The search runs on full engine games (copies made with :func:`search.clone`),
so each variant's own rules decide what may be played, who wins a trick, trump flips and
switches, dead hands and Jambone choosers. The side being solved for takes the most tricks
it can; every other seat plays to hold it down (with more than two sides, the others are
assumed to combine against it). Alpha-beta over the plays, a transposition table at trick
boundaries, and cards that are equivalent for the rest of the hand searched only once.

This reads hidden cards: it is for reviewing a finished hand, never for a player's choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import Game

from .playouts import _state_names, clone

# Games whose trump cannot change during play, where adjacent cards can be merged.
STATIC_TRUMP = frozenset({"euchre", "cincinnati", "railroad"})
# Attributes that do not change what can happen next (history, scores, derived caches).
_SKIP = frozenset({
    "events", "log", "tricks", "tricks_won", "scores", "previous_hand", "_legal_now",
    "bidding", "ranking", "follow_plays", "hand_plays", "points_taken", "initial_deal",
    "options", "seed", "target", "hand_number", "winner", "maker", "dealer", "kitty",
    "exchanges", "known", "bids",
})


class NodeLimit(Exception):
    """The solve needed more positions than allowed."""


def _freeze(value: Any) -> Any:
    kind = type(value)
    if kind is list or kind is tuple:
        return tuple(_freeze(v) for v in value)
    if kind is dict:
        return tuple((k, _freeze(v)) for k, v in value.items())
    if kind is set or kind is frozenset:
        return frozenset(value)
    return value


_KEY_NAMES: dict[type, tuple[str, ...]] = {}


def _key_names(kind: Any) -> tuple[str, ...]:
    names = _KEY_NAMES.get(kind)
    if names is None:
        names = _KEY_NAMES[kind] = tuple(n for n in _state_names(kind) if n not in _SKIP)
    return names


def state_key(game: Game) -> tuple[Any, ...]:
    """What decides the rest of the hand's play (not the tricks already taken)."""
    return tuple(_freeze(getattr(game, n, None)) for n in _key_names(type(game)))


class Solver:
    """Alpha-beta search of one hand's remaining trick play for ``side``."""

    def __init__(self, side: int, node_limit: int | None = None) -> None:
        self.side = side
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.hand = 0

    def solve(self, game: Game) -> int:
        """Tricks the side takes from ``game`` to the end of the hand in progress."""
        root = clone(game)
        root.events, root.log = [], []
        self.hand = root.hand_number
        return self._value(root, -1, 10**6, True)

    def _value(self, game: Any, alpha: int, beta: int, boundary: bool) -> int:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise NodeLimit
        left = _tricks_left(game)
        if left is not None:
            if alpha >= left:
                return left
            if beta <= 0:
                return 0
        key = None
        if boundary:
            key = state_key(game)
            known, alpha, beta = probed(self.table.get(key, (0, 10**6)), alpha, beta)
            if known is not None:
                return known
        start_alpha, start_beta = alpha, beta
        maxing = game.side_of(game.current_player) == self.side
        best = -1 if maxing else 10**6
        for action in self._moves(game):
            child = clone(game)
            events = child.apply(action)
            gained = done_trick = 0
            for event in events:
                if event["type"] == "trick":
                    done_trick = 1
                    gained += game.side_of(event["winner"]) == self.side
            value = gained
            if not child.is_over and child.hand_number == self.hand:
                value += self._value(child, alpha - gained, beta - gained, bool(done_trick))
            if maxing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        if key is not None:
            self.table[key] = narrowed(self.table.get(key, (0, 10**6)), best, start_alpha,
                                       start_beta)
        return best

    def _moves(self, game: Any) -> list[str]:
        """Legal actions, strongest card first, equivalent cards once."""
        legal = game.legal_actions()
        if len(legal) < 2 or not legal[0].startswith("play:"):
            return list(legal)
        power = game.ranking.power
        ordered = sorted(legal, key=lambda a: -power.get(a[5:], 0))
        if game.info.key in STATIC_TRUMP:
            ordered = _distinct(game, ordered)
        if game.trick and game.phase == "play":
            return _follow_order(game, ordered)
        return ordered


def _tricks_left(game: Any) -> int | None:
    """Tricks still to be won this hand (the trick in progress included), if known."""
    active = getattr(game, "active", None)
    if active is None or game.phase != "play":
        return None
    return max(len(h) for s, h in enumerate(game.hands) if active[s])


def _follow_order(game: Any, ordered: list[str]) -> list[str]:
    """Following: the cheapest card that takes the lead first, then the lowest cards
    (only the low ones when the mover's side already wins the trick)."""
    rank = game.ranking
    led = rank.led_suit(game.trick)
    scores = [rank.score(c, led) for c in game.trick]
    top = max(scores)
    ours = game.side_of(game.trick_seats[scores.index(top)]) == game.side_of(game.current_player)
    low_first = ordered[::-1]
    if ours:
        return low_first
    winners = [a for a in low_first if rank.score(a[5:], led) > top]
    return winners[:1] + [a for a in low_first if a not in winners[:1]]


def _distinct(game: Any, actions: Sequence[str]) -> list[str]:
    """Drop cards equivalent to a kept one: same suit, no card held by another seat (or
    in the trick) ranked between them. ``actions`` come strongest first."""
    rank = game.ranking
    mine = game.hands[game.turn]
    others = [c for h in game.hands if h is not mine for c in h] + game.trick
    kept: list[str] = []
    last: dict[str, int] = {}  # suit -> power of the card before, in that suit
    for action in actions:
        card = action[5:]
        suit, power = rank.suit.get(card), rank.power[card]
        high = last.get(suit) if suit is not None else None
        if high is not None and not any(
            rank.suit.get(o) == suit and power < rank.power[o] < high for o in others
        ):
            last[suit] = power
            continue
        if suit is not None:
            last[suit] = power
        kept.append(action)
    return kept


def best_tricks(game: Game, side: int, node_limit: int | None = None) -> int | None:
    """Tricks ``side`` takes from ``game``'s position to the end of the hand with best play
    by everyone, all cards known; None if that needs more than ``node_limit`` positions."""
    try:
        return Solver(side, node_limit).solve(game)
    except NodeLimit:
        return None


def probed(bounds: tuple[int, int], alpha: int, beta: int) -> tuple[int | None, int, int]:
    """A position's stored (low, high) bounds read against the window (alpha, beta): its
    value when the bounds settle it, else None and the window narrowed to the bounds."""
    low, high = bounds
    if low >= beta or low == high:
        return low, alpha, beta
    if high <= alpha:
        return high, alpha, beta
    return None, max(alpha, low), min(beta, high)


def narrowed(bounds: tuple[int, int], best: int, alpha: int, beta: int) -> tuple[int, int]:
    """A position's (low, high) bounds once a search in the window (alpha, beta) found
    ``best``: an upper bound if it failed low, a lower bound if it failed high, else exact."""
    low, high = bounds
    if best <= alpha:
        return low, min(high, best)
    if best >= beta:
        return max(low, best), high
    return best, best
