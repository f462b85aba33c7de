"""Cards as players read them in Discord messages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.engine import card_role, display_card
from bot.engine.cards import is_rook, natural_suit, suit_name

ROOK_MARKS = {"R": "🟥", "Y": "🟨", "G": "🟩", "B": "⬛"}
SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ROLE_NOTES = {"right bower": "right bower", "left bower": "left bower", "trump": "trump"}


def card_text(card: str, variant: str | None = None) -> str:
    """``JH`` → ``J♥``; ``R14`` → ``🟥14``; jokers by the variant's names."""
    if is_rook(card):
        return f"{ROOK_MARKS[card[0]]}{card[1:]}"
    return display_card(card, variant)


def card_under(card: str, variant: str, trump: str | None) -> str:
    """A card with what trump makes of it: ``J♦ (left bower)``, ``Big Joker (trump)``."""
    text = card_text(card, variant)
    role = card_role(card, variant, trump) if trump not in (None, "N") else None
    note = ROLE_NOTES.get(role or "")
    return f"{text} ({note})" if note else text


def cards_text(cards: Iterable[str], variant: str | None = None) -> str:
    """Cards separated by spaces, or an em dash for none."""
    text = " ".join(card_text(c, variant) for c in cards)
    return text or "—"


def trick_text(
    plays: Sequence[Mapping[str, Any]],
    labels: Sequence[str],
    variant: str,
    trump: str | None = None,
) -> str:
    """``Bob Q♣, Carol J♦ (left bower)``: who played what, bowers and trump jokers told
    (each play's own ``trump`` first: Flip's trump can change within a trick)."""
    parts = []
    for play in plays:
        seat = play.get("seat")
        who = labels[seat] if isinstance(seat, int) and seat < len(labels) else "?"
        parts.append(f"{who} {card_under(play['card'], variant, play.get('trump', trump))}")
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
