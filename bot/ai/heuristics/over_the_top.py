"""Over the Top: bidding for count, taking the nest, discarding, naming trump; count play.

The seat estimates the share of the ten tricks it should take with its best colour (its
hand and face-up battery against the opponent's face-up battery, unseen cards at their
average worth, the nest as a bonus) and turns that share into count points; it bids up to
that, less a margin. Discards keep the strongest hand for the colour it plans to name.
In play, count cards go onto tricks the seat wins and stay away from tricks it loses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine.cards import ROOK_COLOURS, rank, rook_deck, suit_name
from bot.engine.names import display_card

from ..knowledge import View, rank_rules
from ..strength import average_estimate, estimate_tricks
from .areas import AreaHeuristics, table_cards
from .base import Decision

COUNT = {c: 10 if rank(c) in ("14", "10") else 5 if rank(c) == "5" else 0 for c in rook_deck()}
MARGIN = 5  # count points kept in hand when bidding
NEST_BONUS = 0.5  # tricks the nest's four cards add to the bid winner


class OverTheTopHeuristics(AreaHeuristics):
    """Bidding, discards and trump for Over the Top; count-aware play."""

    variant = "over_the_top"

    def deck(self, view: View) -> list[str]:
        """44 Rook cards, 4 to 14 in four colours."""
        return rook_deck()

    def points(self, card: str) -> int:
        """14s and 10s count 10, 5s count 5."""
        return COUNT.get(card, 0)

    def extra_seen(self, view: View) -> list[str]:
        """The opponent's face-up battery and the seat's own discards."""
        return table_cards(view, 1 - view["seat"]) + list(view.get("discards", []))

    def colour_values(self, view: View, cards: Sequence[str]) -> dict[str, float]:
        """Expected tricks (of ten) for each trump colour, holding ``cards`` (+ battery)."""
        rules, deck = rank_rules(self.variant), self.deck(view)
        seat = view["seat"]
        mine = list(cards) + table_cards(view, seat)
        theirs = table_cards(view, 1 - seat)
        out = list(view.get("discards", []))
        down = [sum(col["down"] for col in view["tables"][s]["columns"]) for s in (0, 1)]
        values: dict[str, float] = {}
        for colour in ROOK_COLOURS:
            per_card = average_estimate(rules, colour, deck, 15, 1) / 15
            my = estimate_tricks(mine, rules, colour, deck, 1, out) + per_card * down[seat]
            their = estimate_tricks(theirs, rules, colour, deck, 1, out)
            their += per_card * (view["hand_sizes"][1 - seat] + down[1 - seat])
            values[colour] = 10 * my / max(0.1, my + their)
        return values

    def expected_count(self, view: View) -> int:
        """Count points the seat should capture as bid winner, in steps of 5."""
        values = self.colour_values(view, view["hand"])
        tricks = min(10.0, max(values.values()) + NEST_BONUS)
        count = 100 * tricks / 10
        return int(count // 5 * 5)

    def normal_other(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """Bid, discard and name trump."""
        phase = view["phase"]
        if phase == "bid":
            return self._bid(view, legal)
        if phase == "discard":
            return self._discard(view, legal)
        if phase == "trump":
            values = self.colour_values(view, view["hand"])
            colour = max(ROOK_COLOURS, key=lambda c: values[c])
            return "trump:" + colour, (
                f"Name {suit_name(colour)}: your cards should take about "
                f"{values[colour]:.1f} of 10 tricks with it."
            )
        return super().normal_other(view, legal, rng)

    def _bid(self, view: View, legal: Sequence[str]) -> Decision:
        expect = self.expected_count(view)
        limit = expect - MARGIN
        bids = [a for a in legal if a.startswith("bid:")]
        if "pass" not in legal:
            return bids[0], (
                f"Bid {bids[0][4:]}: the dealer must open, and you expect about {expect} count."
            )
        if bids and int(bids[0][4:]) <= limit:
            return bids[0], f"Raise to {bids[0][4:]}: you expect to capture about {expect} count."
        return "pass", f"Pass: you expect only about {expect} count as bid winner."

    def _discard(self, view: View, legal: Sequence[str]) -> Decision:
        hand = list(view["hand"])
        values = self.colour_values(view, hand)
        colour = max(ROOK_COLOURS, key=lambda c: values[c])
        rules, deck = rank_rules(self.variant), self.deck(view)
        out = list(view.get("discards", []))
        options = [a[8:] for a in legal]

        def worth(card: str) -> tuple[float, int, int]:
            rest = list(hand)
            rest.remove(card)
            value = estimate_tricks(rest, rules, colour, deck, 1, out + [card])
            return (value, -COUNT[card], -rules.plain_order.index(card[1:]))

        card = max(options, key=worth)
        return "discard:" + card, (
            f"Discard the {display_card(card, self.variant)}: it adds "
            f"least to a {suit_name(colour)} hand."
        )

    def candidates(self, view: View, legal: Sequence[str], rng: random.Random) -> list[str]:
        """Bids: pass and the three lowest raises; discards: the five the rules like best."""
        phase = view["phase"]
        if phase == "bid":
            bids = [a for a in legal if a.startswith("bid:")][:3]
            return bids + [a for a in legal if a == "pass"]
        if phase == "discard":
            hand = list(view["hand"])
            values = self.colour_values(view, hand)
            colour = max(ROOK_COLOURS, key=lambda c: values[c])
            rules, deck = rank_rules(self.variant), self.deck(view)

            def worth(action: str) -> float:
                rest = list(hand)
                rest.remove(action[8:])
                return estimate_tricks(rest, rules, colour, deck, 1, [action[8:]])

            return sorted(legal, key=worth, reverse=True)[:5]
        return super().candidates(view, legal, rng)

    def easy_other(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """Bid by count in sight, discard low cards, name the longest colour."""
        phase = view["phase"]
        hand = view["hand"]
        if phase == "bid":
            bids = [a for a in legal if a.startswith("bid:")]
            strong = sum(1 for c in hand + table_cards(view, view["seat"]) if int(c[1:]) >= 12)
            limit = 50 + 5 * strong + (5 if rng.random() < 0.3 else 0)
            if "pass" not in legal or (bids and int(bids[0][4:]) <= limit):
                return bids[0]
            return "pass"
        if phase == "discard":
            return min(legal, key=lambda a: int(a[9:]))
        if phase == "trump":
            return "trump:" + max(ROOK_COLOURS, key=lambda c: sum(1 for x in hand if x[0] == c))
        return super().easy_other(view, legal, rng)


HEURISTICS = OverTheTopHeuristics()
