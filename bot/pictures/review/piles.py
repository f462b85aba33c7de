"""The cards outside the hands along the bottom of the review picture, each pile named:
the turn-up and the kitty, the calling and burn cards, the chaff, the nest, the discards.
Cards nobody saw during the hand are drawn faded, their pile's name says ``face down``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..drawing.cards import card_size
from ..drawing.fonts import SMALLEST, text_width
from ..drawing.items import Placed

WIDTH, MARGIN, LABEL, PILE_GAP = 800, 14, SMALLEST, 22
SQUEEZED = 25  # how far apart the cards of a long face-down pile are


def pile_label(pile: Mapping[str, Any]) -> str:
    """``Turn-up · picked up``, ``Kitty · face down``."""
    notes = [pile["note"]] if pile.get("note") else []
    if pile.get("hidden"):
        notes.append("face down")
    return " · ".join([str(pile["name"]).capitalize(), *notes])


def pile_items(piles: Sequence[Mapping[str, Any]], top: int, w: int) -> tuple[list[Placed], int]:
    """Every pile's name and cards from ``top`` down, wrapping to a new line when a pile
    does not fit; and the bottom of the last line."""
    h = card_size(w)[1]
    line_h = LABEL + 6 + h
    placed: list[Placed] = []
    x, y = MARGIN, top
    if not piles:
        return [], top - 4
    for pile in piles:
        cards = list(pile["cards"])
        step = w + 6 if not pile.get("hidden") or len(cards) <= 4 else SQUEEZED
        label = pile_label(pile)
        width = max(text_width(label, LABEL, "narrow"), w + step * (len(cards) - 1))
        if x > MARGIN and x + width > WIDTH - MARGIN:
            x, y = MARGIN, y + line_h + 8
        placed.append(Placed("pile_label", (x, y, x + width, y + LABEL + 4), text=label))
        kind = "pile_down" if pile.get("hidden") else "pile"
        for index, card in enumerate(cards):
            left = round(x + index * step)
            placed.append(Placed(kind, (left, y + LABEL + 6, left + w, y + line_h), card))
        x += width + PILE_GAP
    return placed, y + line_h
