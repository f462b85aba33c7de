"""How a hand is shown: its cards in the order the hand's trump makes them, and what
trump makes of a card (a bower, a trump joker, a card with no suit).

Pure helpers for the layers above (messages, buttons, pictures), built on each variant's
own ranking so that they never disagree with the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .cards import ROOK_COLOURS, is_joker, natural_suit, rank
from .names import action_name, display_card
from .ranking import Ranking, ranking
from .registry import game_class

#: Plain suits in display order: colours alternate (black, red, black, red).
SUIT_ORDER = "SHCD" + ROOK_COLOURS


@cache
def _ranking(variant: str, trump: str | None) -> Ranking:
    rules = game_class(variant).rank_rules
    return ranking(rules, None if trump in (None, "N") else trump)


def card_role(card: str, variant: str, trump: str | None) -> str | None:
    """``right bower``, ``left bower``, ``trump`` (a joker that is trump now),
    ``suitless`` (a joker without a suit now), or None for any other card."""
    order = _ranking(variant, trump)
    suit = order.suit.get(card)
    if is_joker(card):
        return "suitless" if suit is None else "trump"
    if order.trump is None or suit != order.trump or rank(card) != "J" or not order.rules.bowers:
        return None
    return "right bower" if natural_suit(card) == order.trump else "left bower"


#: What trump makes of a card, as every message and button marks it after its name.
ROLE_MARKS = {"right bower": "right", "left bower": "left", "trump": "trump"}


def card_named(card: str, variant: str, trump: str | None) -> str:
    """A card's name with what trump makes of it: ``J♠ (left)``, ``J♥ (right)``,
    ``Big Joker (trump)``; the one way buttons, hints and messages name a card in play."""
    name = display_card(card, variant)
    if trump in (None, "N"):
        return name
    mark = ROLE_MARKS.get(card_role(card, variant, trump) or "")
    return f"{name} ({mark})" if mark else name


def hand_order(cards: Sequence[str], variant: str, trump: str | None) -> list[str]:
    """The cards grouped by their suit under trump, plain suits in alternating colours,
    trumps last (bowers and trump jokers among them), cards without a suit at the very
    end; low to high within a group. Duplicates (a double deck) are kept."""
    order = _ranking(variant, trump)
    plain = [s for s in SUIT_ORDER if s != order.trump]
    plain = _alternate(plain, {c for c in (order.suit.get(card) for card in cards) if c})

    def key(card: str) -> tuple[int, int]:
        suit = order.suit.get(card)
        if suit is None:
            return (len(SUIT_ORDER) + 1, order.power.get(card, 0))
        group = len(SUIT_ORDER) if suit == order.trump else plain.index(suit)
        return (group, order.power.get(card, 0))

    return sorted(cards, key=key)


def _alternate(suits: list[str], present: set[str]) -> list[str]:
    """The suits held, ordered so that red and black alternate where they can."""
    held = [s for s in suits if s in present]
    reds = [s for s in held if s in "HD"]
    blacks = [s for s in held if s not in "HD"]
    ordered: list[str] = []
    while reds or blacks:
        first, second = (blacks, reds) if len(blacks) >= len(reds) else (reds, blacks)
        ordered.append(first.pop(0))
        if second:
            ordered.append(second.pop(0))
    return ordered + [s for s in suits if s not in present]


def standing_bid(view: Mapping[str, Any]) -> tuple[str, int] | None:
    """The bid that stands, as players name it (``4``, ``Moon``, ``85``), and the seat
    holding it: the high bid while the auction runs, then the contract; None if none."""
    bid = view.get("bid") if view.get("bid") is not None else view.get("high_bid")
    holder = view.get("bidder") if view.get("bidder") is not None else view.get("maker")
    if bid is None or isinstance(bid, bool) or not isinstance(holder, int):
        return None
    name = action_name(f"bid:{bid}", str(view.get("variant"))).removeprefix("Bid ")
    return name, holder


def winning_play(trick: Mapping[str, Any]) -> int | None:
    """The index in a taken trick's ``cards`` of the card that took it: the winner's card
    from the trick's winning ``area`` where a seat plays two cards (Over the Rhine, Over
    the Top), else the winner's card; None if the trick names no such card."""
    winner, area = trick.get("winner"), trick.get("area")
    plays = list(trick.get("cards") or [])
    mine = [i for i, p in enumerate(plays) if isinstance(p, Mapping) and p.get("seat") == winner]
    if area is not None:
        mine = [i for i in mine if plays[i].get("area") == area] or mine
    return mine[0] if mine else None


def seat_to_play(view: Mapping[str, Any]) -> int | None:
    """The seat whose card goes to the trick next (Railroad's Jambone maker too, whose
    card another seat picks), in games where a seat plays one card a trick; None outside
    play."""
    if view.get("phase") != "play" or view.get("is_over"):
        return None
    trick, active = view.get("trick") or [], list(view.get("active") or [])
    if not trick:
        leader = view.get("leader")
        return leader if isinstance(leader, int) else None
    players = len(active) or int(view.get("players") or 0)
    seat = int(trick[-1]["seat"])
    for step in range(1, players + 1):
        following = (seat + step) % players
        if not active or active[following]:
            return following
    return None


def picks_for_maker(view: Mapping[str, Any]) -> bool:
    """Whether the seat acting now picks the Jambone maker's card (Railroad) rather than
    playing a card of its own."""
    maker = view.get("maker")
    return view.get("chooser") is not None and maker is not None and seat_to_play(view) == maker
