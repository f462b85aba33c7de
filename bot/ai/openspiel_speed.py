"""The search's cost, Bower against OpenSpiel: copy a classic Euchre hand and play it out.

``python -m bot.ai.openspiel_speed --deals 200 --playouts 50 [--install]``

A determinized search spends its time copying a position and playing it to the end of
the hand. This benchmark deals the same hands in Bower's engine and in OpenSpiel's
Euchre (mirrored card for card, as in :mod:`bot.ai.openspiel_match`), makes the same
calls in both (the first seat orders up, the maker plays with partner, the dealer
discards its lowest card), then from the first trick copies the position ``--playouts``
times and plays each copy to the end with random legal cards. It prints playouts a
second for Bower's engine (``clone`` and ``apply``), for the bit-mask play form the
``expert`` level solves with (:mod:`bot.ai.search.euchre_play`) and, when OpenSpiel is
installed, for OpenSpiel (``clone`` and ``apply_action``, its C++ state from Python).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from .openspiel_match import (
    PARTNER,
    PASS,
    Mirror,
    add_install_options,
    deal_order,
    pyspiel_from,
    suit_action,
    to_bower,
    to_openspiel,
)
from .search import clone
from .search.euchre_play import Deal, cards_of


def called_action(legal: Sequence[int], turned_suit: str) -> int:
    """The calls both engines make: order up at once, with partner, discard the lowest."""
    if suit_action(turned_suit) in legal:
        return suit_action(turned_suit)
    if PARTNER in legal:
        return PARTNER
    cards = [a for a in legal if a < PASS]
    return min(cards) if cards else legal[0]


def bower_call(game: Any) -> str:
    """The same calls in Bower's terms (when OpenSpiel is not installed)."""
    legal: list[str] = game.legal_actions()
    for call in ("order", "partner"):
        if call in legal:
            return call
    return min(legal, key=lambda a: to_openspiel(a, game))


def first_trick(pyspiel: Any, seed: int) -> tuple[Any, Any]:
    """A Bower game and an OpenSpiel state (None without OpenSpiel) of the same deal,
    both at the first card."""
    mirror = Mirror(seed)
    if pyspiel is None:
        while mirror.game.phase != "play":
            mirror.game.apply(bower_call(mirror.game))
        return mirror.game, None
    dealt = mirror.game.hand_dealt()
    turned = str(dealt["kitty"][0])
    state = pyspiel.load_game("euchre").new_initial_state()
    for action in deal_order(dealt["dealer"], dealt["hands"], turned):
        state.apply_action(action)
    while mirror.game.phase != "play":
        action = called_action(state.legal_actions(), turned[1])
        mirror.apply(to_bower(action, mirror.game))
        state.apply_action(action)
    return mirror.game, state


def bower_playout(game: Any, rng: random.Random) -> None:
    """Copy the engine game and play it to the end of the hand at random."""
    copy = clone(game)
    hand = copy.hand_number
    copy.stop_after_hand = True
    while not copy.is_over and copy.hand_number == hand:
        legal = copy.legal_actions()
        copy.apply(legal[int(rng.random() * len(legal))])


def bitmask_playout(deal: Deal, rng: random.Random) -> None:
    """Copy the bit-mask play form and play it to the end at random."""
    copy = deal.copy()
    while not copy.over():
        cards = cards_of(copy.legal())
        copy.play(cards[int(rng.random() * len(cards))])


def openspiel_playout(state: Any, rng: random.Random) -> None:
    """Copy the OpenSpiel state and play it to the end at random."""
    copy = state.clone()
    while not copy.is_terminal():
        legal = copy.legal_actions()
        copy.apply_action(legal[int(rng.random() * len(legal))])


def rate(positions: Sequence[Any], playout: Callable[[Any, random.Random], None],
         playouts: int) -> float:
    """Playouts a second of ``playout`` over every position, ``playouts`` times each."""
    rng = random.Random(0)
    start = time.perf_counter()
    for position in positions:
        for _ in range(playouts):
            playout(position, rng)
    return len(positions) * playouts / (time.perf_counter() - start)


def run(deals: int, playouts: int, seed: int, pyspiel: Any) -> dict[str, float]:
    """Playouts a second per engine over the same ``deals`` deals."""
    starts = [first_trick(pyspiel, seed * 100003 + i) for i in range(deals)]
    games = [game for game, _ in starts]
    figures = {
        "bower engine": rate(games, bower_playout, playouts),
        "bower bit-mask": rate([Deal.from_game(g) for g in games], bitmask_playout, playouts),
    }
    if pyspiel is not None:
        figures["openspiel"] = rate([state for _, state in starts], openspiel_playout, playouts)
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: print each engine's playouts a second."""
    parser = argparse.ArgumentParser(description="Copy-and-play speed, Bower and OpenSpiel.")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    add_install_options(parser)
    args = parser.parse_args(argv)
    pyspiel = pyspiel_from(args)
    if pyspiel is None:
        print("open_spiel is not installed (--install adds it): Bower's figures only.",
              file=sys.stderr)
    figures = run(args.deals, args.playouts, args.seed, pyspiel)
    for name, value in figures.items():
        print(f"{name}: {value:,.0f} playouts a second from the first trick "
              f"({args.deals} deals x {args.playouts})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
