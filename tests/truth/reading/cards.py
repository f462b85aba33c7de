"""Reading cards and suits out of Bower's text, into the engine's card ids.

This is a reader, written from what the messages say (``9♥``, ``10♠``, ``Little Joker``,
``🟩 Green 11``); it does not use Bower's own formatting code.
"""

from __future__ import annotations

import re

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SUIT_WORDS = {
    "spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C",
    "red": "R", "yellow": "Y", "green": "G", "black": "B", "no trump": None,
}
ROOK_WORDS = {"Red": "R", "Yellow": "Y", "Green": "G", "Black": "B"}
#: Jokers as each variant names them; the same word may stand for one id only per game.
JOKER_WORDS = {
    "Little Joker": "LJ", "Big Joker": "BJ", "Joker": "BJ", "Benny": "BJ", "Charlie": "LJ",
}
CARD = re.compile(
    r"(?:[🟥🟨🟩⬛] )?(?P<colour>Red|Yellow|Green|Black) (?P<number>\d+)"
    r"|(?P<rank>10|[2-9JQKA])(?P<suit>[♠♥♦♣])"
    r"|(?P<joker>Little Joker|Big Joker|Joker|Benny|Charlie)"
)
ROLE = re.compile(r"\((right bower|left bower|trump)\)")


def card_ids(text: str) -> list[str]:
    """Every card named in ``text``, in order, as engine ids (``10♠`` → ``TS``)."""
    return [card_id(match) for match in CARD.finditer(text)]


def card_id(match: re.Match[str]) -> str:
    """The engine id of one matched card name."""
    if match.group("colour"):
        return ROOK_WORDS[match.group("colour")] + match.group("number")
    if match.group("rank"):
        rank = "T" if match.group("rank") == "10" else match.group("rank")
        return rank + SUIT_SYMBOLS[match.group("suit")]
    return JOKER_WORDS[match.group("joker")]


def suit_named(text: str) -> str | None | bool:
    """The suit a phrase such as ``♦ diamonds`` or ``no trump`` names: its letter, None for
    no trump, False when it names none."""
    lowered = text.lower()
    for word, suit in sorted(SUIT_WORDS.items(), key=lambda item: -len(item[0])):
        if word in lowered:
            return suit
    return False
