"""Why some of a player's cards cannot be played now, in the words a player would use:
``You must follow ♦ diamonds. The J♦ is a trump this hand (left bower).``
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import card_role, game_class
from bot.engine.cards import natural_suit
from bot.engine.ranking import Ranking, ranking
from bot.ui.cards import card_text, trump_text

PLAY = "play:"


def unplayable_note(
    view: Mapping[str, Any], legal: Sequence[str], own: Sequence[str]
) -> str | None:
    """The reason the cards of ``own`` missing from the legal plays are greyed out."""
    playable = {a[len(PLAY):] for a in legal if a.startswith(PLAY)}
    blocked = [c for c in dict.fromkeys(own) if c not in playable]
    if not playable or not blocked or view.get("chooser") is not None:
        return None
    variant, trump = str(view.get("variant")), view.get("trump")
    area = view.get("must_play_from")
    lines = [f"You play from your {area} this time."] if area else []
    order = _ranking(variant, trump)
    led = _led_suit(view.get("trick") or [], order)
    if led is not None:
        lines.append(f"You must follow {trump_text(led)}.")
        for card in blocked:
            role = card_role(card, variant, trump)
            if natural_suit(card) == led and order.suit.get(card) != led:
                what = f" ({role})" if role in ("left bower", "right bower") else ""
                lines.append(f"The {card_text(card, variant)} is a trump this hand{what}.")
    return " ".join(lines) or None


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
