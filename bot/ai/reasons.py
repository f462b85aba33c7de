"""Why a choice is good, in the words a player would use: for a choice the search made
where the careful rules would have chosen otherwise (the rules give their own reasons).
"""

from __future__ import annotations

from bot.engine import action_name
from bot.engine.cards import suit_name
from bot.engine.display import card_named

from .knowledge import Knowledge


def card_reason(k: Knowledge, card: str) -> str:
    """Why ``card`` is a fair play now: what it does to the trick, or what it keeps."""
    variant, trump = k.view["variant"], k.view.get("trump")
    name = card_named(card, variant, trump) + k.where(card)
    if not k.trick:
        if k.is_boss(card):
            return f"Lead the {name}: it is the best card left in its suit."
        if k.is_trump(card):
            return f"Lead the {name} to draw out {k.opponents_own()} trumps."
        return f"Lead the {name} and keep your stronger cards for later."
    best = k.winning()
    if best is None or k.beats(card):
        if k.safe(card):
            return f"Play the {name}: it wins this trick and nobody left can beat it."
        return f"Play the {name}: it takes the lead in this trick."
    win_seat, win_card, _ = best
    if k.is_partner(win_seat):
        winner = card_named(win_card, variant, trump)
        whose = "Your own" if win_seat == k.seat else "Your partner's"
        return f"{whose} {winner} is winning this trick: the {name} saves your better cards."
    return f"The {name} cannot win this trick, and it is the card you will miss least."


def choice_reason(action: str, variant: str) -> str:
    """Why a choice other than a card play is sound, by its kind."""
    kind, _, arg = action.partition(":")
    name = action_name(action, variant)
    if kind == "pass":
        return "Pass: your hand is not strong enough here to be worth the risk."
    if kind == "order":
        return f"{name}: your hand is strong enough in that suit to take the tricks needed."
    if kind == "trump":
        suit = suit_name(arg) if arg != "N" else "no trump"
        return f"Name {suit}: it is where your hand is strongest."
    if kind == "bid":
        return f"Bid {name.removeprefix('Bid ')}: that is what your hand should make."
    if kind in ("alone", "jambone", "defend_alone", "shoot"):
        return f"{name}: your hand is strong enough to take the tricks without help."
    if kind in ("partner", "no_shoot"):
        return f"{name}: your hand needs help, so take the safer points."
    if kind in ("discard", "give"):
        return f"{name}: it is the card your hand will miss least."
    if kind == "switch":
        return f"{name}: it makes a suit you hold well the new trump."
    if kind == "no_switch":
        return "Don't switch: the trump as it stands suits your hand."
    return f"{name}: it does best from here."
