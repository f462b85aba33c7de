"""Words for what a seat is asked to do in each phase of a hand: the table's third person
(``Alice to name trump``), the hand's second person, and what each choice does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import picks_for_maker
from bot.words.cards import card_text, trump_text

View = Mapping[str, Any]

PHASE_TASKS = {
    "order": "play the turned card's suit or pass",
    "round1": "order up or pass",
    "round2": "name trump or pass",
    "bid": "bid",
    "trump": "name trump",
    "discard": "discard",
    "alone": "choose: with their partner or alone",
    "declare": "choose: with their partner, alone or Jambone",
    "defend": "choose: defend alone or pass",
    "give": "exchange a card with their partner",
    "shoot": "decide whether to shoot the moon",
    "switch": "switch the calling card or not",
    "play": "play",
}

YOUR_TASKS = {
    "order": "play it (make the turned card's suit trump) or pass",
    "round1": "order it up or pass",
    "round2": "name trump or pass",
    "bid": "bid",
    "trump": "name trump",
    "discard": "discard a card",
    "alone": "play with your partner or go alone",
    "declare": "play with your partner, go alone or call Jambone",
    "defend": "defend alone or pass",
    "give": "give your partner a card",
    "shoot": "shoot the moon or not",
    "switch": "switch in a new calling card or keep it",
    "play": "play a card",
}


def task(view: View) -> str:
    """``play``, ``bid``…: what the current player must do now, as the table says it."""
    phase = str(view.get("phase", ""))
    if phase == "play" and picks_for_maker(view):
        return "choose the Jambone maker's card"
    return PHASE_TASKS.get(phase, phase.replace("_", " "))


def your_task(view: View) -> str:
    """What the player must do now, said to them."""
    phase = str(view.get("phase", ""))
    if phase == "play" and picks_for_maker(view):
        return "choose the card the Jambone maker plays"
    if phase == "give" and not _gives_first(view):
        return "give a card back to your partner"
    return YOUR_TASKS.get(phase, phase.replace("_", " "))


def makers_need(view: View) -> str:
    """The tricks the makers must take: ``3 of the 5`` in Euchre and six-player Railroad,
    ``4 of the 7`` in four-player Railroad."""
    if view.get("variant") == "railroad" and view.get("players") == 4:
        return "4 of the 7"
    return "3 of the 5"


def choice_help(view: View, legal: Sequence[str], labels: Sequence[str]) -> list[str]:
    """One line per choice open now, saying what it does and what happens next."""
    phase, variant = str(view.get("phase", "")), str(view.get("variant", ""))
    turned = view.get("turn_up") or (view.get("chaff") or [None])[-1]
    suit = trump_text(turned[-1]) if isinstance(turned, str) and turned[-1] in "SHDC" else ""
    if phase == "order":
        return [
            f"**Play it**: {suit} becomes trump and you are the maker: take 3 of the 5 tricks "
            "(1 point, all 5: 2) or be set (your opponent scores 2).",
            "**Pass**: if you both pass, chaff cards are turned until a new suit or a joker "
            "shows; it makes trump and the hand is a free-for-all.",
        ]
    if phase == "round1":
        # Railroad's turned-up Joker: ordering it up makes a no-trump hand.
        makes = f"{suit} becomes trump" if suit else "the hand is played with no trump"
        return [
            f"**Order up**: {makes} and the dealer picks the card up; your side "
            f"must then take {makers_need(view)} tricks or be euchred.",
            "**Pass**: the next player decides; if everyone passes, the card is turned down "
            "and trump is named in a second round.",
        ]
    if phase == "round2":
        must = "pass" not in legal
        return [
            "**Name a suit** (not the turned-down one) as trump: your side must then take "
            f"{makers_need(view)} tricks or be euchred."
            + (" As the dealer you may not pass." if must else ""),
        ] + ([] if must else ["**Pass**: leave the choice to the next player."])
    if phase == "shoot":
        return [
            "**Shoot the moon**: your table stays face down and out of play; all 5 tricks "
            "score 4 (3 or 4 tricks still score 1).",
            "**Don't shoot**: play with your hand and your table as usual.",
        ]
    if phase == "alone":
        return [
            "**Play with partner**: you two play together as usual.",
            "**Go alone**: your partner sits out; all 5 tricks score 4 (3 or 4 still score 1).",
        ]
    if phase == "declare":
        return [
            f"**Play with partner**: as usual; your side needs {makers_need(view)} tricks.",
            "**Go alone**: you give your partner one card and get one back, then your "
            "partner sits out; points count double.",
            "**Jambone**: like alone, but your hand is then shown face up and the opponent on "
            "your left picks every card you play; every trick scores 28, less gives the "
            "opponents 28.",
        ]
    if phase == "defend":
        return [
            "**Defend alone**: swap a card with your partner, who sits out; take 4 tricks "
            "and score 3 for each.",
            "**Pass**: defend together with your partner.",
        ]
    if phase == "give":
        if _gives_first(view):
            return ["Pick the card your partner gets; they give you one back, then sit out."]
        return ["Pick the card your partner gets back; then you sit out this hand."]
    if phase == "switch":
        calling = card_text(view["calling_card"], variant) if view.get("calling_card") else ""
        return [
            f"**Switch in** a card: it becomes the calling card and its suit trump; you take "
            f"the {calling} into your hand.",
            "**Don't switch**: trump stays as it is.",
        ]
    if phase == "play" and picks_for_maker(view):
        maker = view.get("maker")
        who = labels[maker] if isinstance(maker, int) and maker < len(labels) else "the maker"
        return [f"{who} called Jambone: you choose which of their cards they play (legal ones)."]
    if phase == "discard" and variant == "over_the_top":
        return [
            "Discard 4 cards, one at a time; count cards (5s, 10s, 14s) may go only when you "
            "hold nothing else. Discards score for nobody."
        ]
    if phase == "discard":
        return ["You picked up the turned card: discard one card face down."]
    if phase == "bid" and any(action != "pass" for action in legal):
        return _bid_help(variant)  # not when the bids are at their top: only Pass is open
    return []


def _bid_help(variant: str) -> list[str]:
    if variant == "cincinnati":
        return [
            "Bid how many of the 6 tricks your side will take, or a Moon: all 6, played "
            "alone (12, 24, 32 or 48 points). The high bidder names trump; failing costs the "
            "bid."
        ]
    if variant == "over_the_top":
        return [
            "Bid the count you will capture (14s and 10s are worth 10, 5s are worth 5: 100 in "
            "all). The high bidder takes the nest and names trump."
        ]
    if variant == "flip":
        return [
            "Bid how many tricks you will take: make it and score 30 (less 5 for each trick "
            "over), miss it and lose 5 for each trick short."
        ]
    return []


def _gives_first(view: View) -> bool:
    """Whether the seat gives before receiving (the maker or the lone defender)."""
    seat = view.get("seat")
    return seat is not None and seat in (view.get("maker"), view.get("defender"))
