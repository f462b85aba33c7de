"""Railroad Euchre (4 or 6 players): Euchre's bidding with 7s, 8s, a Joker and bigger hands,
plus loners with an exchange, lone defenders, the Jambone and its chooser.

Calling follows Euchre's estimate with Railroad's sizes (makers need 4 of 7 tricks, or 3
of 5 with six players). A seat goes alone when its hand, helped by the partner's best
card, should make the contract by itself; it declares a Jambone only with a hand that
takes every trick in any order. A Jambone chooser makes the maker play the card least
likely to take the trick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.engine.cards import SUITS, french_deck
from bot.engine.display import card_named
from bot.engine.ranking import TRUMP, ranking

from ..knowledge import View, play_cards, rank_rules
from ..strength import best_discards, estimate_tricks, sweep_losers, trump_cards
from .base import Decision
from .euchre import EuchreHeuristics

JOKER = "BJ"
CALL4 = {"opponent": 4.35, "partner": 2.95, "dealer": 2.6, "round2": 2.65}
CALL6 = {"opponent": 4.0, "partner": 2.8, "dealer": 2.45, "round2": 2.5}
GIFT = 0.6  # tricks the partner's best card adds to a loner


class RailroadHeuristics(EuchreHeuristics):
    """Railroad's calls, declarations and exchanges."""

    variant = "railroad"
    ranks = "789TJQKA"

    def deck(self, view: View) -> list[str]:
        """33 cards: 7 to A and the Joker."""
        return french_deck(self.ranks, (JOKER,))

    def extra_seen(self, view: View) -> list[str]:
        """A turned-down card and the dealer's own discard are out of play."""
        seen = super().extra_seen(view)
        if view.get("discarded"):
            seen.append(view["discarded"])
        return seen

    def hand_size(self, view: View) -> int:
        """7 cards with four players, 5 with six."""
        return 7 if view["players"] == 4 else 5

    def contract(self, view: View) -> int:
        """Tricks the makers need."""
        return 4 if view["players"] == 4 else 3

    def partner_value(self, view: View, round_two: bool) -> float:
        """A partner's usual tricks (fewer with six players: two sides oppose)."""
        return (1.25 if view["players"] == 4 else 0.75) - (0.1 if round_two else 0.0)

    def call_base(self, view: View, seat: int, round_two: bool) -> float:
        """Side tricks ``seat`` needs to call (measured as for Euchre, per table size)."""
        table = CALL4 if view["players"] == 4 else CALL6
        return table[self.position(view, seat, round_two)]

    def turn_up_trump(self, view: View) -> str | None:
        """A turned Joker ordered up makes no trump."""
        up = view["turn_up"]
        return None if up == JOKER else str(up[1])

    def round2_suits(self, view: View) -> list[str]:
        """Any suit but the turned-down one (any at all under a turned Joker)."""
        up = view["turn_up"]
        return list(SUITS) if up == JOKER else [s for s in SUITS if s != up[1]]

    def stuck(self, view: View) -> bool:
        """Nobody is stuck: all passing is a misdeal."""
        return False

    def estimate(self, view: View, hand: Sequence[str]) -> float:
        """The hand's tricks under the trump in force."""
        opponents = 2 if view["players"] == 4 else 4
        return estimate_tricks(
            hand,
            rank_rules(self.variant),
            view["trump"],
            self.deck(view),
            opponents,
            self.extra_seen(view),
        )

    # ----- normal ------------------------------------------------------------------------
    def normal(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """The Jambone chooser picks the maker's weakest card; the rest as in Euchre."""
        cards = play_cards(legal)
        exposed = view.get("exposed_hand") or []
        if cards and view.get("chooser") == view["seat"] and cards[0] in exposed:
            k = self.knowledge(view)
            card = min(cards, key=lambda c: (k.score(c, k.led_for(c)), k.rank.power[c]))
            return "play:" + card, (
                f"Make the Jambone maker play the "
                f"{card_named(card, self.variant, view.get('trump'))}: their card least "
                f"likely to take the trick."
            )
        return super().normal(view, legal, rng)

    def normal_other(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """Declarations, exchanges and defending alone; Euchre's rules for the rest."""
        phase = view["phase"]
        if phase == "declare":
            return self._declare(view, legal)
        if phase == "give":
            return self._give(view, legal)
        if phase == "defend":
            return self._defend(view, legal)
        return super().normal_other(view, legal, rng)

    def _declare(self, view: View, legal: Sequence[str]) -> Decision:
        hand = list(view["hand"])
        rules, deck = rank_rules(self.variant), self.deck(view)
        trump, need = view["trump"], self.contract(view)
        out = self.extra_seen(view)
        losers = sweep_losers(hand, rules, trump, deck, out, opponents=2)
        rank = ranking(rules, trump)
        all_trump = all(rank.power[c] >= TRUMP for c in hand)
        if losers == 0 and all_trump and "jambone" in legal:
            return "jambone", "Jambone: every card you hold wins, whatever order it is played in."
        own = self.estimate(view, hand) + GIFT
        _, alone_ok = self.thresholds(view)
        if own >= need + 1.0 and alone_ok and "alone" in legal:
            return "alone", (
                f"Go alone: with your partner's best card your hand should take "
                f"about {own:.1f} tricks."
            )
        return "partner", f"Play with your partner: alone you would take about {own:.1f} tricks."

    def _give(self, view: View, legal: Sequence[str]) -> Decision:
        hand = list(view["hand"])
        giving_back = len(view.get("exchanges", [])) % 2 == 1
        rank = ranking(rank_rules(self.variant), view["trump"])
        if giving_back:
            card = max(hand, key=lambda c: rank.power[c])
            return "give:" + card, (
                "Give your partner your best card, the "
                f"{card_named(card, self.variant, view['trump'])}."
            )
        card = best_discards(hand, 1, rank_rules(self.variant), view["trump"], self.deck(view))[0]
        return "give:" + card, (
            f"Pass the {card_named(card, self.variant, view['trump'])} to your partner: "
            f"it is the card you need least."
        )

    def _defend(self, view: View, legal: Sequence[str]) -> Decision:
        own = self.estimate(view, view["hand"]) + GIFT
        if own >= self.contract(view):
            return "defend_alone", f"Defend alone: your hand should take about {own:.1f} tricks."
        return "pass", f"Let your partner help: alone you would take about {own:.1f} tricks."

    def _alone(self, view: View, legal: Sequence[str]) -> Decision:
        return self._declare(view, legal)

    # ----- easy --------------------------------------------------------------------------
    def easy_other(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """Simple calls; always play with the partner; give the lowest, return the highest."""
        phase = view["phase"]
        rank = ranking(rank_rules(self.variant), view.get("trump"))
        hand = list(view["hand"])
        if phase == "round1":
            if view["turn_up"] == JOKER:
                return "order" if rng.random() < 0.5 else "pass"
            return "order" if self._easy_count(view, hand) >= 4 else "pass"
        if phase == "declare":
            return "partner"
        if phase == "give":
            pick = max if len(view.get("exchanges", [])) % 2 == 1 else min
            card: str = pick(hand, key=lambda c: rank.power[c])
            return "give:" + card
        if phase == "defend":
            return "pass"
        return super().easy_other(view, legal, rng)

    def _easy_count(self, view: View, hand: list[str]) -> int:
        up = view["turn_up"]
        if view["seat"] == view["dealer"]:
            hand = hand + [up]
        rank = ranking(rank_rules(self.variant), up[1])
        return len(trump_cards(hand, rank))

    def easy(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """As the Jambone chooser, the maker's lowest card."""
        cards = play_cards(legal)
        exposed = view.get("exposed_hand") or []
        if cards and view.get("chooser") == view["seat"] and cards[0] in exposed:
            rank = ranking(rank_rules(self.variant), view["trump"])
            return "play:" + min(cards, key=lambda c: rank.power[c])
        return super().easy(view, legal, rng)

    # ----- playouts ----------------------------------------------------------------------
    def rollout(self, game: Any, legal: Sequence[str], rng: random.Random) -> str:
        """The chooser plays the maker's lowest card; otherwise as usual."""
        if game.phase == "play" and game.chooser is not None and game.turn == game.maker:
            power = game.ranking.power
            return min(legal, key=lambda a: power[a[5:]])
        return super().rollout(game, legal, rng)


HEURISTICS = RailroadHeuristics()
