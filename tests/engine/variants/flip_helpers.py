"""Helpers for the Flip Euchre tests: stacked deals and the privacy check."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from bot.engine import new_game
from bot.engine.variants.flip import Flip
from tests.engine.helpers import hand, strings

CARD_IDS = set(Flip(2).deck())
PUBLIC_CARD_KEYS = ("hand", "trick", "tricks", "last_trick", "previous_hand", "calling_card",
                    "known_cards", "bidding")


def flip(players: int, hands: list[str], calling: str, burn: str = "9C", dealer: int | None = None,
         scores: list[int] | None = None, **options: Any) -> Flip:
    """A game from a stacked deal; the dealer defaults to the last person (seat 0 leads)."""
    deal: dict[str, Any] = {
        "dealer": players - 1 if dealer is None else dealer,
        "hands": [hand(h) for h in hands],
        "burn": burn,
        "calling": calling,
    }
    if scores is not None:
        deal["scores"] = scores
    game = new_game("flip", players, seed=5, options=options, deal=deal)
    assert isinstance(game, Flip)
    return game


def zilch(players: int, hands: list[str], calling: str, burn: str = "9C", **kw: Any) -> Flip:
    """A Zilch game (no bidding): play starts at once."""
    return flip(players, hands, calling, burn, zilch=True, **kw)


def assert_private(game: Flip) -> None:
    """No view shows a card outside the seat's hand and the public card places."""
    for seat in range(game.players):
        view = game.view(seat)
        rest = {k: v for k, v in view.items() if k not in PUBLIC_CARD_KEYS}
        assert not set(strings(rest)) & CARD_IDS, rest
        assert Counter(view["hand"]) == Counter(game.hands[seat])
        assert "burn" not in json.dumps(view)
