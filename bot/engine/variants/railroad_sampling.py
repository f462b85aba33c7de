"""Railroad Euchre from one seat's view: the hidden cards dealt at random (for computer players).

Besides its own hand and the tricks, a seat knows where some cards are: the Jambone hand,
its ``known_cards`` (a Jamboree, the cards it gave in an exchange), the turned card (in the
kitty while up or turned down; in the dealer's hand once ordered, unless the dealer showed
a void in its suit or may have passed it to a partner out of the seat's sight) and, for the
dealer, its own discard.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..sampling import deal_unseen

if TYPE_CHECKING:
    from .railroad import Railroad


def known_places(
    game: Railroad, view: Mapping[str, Any], voids: list[set[str]]
) -> tuple[list[list[str]], list[str], set[str]]:
    """Cards whose place the seat knows: per seat, in the kitty, and every placed card."""
    seat, dealer, exchanges = view["seat"], view["dealer"], view["exchanges"]
    placed = set(view["hand"]) | set(game.played_cards(view))
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
        void = game.ranking.suit[turn_up] in voids[dealer]
        full = len(pinned[dealer]) >= view["hand_sizes"][dealer]
        if view["phase"] == "discard" or not (passed_on or void or full):
            pin(pinned[dealer], turn_up)
    return pinned, kitty, placed


def sample_railroad(cls: type[Railroad], view: Mapping[str, Any], rng: random.Random) -> Railroad:
    """A full Railroad game matching ``view``, every hidden card dealt at random."""
    game: Railroad = cls._blank_from_view(view)
    seat, sizes = view["seat"], view["hand_sizes"]
    game._restore_play_state(view, [[] for _ in sizes])
    voids = game._view_voids(view)
    pinned, kitty_known, placed = known_places(game, view, voids)
    counts = [0 if s == seat else n - len(pinned[s]) for s, n in enumerate(sizes)]
    hidden = [c for c in cls.deck if c not in placed]
    piles = deal_unseen(
        hidden, counts + [len(hidden) - sum(counts)], voids + [set()], game.ranking.suit.get, rng
    )
    hands = [list(view["hand"]) if s == seat else pinned[s] + piles[s] for s in range(len(sizes))]
    game._restore_play_state(view, hands)
    game.kitty = kitty_known + piles[-1]
    game.turn_up, game.turn_up_state = view["turn_up"], view["turn_up_state"]
    game.trump_call, game.declaration = view["trump_call"], view["declaration"]
    game.defender, game.chooser = view["defender"], view["chooser"]
    game.jamboree = view["jamboree"]
    game.exchanges = _exchanges(game, view)
    discard_done = game.turn_up_state == "taken" and game.phase != "discard"
    game.discarded = view["discarded"] or (game.kitty[-1] if discard_done else None)
    _restore_turn(game, view)
    return game


def _exchanges(game: Railroad, view: Mapping[str, Any]) -> list[tuple[int, int, str]]:
    """The exchanges with their cards: the seat's own gifts still held by the receiver exactly
    (they show in ``known_cards``), any other a placeholder that no view reads."""
    from .railroad import top_trumps

    top = top_trumps(game.trump) if game.trump is not None else frozenset()
    result = []
    for e in view["exchanges"]:
        giver, receiver = e["giver"], e["receiver"]
        card = ""
        if giver == view["seat"]:
            jamboree = top if receiver == view["jamboree"] else frozenset()
            card = next((c for c in view["known_cards"][receiver] if c not in jamboree), "")
        elif game.hands[receiver]:
            card = game.hands[receiver][0]
        result.append((giver, receiver, card))
    return result


def _restore_turn(game: Railroad, view: Mapping[str, Any]) -> None:
    """The pending exchange, the defence queue and whose card is played, from the view."""
    current, maker = view["current_player"], view["maker"]
    game.exchange_owner, game.defend_queue = None, []
    if game.phase == "give":
        last = view["exchanges"][-1] if view["exchanges"] else None
        game.exchange_owner = last["giver"] if last and last["receiver"] == current else current
    elif game.phase == "defend" and current != (maker + 3) % 4:
        game.defend_queue = [(maker + 3) % 4]
    elif game.phase == "play":
        game.turn = game.leader if not game.trick_seats else game._next_active(game.trick_seats[-1])
