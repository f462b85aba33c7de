"""Railroad Euchre from one seat's view: the hidden cards dealt at random (for computer players).

Besides its own hand and the tricks, a seat knows where some cards are: the Jambone hand,
its ``known_cards`` (a Jamboree, the cards it gave in an exchange), the turned card (in the
kitty while up or turned down; in the dealer's hand once ordered, unless the dealer showed
a void in its suit or may have passed it to a partner out of the seat's sight) and, for the
dealer, its own discard.

Pure data in and out: :meth:`Railroad.sample_from_view` builds the game from what these
functions deal, so this module needs nothing from ``railroad.py``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..sampling import deal_unseen

SuitOf = Mapping[str, str | None]  # a card's suit under trump (None: no suit)


def known_places(
    view: Mapping[str, Any], played: Sequence[str], suit: SuitOf, voids: list[set[str]]
) -> tuple[list[list[str]], list[str], set[str]]:
    """Cards whose place the seat knows: per seat, in the kitty, and every placed card."""
    seat, dealer, exchanges = view["seat"], view["dealer"], view["exchanges"]
    placed = set(view["hand"]) | set(played)
    pinned: list[list[str]] = [[] for _ in range(view["players"])]
    kitty: list[str] = []

    def pin(pile: list[str], card: str) -> None:
        if card not in placed:
            placed.add(card)
            pile.append(card)

    for owner, cards in enumerate(view["known_cards"]):
        for card in cards:
            pin(pinned[owner], card)
    if view["exposed_hand"] is not None and view["maker"] != seat:
        for card in view["exposed_hand"]:
            pin(pinned[view["maker"]], card)
    turn_up, state = view["turn_up"], view["turn_up_state"]
    if state != "taken":
        pin(kitty, turn_up)
    if view["discarded"] is not None:
        pin(kitty, view["discarded"])
    if state == "taken" and seat != dealer:
        passed_on = any(e["giver"] == dealer and e["receiver"] != seat for e in exchanges)
        void = suit[turn_up] in voids[dealer]
        full = len(pinned[dealer]) >= view["hand_sizes"][dealer]
        if view["phase"] == "discard" or not (passed_on or void or full):
            pin(pinned[dealer], turn_up)
    return pinned, kitty, placed


def deal_hidden(
    view: Mapping[str, Any],
    deck: Sequence[str],
    played: Sequence[str],
    suit: SuitOf,
    voids: list[set[str]],
    rng: random.Random,
) -> tuple[list[list[str]], list[str]]:
    """Every seat's hand and the kitty matching ``view``, the hidden cards dealt at random."""
    seat, sizes = view["seat"], view["hand_sizes"]
    pinned, kitty_known, placed = known_places(view, played, suit, voids)
    counts = [0 if s == seat else n - len(pinned[s]) for s, n in enumerate(sizes)]
    hidden = [c for c in deck if c not in placed]
    rest = len(hidden) - sum(counts)
    piles = deal_unseen(hidden, counts + [rest], voids + [set()], suit.get, rng)
    hands = [list(view["hand"]) if s == seat else pinned[s] + piles[s] for s in range(len(sizes))]
    return hands, kitty_known + piles[-1]


def exchange_cards(
    view: Mapping[str, Any], hands: Sequence[Sequence[str]], top: Collection[str]
) -> list[tuple[int, int, str]]:
    """The exchanges with their cards: the seat's own gifts still held by the receiver exactly
    (they show in ``known_cards``; ``top``: the Jamboree's cards, never a gift), any other a
    placeholder that no view reads."""
    result = []
    for e in view["exchanges"]:
        giver, receiver = e["giver"], e["receiver"]
        card = ""
        if giver == view["seat"]:
            jamboree = top if receiver == view["jamboree"] else ()
            card = next((c for c in view["known_cards"][receiver] if c not in jamboree), "")
        elif hands[receiver]:
            card = hands[receiver][0]
        result.append((giver, receiver, card))
    return result


def pending_steps(view: Mapping[str, Any], phase: str) -> tuple[int | None, list[int]]:
    """Who owns the exchange under way and who may still defend alone, from the view."""
    current, maker = view["current_player"], view["maker"]
    if phase == "give":
        last = view["exchanges"][-1] if view["exchanges"] else None
        return (last["giver"] if last and last["receiver"] == current else current), []
    if phase == "defend" and current != (maker + 3) % 4:
        return None, [(maker + 3) % 4]
    return None, []
