"""Cincinnati Euchre: four players in partnerships, one round of bidding, moons, game to 32.

Deal shape for ``deal=``: ``{"dealer": int, "hands": [[6 cards] × 4]}`` (all 24 cards, no
kitty). Optional ``"scores": [int, int]`` starts from those scores. A shuffled deal gives
three cards at a time from the dealer's left, twice round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..cards import deal_packets, french_deck, shuffle
from ..names import BID_NAMES
from ..ranking import RankRules
from ..sampling import deal_unseen
from ..trick import TrickGame
from ..variant import VariantInfo, target_option

RULES = """\
**Cincinnati Euchre** — four players, partners sit across. 24 cards (9 to A), six each,
dealt three at a time; no kitty.
**Bidding** — one round from the dealer's left: bid more than the bid so far or pass.
Bids, low to high: 3, 4, 5, Moon, Double Moon, Triple Moon, Quadruple Moon. If the first
three pass, the dealer is *stuck*: they cannot pass and must bid 3 or more. Nobody can
outbid a Quadruple Moon, so bidding stops there.
**Trump** — the winning bidder names a suit (bowers as usual) or *no trump* (aces high,
no bowers: jacks rank between 10 and queen).
**Moons** — every moon is played alone: the bidder's partner sits out. The bidder must
take all six tricks.
**Play** — the player left of the dealer leads (the next player if they sit out); follow
suit if you can.
**Score** — the defenders always score 1 per trick they take. Bidders who make 3, 4 or 5
score 1 per trick taken; a moon made scores 12, Double 24, Triple 32, Quadruple 48.
Bidders who fail lose the bid's value (3, 4, 5 or 12 / 24 / 32 / 48); scores may go
negative. First to 32 wins; if both sides get there on one hand the higher score wins,
and a tie goes to the bidding side."""

BIDS = ("3", "4", "5", "moon", "double_moon", "triple_moon", "quadruple_moon")
MOON_POINTS = {"moon": 12, "double_moon": 24, "triple_moon": 32, "quadruple_moon": 48}
TRUMP_CALLS = ("S", "H", "D", "C", "N")
DECK = tuple(french_deck("9TJQKA"))


def bid_label(value: str) -> str:
    """``4`` → ``4``; ``double_moon`` → ``Double Moon``."""
    return BID_NAMES.get(value, value)


class Cincinnati(TrickGame):
    """Cincinnati Euchre."""

    __slots__ = ("high_bid", "trump_call",)

    rank_rules = RankRules(plain_order=tuple("9TJQKA"))

    def _deal_hand(self, deal: Mapping[str, Any] | None) -> None:
        if deal is None:
            cards = list(DECK)
            shuffle(cards, self._hand_rng())
            hands, _ = deal_packets(cards, 4, self.dealer, (3, 3))
        else:
            hands = [list(h) for h in deal["hands"]]
        self._keep_deal(hands=hands)
        self._reset_hand(hands)
        self.high_bid: str | None = None
        self.trump_call: str | None = None
        self.phase = "bid"
        self.turn = (self.dealer + 1) % 4

    # ----- bidding -----------------------------------------------------------------------
    def _stuck(self) -> bool:
        return self.turn == self.dealer and self.high_bid is None

    def _legal_bid(self) -> list[str]:
        start = 0 if self.high_bid is None else BIDS.index(self.high_bid) + 1
        bids = ["bid:" + b for b in BIDS[start:]]
        return bids if self._stuck() else bids + ["pass"]

    def _apply_bid(self, action: str) -> None:
        seat = self._seat()
        self._record_bid(seat, action)
        if action != "pass":
            self.high_bid, self.maker = action[4:], seat
        if seat == self.dealer or self.high_bid == BIDS[-1]:
            assert self.maker is not None and self.high_bid is not None
            self._emit("bid_won", seat=self.maker, bid=self.high_bid)
            self.phase = "trump"
            self.turn = self.maker
        else:
            self.turn = (seat + 1) % 4

    # ----- naming trump ------------------------------------------------------------------
    def _legal_trump(self) -> list[str]:
        return ["trump:" + t for t in TRUMP_CALLS]

    def _apply_trump(self, action: str) -> None:
        maker, call = self._seat(), action[6:]
        self.trump_call = call
        self._set_trump(None if call == "N" else call)
        self._emit("trump", seat=maker, trump=self.trump, no_trump=call == "N", how="named")
        if self.high_bid in MOON_POINTS:
            self.active[(maker + 2) % 4] = False
            self._emit("alone", seat=maker)
        self._begin_play((self.dealer + 1) % 4)

    # ----- scoring -----------------------------------------------------------------------
    def _score_hand(self) -> None:
        assert self.maker is not None and self.high_bid is not None
        bid, side = self.high_bid, self.side_of(self.maker)
        tricks = self.side_tricks()
        taken = tricks[side]
        points = list(tricks)  # the defenders always score their tricks
        if bid in MOON_POINTS:
            made = taken == 6
            points[side] = MOON_POINTS[bid] if made else -MOON_POINTS[bid]
        else:
            made = taken >= int(bid)
            points[side] = taken if made else -int(bid)
        self._finish_hand(
            points,
            maker=self.maker,
            bid=bid,
            tricks=tricks,
            made=made,
            euchred=None if made else side,
            alone=bid in MOON_POINTS,
        )

    # ----- explaining, viewing, sampling -------------------------------------------------

    def explain_illegal(self, action: str) -> str:
        """Bidding and trump mistakes in words; card play as in every trick game."""
        if self.is_over:
            return super().explain_illegal(action)
        if self.phase == "bid":
            value = action[4:] if action.startswith("bid:") else None
            if action == "pass" and self._stuck():
                return "Everyone else passed: the dealer is stuck and must bid 3 or more."
            if value in BIDS and self.high_bid is not None:
                return f"Bid higher than {bid_label(self.high_bid)} or pass."
            if action != "pass":
                names = ", ".join(bid_label(b) for b in BIDS)
                return f"Bids are {names}; or pass."
        if self.phase == "trump":
            return "Name a trump suit (spades, hearts, diamonds or clubs) or no trump."
        return super().explain_illegal(action)

    def view(self, seat: int) -> dict[str, Any]:
        """Adds the winning bid so far and the trump call (a suit, ``N`` or None)."""
        view = super().view(seat)
        view.update(high_bid=self.high_bid, trump_call=self.trump_call)
        return view

    @classmethod
    def sample_from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Cincinnati:
        """A full game matching ``view``: hidden hands dealt at random, voids respected."""
        game: Cincinnati = cls._blank_from_view(view)
        game.high_bid, game.trump_call = view["high_bid"], view["trump_call"]
        seat, sizes = view["seat"], view["hand_sizes"]
        game._restore_play_state(view, [[] for _ in sizes])
        seen = set(view["hand"]) | set(game.played_cards(view))
        counts = [0 if s == seat else n for s, n in enumerate(sizes)]
        piles = deal_unseen(
            [c for c in DECK if c not in seen],
            counts,
            game._view_voids(view),
            game.ranking.suit.get,
            rng,
        )
        piles[seat] = list(view["hand"])
        game._restore_play_state(view, piles)
        return game


INFO = VariantInfo(
    key="cincinnati",
    name="Cincinnati Euchre",
    player_counts=(4,),
    options=(target_option(32),),
    summary="Partnership euchre with one round of bidding, no-trump and moon bids; first to 32.",
    rules=RULES,
    deal_shape=__doc__ or "",
)
Cincinnati.info = INFO
GAME_CLASS = Cincinnati
