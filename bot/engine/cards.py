"""Card ids, decks and their human-readable names.

Card ids follow RULINGS.md: French cards are rank + suit (``JH``, ``TS``), jokers are
``BJ`` (big) and ``LJ`` (little), Rook cards are colour + number (``R14``, ``B5``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache

SUITS = "SHDC"
ROOK_COLOURS = "RYGB"
JOKERS = ("BJ", "LJ")
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {
    "S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs",
    "R": "red", "Y": "yellow", "G": "green", "B": "black", "N": "no trump",
}
RANK_NAMES = {"T": "10"}
JOKER_NAMES = {"BJ": "Big Joker", "LJ": "Little Joker"}


def is_joker(card: str) -> bool:
    """True for ``BJ`` and ``LJ``."""
    return card in JOKERS


def is_rook(card: str) -> bool:
    """True for Rook cards such as ``R14``."""
    return card[0] in ROOK_COLOURS and card[1:].isdigit()


def natural_suit(card: str) -> str | None:
    """The printed suit (or Rook colour) of a card; None for a joker."""
    if card in JOKERS:
        return None
    if is_rook(card):
        return card[0]
    return card[1]


def rank(card: str) -> str:
    """The printed rank: ``J`` for ``JH``, ``14`` for ``R14``."""
    return card[1:] if is_rook(card) else card[0]


def french_deck(ranks: str, jokers: Sequence[str] = (), copies: int = 1) -> list[str]:
    """All cards of the given ranks in the four suits, plus jokers, ``copies`` times."""
    deck = [r + s for s in SUITS for r in ranks] + list(jokers)
    return deck * copies


def rook_deck(low: int = 4, high: int = 14) -> list[str]:
    """Rook cards ``low``..``high`` in the four colours."""
    return [f"{c}{n}" for c in ROOK_COLOURS for n in range(low, high + 1)]


def shuffle(cards: list[str], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle`` does, only faster (no method
    call per card): every deal is fixed by the game's seed, so the order must not change."""
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def deal_packets(
    cards: Sequence[str], players: int, dealer: int, packets: Sequence[int]
) -> tuple[list[list[str]], list[str]]:
    """Deal packets of the given sizes round the table from the dealer's left; return the rest."""
    hands: list[list[str]] = [[] for _ in range(players)]
    pos = 0
    for size in packets:
        for step in range(1, players + 1):
            hands[(dealer + step) % players].extend(cards[pos : pos + size])
            pos += size
    return hands, list(cards[pos:])


def card_name(card: str, joker_names: dict[str, str] | None = None) -> str:
    """A short display name: ``JH`` → ``J♥``, ``TS`` → ``10♠``, ``R14`` → ``Red 14``."""
    if card in JOKERS:
        return (joker_names or JOKER_NAMES)[card]
    if is_rook(card):
        return f"{SUIT_NAMES[card[0]].capitalize()} {card[1:]}"
    return RANK_NAMES.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]


def suit_name(suit: str | None) -> str:
    """``H`` → ``hearts``; None or ``N`` → ``no trump``."""
    return SUIT_NAMES[suit or "N"]


def parse_cards(text: str) -> list[str]:
    """Split compact card notation (``"JD 9H AS"``) into card ids."""
    return text.split()


def sort_hand(cards: Iterable[str], trump: str | None = None) -> list[str]:
    """Cards grouped by suit (trump last) and ordered low to high, for display."""
    return sorted(cards, key=sort_key(trump))


@cache
def sort_key(trump: str | None) -> Callable[[str], int]:
    """The key that orders cards as :func:`sort_hand` does."""
    return _sort_keys(trump).__getitem__


def _sort_keys(trump: str | None) -> dict[str, int]:
    """Suit group (trump's 50, jokers' 99) × 100 + rank order, per card id."""
    groups = {s: i for i, s in enumerate("SHCD" + ROOK_COLOURS)}
    keys: dict[str, int] = {"LJ": 9900, "BJ": 9901}
    for suit in SUITS:
        for value, r in enumerate("789TJQKA"):
            keys[r + suit] = 100 * (50 if suit == trump else groups[suit]) + value
    for colour in ROOK_COLOURS:
        for number in range(1, 15):
            keys[f"{colour}{number}"] = 100 * (50 if colour == trump else groups[colour]) + number
    return keys


# Every card id of every deck, and its ``play:`` action id (built once: the hot path).
ALL_CARDS = tuple(french_deck("789TJQKA", JOKERS)) + tuple(rook_deck(1, 14))
PLAY_IDS: dict[str, str] = {card: "play:" + card for card in ALL_CARDS}
