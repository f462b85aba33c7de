"""Classic North American Euchre: four players in partnerships, 24 cards, game to 10.

Deal shape for ``deal=``: ``{"dealer": int, "hands": [[5 cards] × 4], "kitty": [4 cards]}``;
``kitty[0]`` is turned up. Optional ``"scores": [int, int]`` starts from those scores.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..cards import SUITS, french_deck, shuffle
from ..ranking import RankRules
from ..sampling import deal_unseen
from ..trick import TrickGame
from ..variant import OptionSpec, VariantInfo, target_option

RULES = """\
**Euchre** — four players, partners sit across. 24 cards (9 to A); five each, the top
card of the four-card kitty is turned up.
**Trump** — from the dealer's left each player may *order up* the turned card (the dealer
picks it up and discards) or pass. If all pass, the card is turned down and each may name
another suit or pass. With *stick the dealer* the dealer must name a suit; otherwise all
passing is a misdeal. The jack of trump (right bower) and the other jack of its colour
(left bower, a trump) are the highest trumps.
**Alone** — the maker may go alone: their partner sits out (a dealer who sits out does
not pick up).
**Play** — left of the dealer leads; follow suit if you can.
**Score** — makers 3–4 tricks 1 point, all 5 tricks 2 (4 alone); euchred makers give the
defenders 2. First to 10 wins."""


class Euchre(TrickGame):
    """Classic Euchre."""

    __slots__ = ("kitty", "ordered", "turn_up", "turn_up_state",)

    rank_rules = RankRules(plain_order=tuple("9TJQKA"))

    def _deal_hand(self, deal: Mapping[str, Any] | None) -> None:
        if deal is None:
            cards = french_deck("9TJQKA")
            shuffle(cards, self._hand_rng())
            hands = [cards[i * 5:(i + 1) * 5] for i in range(4)]
            kitty = cards[20:]
        else:
            hands, kitty = [list(h) for h in deal["hands"]], list(deal["kitty"])
        self._reset_hand(hands)
        self._keep_deal(hands=hands, kitty=kitty)
        self.kitty = kitty
        self.turn_up = kitty[0]
        self.turn_up_state = "up"
        self.ordered = False
        self.phase = "round1"
        self.turn = (self.dealer + 1) % 4
        self._emit("turn_up", card=self.turn_up)

    # ----- round one: order up or pass ---------------------------------------------------
    def _legal_round1(self) -> list[str]:
        return ["order", "pass"]

    def _apply_round1(self, action: str) -> None:
        seat = self._seat()
        self._record_bid(seat, action)
        if action == "order":
            self.maker, self.ordered = seat, True
            self._set_trump(self.turn_up[1])
            self._emit("trump", seat=seat, trump=self.trump, how="ordered", dealer=self.dealer)
            self._ask_alone()
        elif seat == self.dealer:
            self.turn_up_state = "down"
            self.phase = "round2"
            self.turn = (self.dealer + 1) % 4
        else:
            self.turn = (seat + 1) % 4

    # ----- round two: name another suit or pass ------------------------------------------
    def _legal_round2(self) -> list[str]:
        names = [f"trump:{s}" for s in SUITS if s != self.turn_up[1]]
        stuck = self._seat() == self.dealer and self.options["stick_dealer"]
        return names if stuck else names + ["pass"]

    def _apply_round2(self, action: str) -> None:
        seat = self._seat()
        self._record_bid(seat, action)
        if action.startswith("trump:"):
            self.maker = seat
            self._set_trump(action[6:])
            self._emit("trump", seat=seat, trump=self.trump, how="named")
            self._ask_alone()
        elif seat == self.dealer:
            self._misdeal("everyone passed")
        else:
            self.turn = (seat + 1) % 4

    # ----- alone, then the dealer's pick-up ----------------------------------------------
    def _ask_alone(self) -> None:
        self.phase = "alone"
        self.turn = self.maker

    def _legal_alone(self) -> list[str]:
        return ["partner", "alone"]

    def _apply_alone(self, action: str) -> None:
        maker = self._seat()
        if action == "alone":
            self.active[(maker + 2) % 4] = False
            self._emit("alone", seat=maker)
        if self.ordered and self.active[self.dealer]:
            self.hands[self.dealer].append(self.turn_up)
            self._set_trump(self.trump)
            self.turn_up_state = "taken"
            self.phase = "discard"
            self.turn = self.dealer
        else:
            if self.ordered:
                self.turn_up_state = "down"
            self._begin_play((self.dealer + 1) % 4)

    def _legal_discard(self) -> list[str]:
        return list(dict.fromkeys("discard:" + c for c in self.hands[self._seat()]))

    def _apply_discard(self, action: str) -> None:
        self.hands[self.dealer].remove(action[8:])
        self._emit("discard", seat=self.dealer)
        self._begin_play((self.dealer + 1) % 4)

    # ----- scoring -----------------------------------------------------------------------
    def _score_hand(self) -> None:
        assert self.maker is not None
        side = self.side_of(self.maker)
        taken = self.side_tricks()[side]
        alone = not all(self.active)
        points = [0, 0]
        if taken == 5:
            points[side] = 4 if alone else 2
        elif taken >= 3:
            points[side] = 1
        else:
            points[1 - side] = 2
        euchred = side if taken < 3 else None
        self._finish_hand(points, maker=self.maker, tricks=self.side_tricks(), euchred=euchred,
                          alone=alone)

    # ----- sampling for computer players ------------------------------------------------
    @classmethod
    def sample_from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Euchre:
        """A full game consistent with ``view``, hidden cards dealt at random."""
        game: Euchre = cls._blank_from_view(view)
        seat, sizes = view["seat"], view["hand_sizes"]
        game.turn_up, game.turn_up_state = view["turn_up"], view["turn_up_state"]
        game.ordered = any(b["action"] == "order" for b in view["bidding"])
        game._restore_play_state(view, [[] for _ in sizes])
        played = game.played_cards(view)
        known = set(view["hand"]) | set(played) | {game.turn_up}
        unseen = [c for c in french_deck("9TJQKA") if c not in known]
        counts = [0 if s == seat else n for s, n in enumerate(sizes)]
        dealer_holds_turn_up = (  # unless the dealer discarded it: then it lies in the kitty
            game.turn_up_state == "taken" and game.turn_up not in played and sizes[game.dealer] > 0
        )
        if dealer_holds_turn_up and seat != game.dealer:
            counts[game.dealer] -= 1
        voids = game._view_voids(view)
        piles = deal_unseen(unseen, counts + [len(unseen) - sum(counts)], voids + [set()],
                            game.ranking.suit.get, rng)
        hands = [list(view["hand"]) if s == seat else piles[s] for s in range(4)]
        if dealer_holds_turn_up and seat != game.dealer:
            hands[game.dealer].append(game.turn_up)
        game._restore_play_state(view, hands)
        game.kitty = [game.turn_up] + piles[4][:3]
        return game

    def view(self, seat: int) -> dict[str, Any]:
        """Adds the turned card and what became of it (up, down, taken by the dealer)."""
        view = super().view(seat)
        view.update(turn_up=self.turn_up, turn_up_state=self.turn_up_state)
        return view


INFO = VariantInfo(
    key="euchre",
    name="Euchre",
    player_counts=(4,),
    options=(
        target_option(10),
        OptionSpec("stick_dealer", True, "The dealer must name trump if all pass",
                   choices=(True, False)),
    ),
    summary="Classic four-player partnership Euchre: order up, bowers, loners; first to 10.",
    rules=RULES,
    deal_shape=__doc__ or "",
)
Euchre.info = INFO
GAME_CLASS = Euchre
