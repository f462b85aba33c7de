"""The per-game knowledge every level draws on: a :class:`Heuristics` subclass per variant.

A subclass knows its game's deck and phases. ``easy`` and ``normal`` decide from a view;
``rollout`` is the fast policy the search player uses inside its playouts (it may read the
acting seat's cards in a sampled game, never the other hands); ``candidates`` prunes long
lists of actions (bids, discards) to those worth searching.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.engine.names import action_name

from ..cardplay import easy_play, fast_play, normal_play
from ..knowledge import Knowledge, View, play_cards, side_of

Decision = tuple[str, str]


def equivalent_free(k: Knowledge, cards: Sequence[str], points: Any) -> list[str]:
    """``cards`` without those equivalent to a lower one kept (same suit, same count,
    no unseen card ranked between them): playing either makes no difference."""
    rank = k.rank
    order = sorted(cards, key=lambda c: (str(rank.suit[c]), rank.power[c]))
    unseen = [c for c in k.unseen if k.unseen[c] > 0]
    kept: list[str] = []
    for card in order:
        if kept:
            prev = kept[-1]
            same = rank.suit[prev] == rank.suit[card] and rank.suit[card] is not None
            if (
                same
                and points(prev) == points(card)
                and not any(
                    rank.suit[u] == rank.suit[card]
                    and rank.power[prev] < rank.power[u] < rank.power[card]
                    for u in unseen
                )
            ):
                continue
        kept.append(card)
    return [c for c in cards if c in kept]


class Heuristics:
    """Default behaviour: card play by the shared rules, anything else at random."""

    variant = ""

    def deck(self, view: View) -> list[str]:
        """Every card of the pack in play this hand."""
        raise NotImplementedError

    def extra_seen(self, view: View) -> list[str]:
        """Cards the seat knows are not in an unseen hand besides its own and those played."""
        return []

    def points(self, card: str) -> int:
        """Count value of a card (games where tricks score by cards)."""
        return 0

    def knowledge(self, view: View) -> Knowledge:
        """Card knowledge for a view."""
        return Knowledge(view, self.deck(view), self.extra_seen(view))

    def maker_side(self, view: View) -> int | None:
        """The side that made trump (None: nobody did)."""
        maker = view.get("maker")
        return None if maker is None else side_of(view, maker)

    # ----- levels ------------------------------------------------------------------------
    def easy(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """A simple choice with some randomness."""
        cards = play_cards(legal)
        if cards and len(cards) == len(legal):
            return "play:" + easy_play(self.knowledge(view), cards, rng)
        return self.easy_other(view, legal, rng)

    def easy_other(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """Easy choice outside card play (bids, trump, exchanges)."""
        return rng.choice(list(legal))

    def normal(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """A careful choice and its reason."""
        cards = play_cards(legal)
        if cards and len(cards) == len(legal):
            k = self.knowledge(view)
            card, reason = normal_play(k, cards, self.maker_side(view), self.points)
            return "play:" + card, reason
        return self.normal_other(view, legal, rng)

    def normal_other(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """Careful choice outside card play."""
        action = legal[0]
        return action, f"{action_name(action, self.variant)}."

    def rollout(self, game: Any, legal: Sequence[str], rng: random.Random) -> str:
        """Fast playout policy on a sampled game (the acting seat's knowledge only)."""
        if legal[0].startswith("play:") and game.phase == "play":
            return fast_play(game, legal, self.points)
        return self.normal(game.view(game.turn), legal, rng)[0]

    def candidates(self, view: View, legal: Sequence[str], rng: random.Random) -> list[str]:
        """Actions worth searching: of cards equivalent to each other, only the lowest."""
        cards = play_cards(legal)
        if len(cards) < 2 or len(cards) != len(legal) or not self.dedupe_cards:
            return list(legal)
        k = self.knowledge(view)
        return ["play:" + c for c in equivalent_free(k, cards, self.points)]

    dedupe_cards = True

    def world_weight(self, view: View, world: Any) -> float:
        """How well a sampled deal explains the public bids (1: no preference)."""
        return 1.0

    def describe(self, action: str) -> str:
        """A player-facing name for an action."""
        return action_name(action, self.variant)
