"""Naming choices and counts the way players say them: ``Ordering up with one trump``,
``Leading the K♠``, ``in 3 of 4 deals``."""

from __future__ import annotations

from fractions import Fraction

from bot.ai.heuristics import Heuristics
from bot.ai.knowledge import View, rank_rules
from bot.engine.cards import suit_name
from bot.engine.names import action_name, display_card
from bot.engine.ranking import ranking

CALLS = ("order", "trump", "bid")  # choices that make the seat's side the makers
BOLD = ("alone", "shoot", "jambone", "defend_alone")  # play without a partner's help
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
GERUNDS = {
    "order": "Ordering up", "pass": "Passing", "alone": "Going alone",
    "partner": "Playing with your partner", "shoot": "Shooting the moon",
    "no_shoot": "Not shooting", "jambone": "Declaring a Jambone",
    "defend_alone": "Defending alone", "no_switch": "Not switching",
}
CARD_GERUNDS = {"discard": "Discarding", "give": "Giving", "switch": "Switching in"}


def how_often(share: float) -> str:
    """``in 3 of 4 deals``: a share of the sampled deals as a small fraction."""
    if share >= 0.995:
        return "in every deal"
    if share >= 0.95:
        return "in almost every deal"
    if share <= 0.005:
        return "in no deal"
    if share <= 0.05:
        return "in hardly any deal"
    near = Fraction(share).limit_denominator(5)
    if abs(float(near) - share) > 0.05 or near.denominator == 1:
        near = Fraction(round(share * 10), 10)
    return f"in {near.numerator} of {near.denominator} deals"


def doing(action: str, view: View, heur: Heuristics) -> str:
    """The action as a gerund: ``Ordering up``, ``Leading the K♠``, ``Naming hearts``."""
    kind, _, arg = action.partition(":")
    variant = view["variant"]
    if kind == "play":
        verb = "Leading" if not view.get("trick") else "Playing"
        return f"{verb} the {display_card(arg, variant)}"
    if kind in CARD_GERUNDS:
        return f"{CARD_GERUNDS[kind]} the {display_card(arg, variant)}"
    if kind == "trump":
        return f"Naming {suit_name(arg)}"
    if kind == "bid":
        return f"Bidding {action_name(action, variant).removeprefix('Bid ')}"
    if action == "order" and variant == "over_the_rhine":
        return "Playing it"
    return GERUNDS.get(action, heur.describe(action))


def lower(text: str) -> str:
    """The text with a small first letter."""
    return text[:1].lower() + text[1:]


def _call_suit(action: str, view: View) -> str | None:
    """The trump a call makes, if known now."""
    if action == "order":
        up = view.get("turn_up") or (view.get("chaff") or [None])[0]
        return up[1] if isinstance(up, str) and len(up) == 2 and up[1] in "SHDC" else None
    if action.startswith("trump:") and action[6:] != "N":
        return action[6:]
    return None


def with_trumps(action: str, view: View) -> str:
    """`` with one trump`` (in the hand, for the trump the call makes), or ``""``."""
    suit = _call_suit(action, view)
    if suit is None or "hand" not in view:
        return ""
    rank = ranking(rank_rules(view["variant"]), suit)
    hand = list(view["hand"])
    if action == "order" and view.get("turn_up") and view["seat"] == view.get("dealer"):
        hand.append(view["turn_up"])  # the dealer picks the turned card up
    count = sum(1 for c in hand if rank.suit.get(c) == suit)
    word = NUMBERS[count] if count < len(NUMBERS) else str(count)
    return f" with {word} trump{'s' if count > 1 else ''}" + (" in your hand" if not count else "")
