"""Why some of a player's cards cannot be played now, in the words a player would use:
``You must follow ♦ diamonds. The J♦ (left) is a trump this hand.`` In the two-area
games the reason names the area played from, and a suit is told only when it holds a card
of that area back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import card_named, game_class, hand_order, picks_for_maker
from bot.engine.cards import natural_suit
from bot.engine.ranking import Ranking, ranking
from bot.ui.areas import area_names
from bot.words.cards import trump_text

PLAY = "play:"


def unplayable_note(
    view: Mapping[str, Any], legal: Sequence[str], own: Sequence[str]
) -> str | None:
    """The reason the cards of ``own`` missing from the legal plays are greyed out."""
    playable = {a[len(PLAY):] for a in legal if a.startswith(PLAY)}
    if playable and picks_for_maker(view):
        return _maker_follows(view, playable)
    blocked = [c for c in dict.fromkeys(own) if c not in playable]
    if not playable or not blocked:
        return None
    variant, trump = str(view.get("variant")), view.get("trump")
    area = view.get("must_play_from")
    there = _area_cards(view, str(area), own) if area else set(own)
    elsewhere = [c for c in blocked if c not in there]
    held = [c for c in blocked if c in there]
    lines = [f"You play from your {area} this time."] if area and elsewhere else []
    order = _ranking(variant, trump)
    led = _led_suit(view.get("trick") or [], order)
    if led is not None and held:
        suit = trump_text(led)
        lines.append(
            f"Your {area} holds {suit}: you must follow." if area else f"You must follow {suit}."
        )
        for card in held:
            if natural_suit(card) == led and order.suit.get(card) != led:
                lines.append(f"The {card_named(card, variant, trump)} is a trump this hand.")
    return " ".join(lines) or None


def _maker_follows(view: Mapping[str, Any], playable: set[str]) -> str | None:
    """Why the Jambone chooser is offered only some of the maker's face-up cards: the
    maker must follow suit like anyone (the chooser picks among the legal cards)."""
    exposed = [c for c in view.get("exposed_hand") or [] if c]
    variant, trump = str(view.get("variant")), view.get("trump")
    led = _led_suit(view.get("trick") or [], _ranking(variant, trump))
    if led is None or not set(exposed) - playable:
        return None
    offered = [card_named(c, variant, trump) for c in hand_order(exposed, variant, trump)
               if c in playable]
    return (
        f"The maker must follow {trump_text(led)} and holds {' '.join(offered)}: you choose "
        "only among the cards they may play."
    )


def _area_cards(view: Mapping[str, Any], area: str, own: Sequence[str]) -> set[str]:
    """The player's cards in ``area``: the hand, or the face-up cards of their table or
    battery (the rest of ``own``)."""
    hand = set(view.get("hand") or [])
    if area == str(area_names(view)[0]):
        return hand
    return {c for c in own if c not in hand}


def _ranking(variant: str, trump: str | None) -> Ranking:
    rules = game_class(variant).rank_rules
    return ranking(rules, None if trump == "N" else trump)


def _led_suit(trick: Sequence[Mapping[str, Any]], order: Ranking) -> str | None:
    """The effective suit of the first card of the trick that has one."""
    for play in trick:
        suit = order.suit.get(play["card"])
        if suit is not None:
            return suit
    return None
