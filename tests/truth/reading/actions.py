"""Reading a choice's name out of Bower's words into the engine's action
(``Play 10♠`` → ``play:TS``, ``Bid 60`` → ``bid:60``, ``Moon`` → ``bid:moon``).

A reader written from what the review's opinion and the buttons say; it does not use
Bower's own naming code.
"""

from __future__ import annotations

import re

from tests.truth.reading.cards import CARD, card_id, suit_named

#: Choices named by words alone.
WORDS = {
    "Pass": "pass", "Order up": "order", "Play it": "order", "Shoot the moon": "shoot",
    "Don't shoot": "no_shoot", "Play with partner": "partner", "Go alone": "alone",
    "Jambone": "jambone", "Defend alone": "defend_alone", "Don't switch": "no_switch",
    "Moon": "bid:moon", "Double Moon": "bid:double_moon", "Triple Moon": "bid:triple_moon",
    "Quadruple Moon": "bid:quadruple_moon",
}
#: Choices of a card: the verb and the engine's kind of action.
VERBS = {"Play": "play", "Discard": "discard", "Give": "give", "Switch in": "switch"}
#: A suit named as trump: ``Spades``, ``♠ spades``, ``Red``, ``No trump``.
SUIT = re.compile(r"(?:\S+ )?(?:spades|hearts|diamonds|clubs|red|yellow|green|black|no trump)")
WITH_CARD = re.compile(r"^(?P<verb>Play|Discard|Give|Switch in) (?P<card>.+)$")
BID = re.compile(r"^Bid (?P<bid>\d+)$")


def action_named(name: str) -> str | None:
    """The engine action a choice's name stands for; None if the name is not one."""
    if name in WORDS:
        return WORDS[name]
    bid = BID.match(name)
    if bid is not None:
        return f"bid:{bid.group('bid')}"
    with_card = WITH_CARD.match(name)
    if with_card is not None:
        card = CARD.fullmatch(with_card.group("card"))
        return None if card is None else f"{VERBS[with_card.group('verb')]}:{card_id(card)}"
    if SUIT.fullmatch(name.lower()) is None:
        return None
    suit = suit_named(name)
    return f"trump:{'N' if suit is None else suit}"
