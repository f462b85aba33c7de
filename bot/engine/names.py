"""Human-readable names of cards and actions for the UI."""

from __future__ import annotations

from .cards import card_name, is_rook, suit_name

JOKER_NAMES_BY_VARIANT: dict[str, dict[str, str]] = {
    "flip": {"BJ": "Benny", "LJ": "Charlie"},
    "railroad": {"BJ": "Joker", "LJ": "Little Joker"},
}

BID_NAMES = {
    "moon": "Moon",
    "double_moon": "Double Moon",
    "triple_moon": "Triple Moon",
    "quadruple_moon": "Quadruple Moon",
}

SIMPLE_ACTIONS = {
    "pass": "Pass",
    "order": "Order up",
    "shoot": "Shoot the moon",
    "no_shoot": "Don't shoot",
    "partner": "Play with partner",
    "alone": "Go alone",
    "jambone": "Jambone",
    "defend_alone": "Defend alone",
    "no_switch": "Don't switch",
}

VARIANT_ACTIONS: dict[str, dict[str, str]] = {
    "over_the_rhine": {"order": "Play it"},
}

VERBS = {"play": "Play", "discard": "Discard", "give": "Give", "switch": "Switch in"}


#: The colour mark before a Rook card's name in text (pictures draw the colour itself).
ROOK_MARKS = {"R": "🟥", "Y": "🟨", "G": "🟩", "B": "⬛"}


def display_card(card: str, variant: str | None = None, *, marked: bool = True) -> str:
    """A card's display name, jokers named as ``variant`` calls them; a Rook card with its
    colour mark (``🟩 Green 13``) unless ``marked`` is false (a picture draws the colour)."""
    name = card_name(card, JOKER_NAMES_BY_VARIANT.get(variant or ""))
    if marked and is_rook(card):
        return f"{ROOK_MARKS[card[0]]} {name}"
    return name


def action_name(action: str, variant: str | None = None) -> str:
    """A display name: ``play:JH`` → ``Play J♥``, ``bid:double_moon`` → ``Double Moon``."""
    special = VARIANT_ACTIONS.get(variant or "", {})
    if action in special:
        return special[action]
    if action in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS[action]
    kind, _, arg = action.partition(":")
    if kind == "bid":
        return BID_NAMES.get(arg, f"Bid {arg}")
    try:
        if kind == "trump":
            return suit_name(arg).capitalize()
        if kind in VERBS and arg:
            return f"{VERBS[kind]} {display_card(arg, variant)}"
    except (KeyError, IndexError):
        pass
    return action
