"""Cards as players read them in Discord messages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.engine import card_named, display_card
from bot.engine.cards import natural_suit, suit_name
from bot.engine.names import ROOK_MARKS

SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: str, variant: str | None = None) -> str:
    """``JH`` → ``J♥``; ``R14`` → ``🟥 Red 14``; jokers by the variant's names: the
    engine's words, so that buttons, messages and hints write a card the same way."""
    return display_card(card, variant)


def cards_text(
    cards: Iterable[str], variant: str | None = None, trump: str | None = None
) -> str:
    """Cards separated by spaces, or an em dash for none; with a ``trump``, each marked
    with what trump makes of it (``9♣ J♥ (right)``)."""
    if variant is not None and trump is not None:
        text = " ".join(card_named(c, variant, trump) for c in cards)
    else:
        text = " ".join(card_text(c, variant) for c in cards)
    return text or "—"


def trick_text(
    plays: Sequence[Mapping[str, Any]],
    labels: Sequence[str],
    variant: str,
    trump: str | None = None,
) -> str:
    """``Bob Q♣, Carol J♦ (left)``: who played what, bowers and trump jokers told
    (each play's own ``trump`` first: Flip's trump can change within a trick)."""
    parts = []
    for play in plays:
        seat = play.get("seat")
        who = labels[seat] if isinstance(seat, int) and seat < len(labels) else "?"
        parts.append(f"{who} {card_named(play['card'], variant, play.get('trump', trump))}")
    return ", ".join(parts)


def trump_text(trump: str | None) -> str:
    """``H`` → ``♥ hearts``; Rook colours with their mark; None → ``no trump``."""
    if trump is None or trump == "N":
        return "no trump"
    mark = SUIT_MARKS.get(trump) or ROOK_MARKS.get(trump, "")
    return f"{mark} {suit_name(trump)}"


def suit_of_card(card: str) -> str | None:
    """The printed suit or colour of a card (None for a joker), for grouping."""
    return natural_suit(card)


def took_it(
    plays: Sequence[Mapping[str, Any]],
    winning: int | None,
    labels: Sequence[str],
    variant: str,
    trump: str | None = None,
) -> str:
    """``**Bob** took it``: who took a trick whose ``winning`` card is that index of
    ``plays``; the card is named when its player has two in the trick (``**Bob** took it
    with J♥ (left)``), since the next lead comes from that card's area."""
    if winning is None or not 0 <= winning < len(plays):
        return "**?** took it"
    play = plays[winning]
    seat = play.get("seat")
    who = labels[seat] if isinstance(seat, int) and 0 <= seat < len(labels) else "?"
    if sum(1 for p in plays if p.get("seat") == seat) < 2:
        return f"**{who}** took it"
    card = card_named(str(play["card"]), variant, play.get("trump", trump))
    return f"**{who}** took it with {card}"
