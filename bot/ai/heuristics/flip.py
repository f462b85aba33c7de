"""Flip Euchre: bid your tricks exactly, then take or dodge tricks to hit the bid.

The bid maximises the expected score over a spread of trick counts around the hand's
estimate (being short costs the 30 points of a made bid, being over only 5 a trick, so
the bid leans low). In play the seat tries to win while it is short of its bid and to
lose once it has made it (always in Zilch), throwing its highest cards that still lose.
A switch (after a match card or a Benny) is taken when it makes the hand clearly better
for what the seat still needs.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from bot.engine.cards import french_deck, natural_suit, suit_name
from bot.engine.display import card_named
from bot.engine.names import display_card
from bot.engine.ranking import ranking

from ..cardplay import normal_play
from ..knowledge import Knowledge, View, highest, lowest, play_cards, rank_rules
from ..strength import estimate_tricks
from .base import Decision, Heuristics

SWITCH_GAIN = 0.4  # tricks a switch must add (or remove) to be worth it


def contract_points(bid: int, tricks: int) -> int:
    """30 less 5 per trick over a made bid; −5 per trick short."""
    return 30 - 5 * (tricks - bid) if tricks >= bid else -5 * (bid - tricks)


def best_bid(expected: float, low: int, high: int) -> tuple[int, float]:
    """The bid with the best expected score if tricks spread around ``expected``."""
    sd = 0.7 + 0.12 * expected
    weights = [math.exp(-((t - expected) ** 2) / (2 * sd * sd)) for t in range(high + 1)]
    total = sum(weights)
    best, best_value = low, -math.inf
    for bid in range(low, high + 1):
        value = sum(w * contract_points(bid, t) for t, w in enumerate(weights)) / total
        if value > best_value:
            best, best_value = bid, value
    return best, best_value


class FlipHeuristics(Heuristics):
    """Exact bidding and bid-driven play for Flip Euchre."""

    variant = "flip"

    def deck(self, view: View) -> list[str]:
        """Two of each 9 to A, and two jokers (52) or one (50)."""
        if view.get("deck", 52) == 52:
            return french_deck("9TJQKA", ("BJ", "LJ"), copies=2)
        return french_deck("9TJQKA", copies=2) + ["BJ", "LJ"]

    def extra_seen(self, view: View) -> list[str]:
        """The calling card is face up."""
        return [view["calling_card"]] if view.get("calling_card") else []

    def estimate(self, view: View, hand: Sequence[str], trump: str | None) -> float:
        """Tricks the hand should take among all the hands at the table."""
        opponents = len(view["hand_sizes"]) - 1
        return estimate_tricks(
            hand, rank_rules(self.variant), trump, self.deck(view), opponents, self.extra_seen(view)
        )

    def wants_tricks(self, view: View) -> bool:
        """True while the seat is short of its bid (never in Zilch)."""
        if view.get("zilch"):
            return False
        bid = (view.get("bids") or [None] * (view["seat"] + 1))[view["seat"]]
        return bid is not None and view["tricks_won"][view["seat"]] < bid

    # ----- card play ---------------------------------------------------------------------
    def normal(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """Bid, switch, or play toward the bid."""
        cards = play_cards(legal)
        if cards and len(cards) == len(legal):
            k = self.knowledge(view)
            if self.wants_tricks(view):
                card, reason = normal_play(k, cards, None)
                return "play:" + card, reason
            card, reason = self._dodge(k, cards, view)
            return "play:" + card, reason
        return self.normal_other(view, legal, rng)

    def _dodge(self, k: Knowledge, cards: Sequence[str], view: View) -> tuple[str, str]:
        rank = k.rank
        why = (
            "Zilch: take as few tricks as you can"
            if view.get("zilch")
            else "you have made your bid"
        )
        losers = [c for c in cards if not k.beats(c)] if k.trick else []
        if losers:
            card = highest(losers, rank)
            name = card_named(card, "flip", view.get("trump"))
            return card, f"{why.capitalize()}: shed the {name} under the trick."
        if not k.trick:
            card = lowest(cards, rank)
            name = card_named(card, "flip", view.get("trump"))
            return card, f"{why.capitalize()}: lead the low {name}."
        card = highest(cards, rank)
        name = card_named(card, "flip", view.get("trump"))
        return card, f"{why.capitalize()}, but every card wins: take it with the {name}."

    # ----- bidding and switching ---------------------------------------------------------
    def normal_other(self, view: View, legal: Sequence[str], rng: random.Random) -> Decision:
        """Bid for the best expected score; switch when it clearly helps."""
        if view["phase"] == "bid":
            bids = [int(a[4:]) for a in legal]
            expected = self.estimate(view, view["hand"], view["trump"])
            bid, _ = best_bid(expected, min(bids), max(bids))
            return f"bid:{bid}", f"Bid {bid}: your hand should take about {expected:.1f} tricks."
        if view["phase"] == "switch":
            return self._switch(view, legal)
        return super().normal_other(view, legal, rng)

    def _switch(self, view: View, legal: Sequence[str]) -> Decision:
        hand, calling = list(view["hand"]), view["calling_card"]
        want = self.wants_tricks(view)
        base = self.estimate(view, hand, view["trump"])
        best, best_value = "no_switch", base
        for action in legal:
            if not action.startswith("switch:"):
                continue
            card = action[7:]
            after = list(hand)
            after.remove(card)
            after.append(calling)
            value = self.estimate(view, after, natural_suit(card))
            if (value > best_value) if want else (value < best_value):
                best, best_value = action, value
        if best == "no_switch" or abs(best_value - base) < SWITCH_GAIN:
            return "no_switch", "Keep the calling card: a switch would not help your hand enough."
        card = best[7:]
        trump = suit_name(natural_suit(card))
        goal = "take more" if want else "take fewer"
        return best, (
            f"Switch in the {display_card(card, 'flip')}: with {trump} you should "
            f"{goal} tricks ({base:.1f} → {best_value:.1f})."
        )

    dedupe_cards = False  # trump can change under the cards

    def candidates(self, view: View, legal: Sequence[str], rng: random.Random) -> list[str]:
        """Bids near the rules' bid; switches: the best few by hand strength, or none."""
        if view["phase"] == "bid":
            choice = int(self.normal_other(view, legal, rng)[0][4:])
            return [a for a in legal if abs(int(a[4:]) - choice) <= 1]
        if view["phase"] == "switch":
            hand, calling = list(view["hand"]), view["calling_card"]
            want = self.wants_tricks(view)

            def value(action: str) -> float:
                card = action[7:]
                after = list(hand)
                after.remove(card)
                after.append(calling)
                v = self.estimate(view, after, natural_suit(card))
                return v if want else -v

            switches = sorted((a for a in legal if a != "no_switch"), key=value, reverse=True)
            return switches[:3] + ["no_switch"]
        return super().candidates(view, legal, rng)

    def easy_other(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """Bid trumps plus Bennys; never switch."""
        if view["phase"] == "bid":
            rank = ranking(rank_rules(self.variant), view["trump"])
            strong = sum(1 for c in view["hand"] if rank.power[c] >= 2000)
            bids = [int(a[4:]) for a in legal]
            bid = max(min(bids), min(max(bids), strong // 2 + rng.choice((0, 0, 1))))
            return f"bid:{bid}"
        if view["phase"] == "switch":
            return "no_switch"
        return super().easy_other(view, legal, rng)

    def easy(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """Greedy play while short of the bid, lowest card after."""
        cards = play_cards(legal)
        if cards and len(cards) == len(legal) and not self.wants_tricks(view):
            return "play:" + lowest(cards, ranking(rank_rules(self.variant), view["trump"]))
        return super().easy(view, legal, rng)

    def rollout(self, game: Any, legal: Sequence[str], rng: random.Random) -> str:
        """Fast play toward each seat's bid on a sampled game."""
        if game.phase == "play":
            seat = game.turn
            bid = game.bids[seat] if not game.zilch else None
            if bid is not None and game.tricks_won[seat] < bid:
                return super().rollout(game, legal, rng)
            return _fast_dodge(game, legal)
        if game.phase == "switch":
            return "no_switch"
        return super().rollout(game, legal, rng)


def _fast_dodge(game: Any, legal: Sequence[str]) -> str:
    """The highest card that loses the trick so far, else the highest card."""
    rank = game.ranking
    power = rank.power
    cards = [a[5:] for a in legal]
    if not game.trick:
        return "play:" + min(cards, key=power.__getitem__)
    led = rank.led_suit(game.trick)
    best = max(rank.score(c, led) for c in game.trick)
    losing = [c for c in cards if rank.score(c, led if led is not None else rank.suit[c]) <= best]
    pool = losing or cards
    return "play:" + max(pool, key=power.__getitem__)


HEURISTICS = FlipHeuristics()
