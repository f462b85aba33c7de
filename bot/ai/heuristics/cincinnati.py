"""Cincinnati Euchre: one round of bids (3, 4, 5, moons), then trump or no trump.

Bids follow the side's expected tricks under the seat's best call (its own estimate plus
what a partner usually brings). Bidding more than needed to win the auction only adds
risk, so the seat bids the lowest level that outbids the opponents and that it expects to
make. A moon needs a hand with no likely loser; as every moon level asks for the same six
tricks, the seat bids the highest moon unless a lower one already wins the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine.cards import french_deck, suit_name
from bot.engine.names import action_name

from ..knowledge import View, rank_rules
from ..strength import estimate_tricks, sweep_losers, trump_cards
from .base import Decision, Heuristics

CALLS = ("S", "H", "D", "C", "N")
LEVELS = ("3", "4", "5")
MOONS = {"moon": 12, "double_moon": 24, "triple_moon": 32, "quadruple_moon": 48}
PARTNER = 1.25
MARGIN = 0.3  # expected tricks above the bid needed to bid it


class CincinnatiHeuristics(Heuristics):
    """Cincinnati bidding and trump choice on top of the shared card play."""

    variant = "cincinnati"

    def deck(self, view: View) -> list[str]:
        """The 24-card pack, all dealt."""
        return french_deck("9TJQKA")

    def estimates(self, view: View, hand: Sequence[str]) -> dict[str, float]:
        """Tricks the hand should take by itself under each call."""
        rules, deck = rank_rules(self.variant), self.deck(view)
        return {c: estimate_tricks(hand, rules, None if c == "N" else c, deck) for c in CALLS}

    def losers(self, view: View, hand: Sequence[str]) -> dict[str, int]:
        """Likely losing cards under each call, playing alone for all six tricks."""
        rules, deck = rank_rules(self.variant), self.deck(view)
        return {c: sweep_losers(hand, rules, None if c == "N" else c, deck) for c in CALLS}

    def _partner_has_bid(self, view: View) -> bool:
        high = view.get("maker")
        return high is not None and high != view["seat"] and high in view["sides"][view["side"]]

    def normal_other(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """Bids and the trump call."""
        if view["phase"] == "bid":
            return self._bid(view, legal)
        if view["phase"] == "trump":
            return self._trump(view, legal)
        return super().normal_other(view, legal, rng)

    def _moon(self, view: View, legal: Sequence[str]) -> str | None:
        losers = self.losers(view, view["hand"])
        if min(losers.values()) > 0:
            return None
        hand = view["hand"]
        call = min(CALLS, key=lambda c: (losers[c], -self.estimates(view, hand)[c]))
        if call != "N" and len(trump_cards(hand, _rank(call))) < 3:
            return None
        mine = view["scores"][view["side"]]
        moons = [a for a in legal if a[4:] in MOONS]
        if not moons:
            return None
        enough = [a for a in moons if mine + MOONS[a[4:]] >= view["target"]]
        return min(enough, key=lambda a: MOONS[a[4:]]) if enough else moons[-1]

    def _bid(self, view: View, legal: Sequence[str]) -> Decision:
        moon = self._moon(view, legal)
        if moon is not None:
            return moon, f"{action_name(moon)}: your hand should take all six tricks alone."
        own = self.estimates(view, view["hand"])
        call = max(CALLS, key=lambda c: own[c])
        team = own[call] + PARTNER
        scores, target, side = view["scores"], view["target"], view["side"]
        margin = MARGIN - (
            0.25 if max(scores) >= target - 6 and scores[side] < max(scores) else 0.0
        )
        levels = [a for a in legal if a[4:] in LEVELS]
        name = "no trump" if call == "N" else suit_name(call)
        if "pass" not in legal:
            low = levels[0] if levels else legal[0]
            return low, f"{action_name(low)}: everyone passed, and {name} is your best call."
        if self._partner_has_bid(view):
            return "pass", "Pass: your partner holds the bid, so support them."
        for action in levels:
            if team >= int(action[4:]) + margin:
                return action, (
                    f"Bid {action[4:]}: with {name} your side should take about {team:.1f} tricks."
                )
            break
        return "pass", f"Pass: your side's best call, {name}, makes only about {team:.1f} tricks."

    def _trump(self, view: View, legal: Sequence[str]) -> Decision:
        hand = view["hand"]
        own = self.estimates(view, hand)
        if view.get("high_bid") in MOONS:
            losers = self.losers(view, hand)
            call = min(CALLS, key=lambda c: (losers[c], -own[c]))
        else:
            call = max(CALLS, key=lambda c: own[c])
        name = "no trump" if call == "N" else suit_name(call)
        return "trump:" + call, f"Name {name}: your hand takes the most tricks with it."

    def candidates(self, view: View, legal: Sequence[str], rng: random.Random) -> list[str]:
        """Bids: pass, the lowest level and the highest moon (other moons only risk less)."""
        if view["phase"] == "bid":
            levels = [a for a in legal if a[4:] in LEVELS][:2]
            moons = [a for a in legal if a[4:] in MOONS]
            return [a for a in legal if a == "pass"] + levels + moons[-1:]
        return super().candidates(view, legal, rng)

    def easy_other(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """Count trumps: bid 3 with four of a suit, name the longest suit."""
        hand = view["hand"]
        counts = {c: len(trump_cards(hand, _rank(c))) for c in "SHDC"}
        best = max("SHDC", key=lambda c: counts[c])
        if view["phase"] == "bid":
            bids = [a for a in legal if a != "pass"]
            if "pass" not in legal:
                return bids[0]
            if counts[best] + (rng.random() < 0.25) >= 4 and bids and bids[0][4:] in LEVELS:
                return bids[0]
            return "pass"
        if view["phase"] == "trump":
            return "trump:" + best
        return super().easy_other(view, legal, rng)


def _rank(call: str) -> object:
    from bot.engine.ranking import ranking

    return ranking(rank_rules("cincinnati"), None if call == "N" else call)


HEURISTICS = CincinnatiHeuristics()
