"""Shared knowledge for the two-area games (Over the Rhine, Over the Top).

A trick there is leader area A, opponent area A, leader area B, opponent area B, and the
opponent's face-up table (or battery) cards are public. :class:`AreaKnowledge` knows who
plays next from which area, judges the opponent's table plays exactly from the cards in
view, and counts voids only from hand plays (a table's lack of a suit says nothing about
the hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.engine.ranking import ranking

from ..knowledge import Knowledge, View, rank_rules
from .base import Heuristics

HAND, TABLE = 0, 1


def table_cards(view: View, seat: int) -> list[str]:
    """The face-up, playable cards of ``seat``'s table or battery."""
    table = view["tables"][seat]
    if "up" in table:
        return list(table["up"])
    return [col["up"] for col in table["columns"] if col["up"] is not None]


def trick_plan(view: View) -> list[tuple[int, int]]:
    """(seat, area) of every play of the trick in progress, in order."""
    trick = view.get("trick", [])
    if not trick:
        return []
    names = view["areas"]
    leader, area = trick[0]["seat"], names.index(trick[0]["area"])
    other, opp = 1 - area, 1 - leader
    steps = [(leader, area), (opp, area), (leader, other), (opp, other)]
    return [(s, a) for s, a in steps if a == HAND or view["table_in_play"][s]]


class AreaKnowledge(Knowledge):
    """Knowledge for area games: plan-aware, table-exact, hand-only voids."""

    def __init__(self, view: View, deck: Sequence[str], extra_seen: Iterable[str] = ()) -> None:
        super().__init__(view, deck, extra_seen)
        self.plan = trick_plan(view)

    @property
    def voids(self) -> list[set[str | None]]:
        """Suits each seat's hand showed it lacks (table plays say nothing about the hand)."""
        cached = self.__dict__.get("_voids")
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        voids: list[set[str | None]] = [set(), set()]
        rules = rank_rules(self.view["variant"])
        records = [(t["cards"], t.get("trump")) for t in self.view.get("tricks", [])]
        records.append((self.view.get("trick", []), self.trump))
        hand_area = self.view["areas"][HAND]
        for cards, trump in records:
            rank = ranking(rules, trump)
            led = rank.led_suit([p["card"] for p in cards])
            if led is None:
                continue
            for p in cards:
                suit = rank.suit[p["card"]]
                if p.get("area") == hand_area and suit is not None and suit != led:
                    voids[p["seat"]].add(led)
        self.__dict__["_voids"] = voids
        return voids

    def where(self, card: str) -> str:
        """`` from your table`` (or battery) for a face-up card of the viewer's own area."""
        if card in self.view["hand"] or card not in table_cards(self.view, self.seat):
            return ""
        return f" from your {self.view['areas'][TABLE]}"

    def to_play_after(self) -> list[int]:
        """Seats still to play to this trick after the viewer's card (possibly the viewer)."""
        return [s for s, _ in self.plan[len(self.trick) + 1 :]]

    def _next_area(self, seat: int) -> int | None:
        for s, area in self.plan[len(self.trick) + 1 :]:
            if s == seat:
                return area
        return None

    def can_beat(self, seat: int, score: int, led: str | None) -> bool:
        """Exact for a coming table play; by unseen cards and voids for a hand play."""
        area = self._next_area(seat)
        if area == TABLE:
            cards = table_cards(self.view, seat)
            following = [c for c in cards if self.rank.suit[c] == led]
            options = following or cards
            return any(self.rank.score(c, led) > score for c in options)
        return super().can_beat(seat, score, led)


class AreaHeuristics(Heuristics):
    """Area-game knowledge: the public tables count as seen cards."""

    dedupe_cards = False  # a hand card and a table card differ by the area they lead to

    def knowledge(self, view: View) -> Knowledge:
        """Plan-aware knowledge; the viewer's own table cards count as held."""
        k = AreaKnowledge(view, self.deck(view), self.extra_seen(view))
        k.hand = list(view["hand"]) + table_cards(view, view["seat"])
        k.__dict__.pop("unseen", None)
        return k

    def public_cards(self, view: View) -> list[str]:
        """Both tables' face-up cards."""
        return table_cards(view, 0) + table_cards(view, 1)

    def rollout(self, game: Any, legal: Sequence[str], rng: Any) -> str:
        """Fast play in the play phase; the careful rules elsewhere."""
        return super().rollout(game, legal, rng)
