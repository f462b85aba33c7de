"""A game option's setting in a player's words, as the table message, ``/rules`` and the
``/play`` queue say it: ``50-card deck (one of each joker)``, or the option's description
and its value (``Points needed to win: 15``), never option ids and Python values."""

from __future__ import annotations

from bot.engine.variant import OptionSpec

#: The settings of on/off and choice options that read better as a phrase, standard or not.
OPTION_WORDS: dict[tuple[str, object], str] = {
    ("deck", 50): "50-card deck (one of each joker)",
    ("deck", 52): "52-card deck (two of each joker)",
    ("zilch", True): "Zilch: no bids, fewest tricks wins",
    ("zilch", False): "bidding hands (Zilch only when 4 cards are dealt)",
    ("stick_dealer", False): "No stick-the-dealer: if all pass, the cards are dealt again",
    ("stick_dealer", True): "stick the dealer: if all pass, the dealer must name trump",
}


def option_words(spec: OptionSpec, value: object) -> str:
    """``value`` of the option ``spec`` in words: its phrase, else ``description: value``
    (``yes``/``no`` for on and off)."""
    phrase = OPTION_WORDS.get((spec.name, value))
    return phrase if phrase is not None else f"{spec.description}: {value_words(value)}"


def value_words(value: object) -> str:
    """An option's value as said: ``yes``/``no`` for on and off, else as it is."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
