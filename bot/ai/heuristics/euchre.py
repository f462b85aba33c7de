"""Classic Euchre: ordering up, naming trump, going alone, the dealer's discard.

Bidding estimates the tricks the seat's hand takes (``strength.estimate_tricks``), adds
what partner usually brings and what the turned card gives whoever picks it up, and calls
when the side should take three tricks. The score shifts the thresholds: bolder when the
opponents are one call from winning, more careful when a euchre would end the game, never
alone when two points already win.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from bot.engine.cards import SUITS, french_deck, suit_name
from bot.engine.display import card_named
from bot.engine.names import display_card
from bot.engine.ranking import ranking

from ..knowledge import View, rank_rules
from ..strength import best_discards, estimate_tricks, trump_cards
from .base import Decision, Heuristics

PARTNER_ROUND1 = 0.9
PARTNER_ROUND2 = 0.8
# Side tricks needed to call, by seat relative to the dealer (measured: where ordering
# starts to beat passing among normal players).
CALL = {"opponent": 3.85, "partner": 3.1, "dealer": 2.45, "round2": 2.6}
ALONE = 4.15
TEMPERATURE = 0.35  # softness of the bidding model used to weigh sampled deals


class EuchreHeuristics(Heuristics):
    """Euchre's bidding rules on top of the shared card play."""

    variant = "euchre"
    ranks = "9TJQKA"
    tricks = 5

    def deck(self, view: View) -> list[str]:
        """The 24-card pack."""
        return french_deck(self.ranks)

    # ----- hooks a related game (Railroad) overrides ------------------------------------
    def hand_size(self, view: View) -> int:
        """Cards per hand (and tricks per hand)."""
        return self.tricks

    def partner_value(self, view: View, round_two: bool) -> float:
        """Tricks a partner usually adds to the caller's."""
        return PARTNER_ROUND2 if round_two else PARTNER_ROUND1

    def call_base(self, view: View, seat: int, round_two: bool) -> float:
        """Side tricks ``seat`` needs to call, before the score adjusts it."""
        return CALL[self.position(view, seat, round_two)]

    def position(self, view: View, seat: int, round_two: bool) -> str:
        """``dealer``, ``partner`` (of the dealer), ``opponent`` or ``round2``."""
        if round_two:
            return "round2"
        if seat == view["dealer"]:
            return "dealer"
        return "partner" if self.partner_is(view, view["dealer"], seat) else "opponent"

    def turn_up_trump(self, view: View) -> str | None:
        """The trump an order-up makes."""
        return str(view["turn_up"][1])

    def stuck(self, view: View) -> bool:
        """True if the dealer must name a suit when all others pass."""
        return bool(view["options"].get("stick_dealer", False))

    def round2_suits(self, view: View) -> list[str]:
        """Suits that may be named once the turned card is down."""
        return [s for s in SUITS if s != view["turn_up"][1]]

    def extra_seen(self, view: View) -> list[str]:
        """A turned-down card is out of play."""
        if view.get("turn_up_state") == "down":
            return [view["turn_up"]]
        return []

    # ----- shared estimates --------------------------------------------------------------
    def hand_estimate(
        self,
        view: View,
        hand: Sequence[str],
        trump: str | None,
        pick_up: str | None = None,
        quick: bool = False,
    ) -> float:
        """Tricks ``hand`` should take with ``trump``, after picking ``pick_up`` (dealer).

        ``quick`` discards the lowest card instead of searching for the best discard.
        """
        rules = rank_rules(self.variant)
        deck = self.deck(view)
        cards = list(hand)
        out = self.extra_seen(view)
        if pick_up is not None:
            cards.append(pick_up)
            if quick:
                rank = ranking(rules, trump)
                extra = len(cards) - self.hand_size(view)
                discards = sorted(cards, key=lambda c: rank.power[c])[:extra]
            else:
                extra = len(cards) - self.hand_size(view)
                discards = best_discards(cards, extra, rules, trump, deck)
            for card in discards:
                cards.remove(card)
            out = out + discards
        return estimate_tricks(cards, rules, trump, deck, known_out=out)

    def own_estimate(self, view: View, trump: str | None, pick_up: str | None = None) -> float:
        """Tricks the seat's own hand should take with ``trump``."""
        return self.hand_estimate(view, view["hand"], trump, pick_up)

    def thresholds(
        self, view: View, seat: int | None = None, round_two: bool = False
    ) -> tuple[float, bool]:
        """(call threshold, alone allowed) for ``side`` (default the viewer's) given the score."""
        seat = view["seat"] if seat is None else seat
        side = next(i for i, seats in enumerate(view["sides"]) if seat in seats)
        scores, target = view["scores"], view["target"]
        mine = scores[side]
        theirs = max(s for i, s in enumerate(scores) if i != side)
        call = self.call_base(view, seat, round_two)
        if theirs >= target - 1:
            call -= 0.35
        elif theirs >= target - 2:
            call += 0.15
        if mine >= target - 1:
            call -= 0.2
        return call, mine < target - 2

    def card_bonus(self, card: str, trump: str | None) -> float:
        """What the turned card adds to the hand of the dealer who picks it up."""
        power = ranking(rank_rules(self.variant), trump).power[card]
        if power >= 3000:
            return 0.95
        power %= 1000
        return 0.8 if power >= 50 else 0.55 if power == len(self.ranks) - 1 else 0.35

    def partner_is(self, view: View, seat: int, of: int | None = None) -> bool:
        """True if ``seat`` is the partner of ``of`` (default: the viewer)."""
        of = view["seat"] if of is None else of
        return seat != of and any(seat in side and of in side for side in view["sides"])

    def round1_team(self, view: View, hand: Sequence[str], seat: int, quick: bool = False) -> float:
        """Tricks ``seat``'s side should take if the turned card's suit becomes trump."""
        dealer, up = view["dealer"], view["turn_up"]
        trump = self.turn_up_trump(view)
        team = self.hand_estimate(view, hand, trump, up if seat == dealer else None, quick)
        team += self.partner_value(view, False)
        if self.partner_is(view, dealer, seat):
            team += self.card_bonus(up, trump)
        elif seat != dealer:
            team -= 0.15
        return team

    def round2_values(
        self, view: View, hand: Sequence[str], suits: Sequence[str]
    ) -> dict[str, float]:
        """Tricks the side should take naming each of ``suits``."""
        bonus = self.partner_value(view, True)
        return {s: self.hand_estimate(view, hand, s) + bonus for s in suits}

    # ----- normal ------------------------------------------------------------------------
    def normal_other(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """Order, name, alone and discard by hand strength and the score."""
        phase = view["phase"]
        if phase == "round1":
            return self._round1(view)
        if phase == "round2":
            return self._round2(view, legal)
        if phase == "alone":
            return self._alone(view, legal)
        if phase == "discard":
            return self._discard(view, legal)
        return super().normal_other(view, legal, rng)

    def _round1(self, view: View) -> Decision:
        up = view["turn_up"]
        trump = self.turn_up_trump(view)
        team = self.round1_team(view, view["hand"], view["seat"])
        call, _ = self.thresholds(view)
        name = display_card(up, self.variant)
        if team >= call:
            return "order", (
                f"Order up {suit_name(trump)}: your side should take about "
                f"{team:.1f} tricks with the {name} turned."
            )
        return (
            "pass",
            f"Pass: {suit_name(trump)} would give your side only about {team:.1f} tricks.",
        )

    def _round2(self, view: View, legal: Sequence[str]) -> Decision:
        options = [a for a in legal if a.startswith("trump:")]
        values = self.round2_values(view, view["hand"], [a[6:] for a in options])
        best = max(options, key=lambda a: (values[a[6:]], -options.index(a)))
        value = values[best[6:]]
        call, _ = self.thresholds(view, round_two=True)
        suit = suit_name(best[6:])
        if value >= call or "pass" not in legal:
            why = "you must name a suit" if "pass" not in legal else "it is your strongest suit"
            return best, f"Name {suit}: {why}, worth about {value:.1f} tricks with partner."
        return "pass", f"Pass: your best suit, {suit}, makes only about {value:.1f} tricks."

    # ----- inference for the search player ------------------------------------------------
    def world_weight(self, view: View, world: Any) -> float:
        """Likelihood of the bids seen given the hands a sampled deal gives each seat."""
        bids = view.get("bidding", [])
        if not bids:
            return 1.0
        played: dict[int, list[str]] = {}
        for record in view.get("tricks", []) + [{"cards": view.get("trick", [])}]:
            for p in record["cards"]:
                played.setdefault(p["seat"], []).append(p["card"])
        up, dealer = view["turn_up"], view["dealer"]
        weight = 1.0
        passes = 0
        players = view["players"]
        for bid in bids:
            seat, action = bid["seat"], bid["action"]
            if seat == view["seat"]:
                if action == "pass":
                    passes += 1
                continue
            hand = list(world.hands[seat]) + played.get(seat, [])
            if seat == dealer and up in hand and view.get("turn_up_state") == "taken":
                hand.remove(up)
            round1 = action == "order" or (action == "pass" and passes < players)
            call, _ = self.thresholds(view, seat, not round1)
            if not round1 and seat == dealer and passes >= 2 * players - 1 and self.stuck(view):
                continue  # a stuck dealer had to name a suit
            if round1:
                value = self.round1_team(view, hand, seat, quick=True)
            else:
                suits = self.round2_suits(view)
                values = self.round2_values(view, hand, suits)
                value = values[action[6:]] if action.startswith("trump:") else max(values.values())
            likely = 1.0 / (1.0 + math.exp(-(value - call) / TEMPERATURE))
            weight *= likely if action != "pass" else 1.0 - likely
            if action == "pass":
                passes += 1
        return weight

    def _alone(self, view: View, legal: Sequence[str]) -> Decision:
        trump = view["trump"]
        pick = (
            view["turn_up"]
            if (
                view["seat"] == view["dealer"]
                and view.get("turn_up_state") == "up"
                and view["turn_up"][1] == trump
                and self._ordered(view)
            )
            else None
        )
        own = self.own_estimate(view, trump, pick)
        _, alone_ok = self.thresholds(view)
        rank = ranking(rank_rules(self.variant), trump)
        hand = list(view["hand"]) + ([pick] if pick else [])
        top = trump_cards(hand, rank)
        has_boss = bool(top) and self._is_top_trump(top[0], trump, view)
        if alone_ok and own >= ALONE and has_boss and "alone" in legal:
            return (
                "alone",
                f"Go alone: your hand should take about {own:.1f} of {self.tricks} tricks.",
            )
        if not alone_ok:
            return "partner", "Play with your partner: two points already win the game."
        return "partner", f"Play with your partner: alone you would take about {own:.1f} tricks."

    def _ordered(self, view: View) -> bool:
        return any(b["action"] == "order" for b in view.get("bidding", []))

    def _is_top_trump(self, card: str, trump: str, view: View) -> bool:
        rank = ranking(rank_rules(self.variant), trump)
        return all(
            rank.power[c] <= rank.power[card]
            for c in self.deck(view)
            if c not in view["hand"] or c == card
        )

    def _discard(self, view: View, legal: Sequence[str]) -> Decision:
        trump = view["trump"]
        hand = list(view["hand"])
        card = best_discards(hand, 1, rank_rules(self.variant), trump, self.deck(view))[0]
        return "discard:" + card, (
            f"Discard the {card_named(card, self.variant, trump)}: it is the "
            f"card your hand misses least."
        )

    # ----- easy --------------------------------------------------------------------------
    def easy_other(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """Count trumps: three makes a call; small random slips."""
        phase = view["phase"]
        hand = list(view["hand"])
        rules = rank_rules(self.variant)
        if phase == "round1":
            up = view["turn_up"]
            if view["seat"] == view["dealer"]:
                hand.append(up)
            count = len(trump_cards(hand, ranking(rules, up[1])))
            return "order" if count + (rng.random() < 0.2) >= 3 else "pass"
        if phase == "round2":
            options = [a for a in legal if a.startswith("trump:")]
            counts = {a: len(trump_cards(hand, ranking(rules, a[6:]))) for a in options}
            best = max(options, key=lambda a: counts[a])
            if counts[best] >= 3 or "pass" not in legal:
                return best
            return "pass"
        if phase == "alone":
            count = len(trump_cards(hand, ranking(rules, view["trump"])))
            return "alone" if count >= 5 and "alone" in legal else "partner"
        if phase == "discard":
            rank = ranking(rules, view["trump"])
            card: str = min(hand, key=lambda c: (rank.power[c] >= 2000, rank.power[c]))
            return "discard:" + card
        return super().easy_other(view, legal, rng)


HEURISTICS = EuchreHeuristics()
