"""Over the Rhine: "play it" or pass, shooting the moon, and play from hand and table.

The seat weighs what it can see (its hand and face-up table cards against the opponent's
face-up table) plus the average worth of the cards nobody has seen, and orders when it
should take three of the five tricks. It shoots the moon only when its hand alone should
take every trick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine.cards import JOKERS, french_deck, suit_name
from bot.engine.display import card_named
from bot.engine.ranking import ranking

from ..knowledge import View, rank_rules
from ..strength import average_estimate, estimate_tricks, sweep_losers
from .areas import AreaHeuristics, table_cards
from .base import Decision

# Expected tricks (of 5) needed to order: where ordering starts to beat passing among
# normal players (measured); the dealer's pass leads to a free-for-all, not to the
# opponent's call, so the dealer orders a little more lightly.
ORDER = 3.25
ORDER_DEALER = 3.05
SHOOT = 3.6  # tricks the hand alone should take to shoot
HIDDEN_HAND = 5
HIDDEN_DOWN = 3


class OverTheRhineHeuristics(AreaHeuristics):
    """Ordering and shooting for Over the Rhine."""

    variant = "over_the_rhine"

    def deck(self, view: View) -> list[str]:
        """34 cards: 7 to A and two jokers."""
        return french_deck("789TJQKA", JOKERS)

    def extra_seen(self, view: View) -> list[str]:
        """The chaff cards turned and the opponent's face-up table."""
        return list(view.get("chaff", [])) + table_cards(view, 1 - view["seat"])

    def expected_tricks(self, view: View, trump: str) -> float:
        """Tricks of five the seat should take with ``trump``, by visible strength."""
        rules, deck = rank_rules(self.variant), self.deck(view)
        seat = view["seat"]
        mine_cards = list(view["hand"]) + table_cards(view, seat)
        theirs_cards = table_cards(view, 1 - seat)
        out = list(view.get("chaff", []))
        per_card = average_estimate(rules, trump, deck, 10, 1) / 10
        mine = estimate_tricks(mine_cards, rules, trump, deck, 1, out)
        mine += per_card * view["tables"][seat]["down"]
        theirs = estimate_tricks(theirs_cards, rules, trump, deck, 1, out)
        theirs += per_card * (view["hand_sizes"][1 - seat] + view["tables"][1 - seat]["down"])
        return float(5 * mine / max(0.1, mine + theirs))

    lead_high = True  # with no partner to finesse for, lead the high card of a plain suit

    def normal(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """As the shared play, but a plain lead is the hand's high card, not a low one."""
        action, reason = super().normal(view, legal, rng)
        if (
            self.lead_high
            and view["phase"] == "play"
            and not view["trick"]
            and reason.startswith("Lead the low")
        ):
            k = self.knowledge(view)
            hand = [a[5:] for a in legal if a[5:] in view["hand"] and not k.is_trump(a[5:])]
            if hand:
                card = max(hand, key=lambda c: k.rank.power[c])
                name = card_named(card, self.variant, view.get("trump"))
                return "play:" + card, f"Lead the {name} from hand to draw out the high cards."
        return action, reason

    def normal_other(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """Order or pass; shoot or not."""
        phase = view["phase"]
        if phase == "order":
            trump = view["chaff"][0][1]
            tricks = self.expected_tricks(view, trump)
            threshold = ORDER_DEALER if view["seat"] == view["dealer"] else ORDER
            threshold -= 0.3 if max(view["scores"]) >= view["target"] - 2 else 0.0
            rank = ranking(rank_rules(self.variant), trump)
            seen = list(view["hand"]) + table_cards(view, view["seat"])
            long_trump = sum(1 for c in seen if rank.suit[c] == trump) >= 4 and tricks >= 2.5
            if tricks >= threshold or long_trump:
                return "order", (
                    f"Play it: with {suit_name(trump)} as trump you should take "
                    f"about {tricks:.1f} of 5 tricks."
                )
            return "pass", (
                f"Pass: {suit_name(trump)} gives you only about {tricks:.1f} of 5 tricks."
            )
        if phase == "shoot":
            losers = sweep_losers(
                view["hand"],
                rank_rules(self.variant),
                view["trump"],
                self.deck(view),
                view.get("chaff", []),
                opponents=1,
            )
            need = view["target"] - view["scores"][view["side"]]
            rules, deck = rank_rules(self.variant), self.deck(view)
            chaff = view.get("chaff", [])
            own = estimate_tricks(view["hand"], rules, view["trump"], deck, 1, chaff)
            if (losers == 0 or own >= SHOOT) and need > 2:
                return "shoot", "Shoot the moon: your hand alone should take every trick."
            return "no_shoot", "Keep your table: your hand alone could lose a trick."
        return super().normal_other(view, legal, rng)

    def easy_other(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """Order with three trumps in sight; never shoot."""
        if view["phase"] == "order":
            trump = view["chaff"][0][1]
            rank = ranking(rank_rules(self.variant), trump)
            cards = list(view["hand"]) + table_cards(view, view["seat"])
            count = sum(1 for c in cards if rank.suit[c] == trump)
            return "order" if count + (rng.random() < 0.25) >= 3 else "pass"
        if view["phase"] == "shoot":
            return "no_shoot"
        return super().easy_other(view, legal, rng)


HEURISTICS = OverTheRhineHeuristics()
