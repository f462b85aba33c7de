"""Cards as players read them in Discord messages."""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine import display_card
from bot.engine.cards import is_rook, natural_suit, suit_name

ROOK_MARKS = {"R": "🟥", "Y": "🟨", "G": "🟩", "B": "⬛"}
SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: str, variant: str | None = None) -> str:
    """``JH`` → ``J♥``; ``R14`` → ``🟥14``; jokers by the variant's names."""
    if is_rook(card):
        return f"{ROOK_MARKS[card[0]]}{card[1:]}"
    return display_card(card, variant)


def cards_text(cards: Iterable[str], variant: str | None = None) -> str:
    """Cards separated by spaces, or an em dash for none."""
    text = " ".join(card_text(c, variant) for c in cards)
    return text or "—"


def trump_text(trump: str | None) -> str:
    """``H`` → ``♥ hearts``; Rook colours with their mark; None → ``no trump``."""
    if trump is None or trump == "N":
        return "no trump"
    mark = SUIT_MARKS.get(trump) or ROOK_MARKS.get(trump, "")
    return f"{mark} {suit_name(trump)}"


def suit_of_card(card: str) -> str | None:
    """The printed suit or colour of a card (None for a joker), for grouping."""
    return natural_suit(card)
