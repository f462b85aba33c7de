"""Computer players' names, and a name beside a number.

Each computer player is called by a short name of its seat (seat 1 ``Ada``, seat 2 ``Bolt``
…: every seat's name differs, and its first letter follows the seat order) and carries its
level: in words ``🤖 Ada (hard)``, in pictures the name ``Ada`` and a level badge. The
same seat has the same name in the lobby, during play, in ``/history`` and in reviews.
"""

from __future__ import annotations

COMPUTER = "🤖"
#: One name per seat (Flip seats up to ten): short, with no digit, each initial different.
COMPUTER_NAMES = ("Ada", "Bolt", "Cog", "Dex", "Echo", "Flux", "Gizmo", "Hex", "Ion", "Jet")
LEVEL_WORDS = {"easy": "easy", "normal": "normal", "hard": "hard", "expert": "expert"}


def computer_short_name(seat_index: int) -> str:
    """``Ada``: the computer player's name in seat ``seat_index`` (from 0)."""
    if 0 <= seat_index < len(COMPUTER_NAMES):
        return COMPUTER_NAMES[seat_index]
    return f"Bot {chr(ord('A') + seat_index % 26)}"


def level_word(level: str | None) -> str:
    """``hard``: a computer level as a word (``computer`` when unknown)."""
    return LEVEL_WORDS.get((level or "").lower(), (level or "computer").lower())


def a_computer(level: str | None) -> str:
    """``🤖 a hard computer``, ``🤖 an expert computer``: a computer player of a level."""
    word = level_word(level)
    article = "an" if word[:1] in "aeiou" else "a"
    return f"{COMPUTER} {article} {word} computer"


def computer_label(level: str | None, seat_index: int) -> str:
    """``🤖 Ada (hard)``: a computer player as every message names it."""
    return f"{COMPUTER} {computer_short_name(seat_index)} ({level_word(level)})"


def left_label(person: str, replaced: bool = False) -> str:
    """``Bob (left, 🤖 plays on)``: a seat a member left for good, a computer playing on;
    ``Bob (replaced, 🤖 plays on)`` when a moderator gave the seat to the computer."""
    return f"{person} ({'replaced' if replaced else 'left'}, {COMPUTER} plays on)"


def tally(name: str, number: object) -> str:
    """``Alice: 2``: a name and its number, never run together (``seat 4 2``)."""
    return f"{name}: {number}"
