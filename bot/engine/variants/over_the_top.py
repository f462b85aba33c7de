"""Over the Top: two players with Rook cards, a hand and a battery each, bidding for count.

Deal shape for ``deal=``: ``{"dealer": int, "hands": [[10 cards] × 2],
"battery_up": [[5 cards] × 2], "battery_down": [[5 cards] × 2], "nest": [4 cards]}``;
column ``i`` of a battery is ``battery_down[i]`` face down under ``battery_up[i]`` face up.
Optional ``"scores": [int, int]`` starts from those scores.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..areas import HAND, AreaGame
from ..cards import ROOK_COLOURS, rank, rook_deck, shuffle, sort_hand
from ..ranking import RankRules
from ..variant import VariantInfo, target_option

RULES = """\
**Over the Top** — two players, 44 Rook cards: red, yellow, green and black, 4 to 14.
Count cards: 14s and 10s are worth 10, 5s are worth 5 (100 in all). Each player has a
hand of 10 and a *battery* of five columns, a face-down card under a face-up card; the
last 4 cards are the nest.
**Bidding** — the dealer must open with 50 to 100 in steps of 5; then each in turn
raises by 5 or more (up to 100) or passes, and the first pass ends it.
**Nest** — the bid winner takes the nest into hand and discards 4 (out of play, they
score for nobody). A count card may be discarded only when the hand holds no other
card. Then the bid winner names the trump colour.
**Play** — you play hand cards and the face-up top card of a column. The non-bidder
leads the first trick from hand. The opponent plays from the same area, then the leader
from the other area, then the opponent from that area; follow the led colour if the
area you play from can. Highest trump, else highest card of the led colour, wins; the
winner leads next from the area of the winning card. After each trick, uncovered
face-down cards turn face up. Ten tricks. Every card is played face up, so the count
each player has captured is shown to both.
**Score** — if the bid winner captured at least the bid in count, both score their
count; otherwise the bid winner scores 0 and the opponent twice their count.
First to 200 wins (both over: the higher score; still tied: the bid winner)."""

DECK = tuple(rook_deck())
COUNT = {c: 10 if rank(c) in ("14", "10") else 5 if rank(c) == "5" else 0 for c in DECK}
BIDS = tuple(range(50, 101, 5))
BID_ACTIONS = tuple(f"bid:{v}" for v in BIDS)
DISCARD_IDS = {c: "discard:" + c for c in DECK}


class OverTheTop(AreaGame):
    """Over the Top."""

    __slots__ = (
        "bid", "bidder", "cover", "discards", "nest", "nest_taken", "points_taken", "uncovered",
        "under", "up",
    )

    rank_rules = RankRules(plain_order=tuple(str(n) for n in range(4, 15)), bowers=False, rook=True)
    deck = DECK
    table_name = "battery"
    area_names = ("hand", "battery")

    def _deal_hand(self, deal: Mapping[str, Any] | None) -> None:
        if deal is None:
            cards = list(DECK)
            shuffle(cards, self._hand_rng())
            hands, up = [cards[0:10], cards[10:20]], [cards[20:25], cards[25:30]]
            down, nest = [cards[30:35], cards[35:40]], cards[40:]
        else:
            hands = [list(h) for h in deal["hands"]]
            up, down, nest = deal["battery_up"], deal["battery_down"], list(deal["nest"])
        self._keep_deal(hands=hands, battery_up=up, battery_down=down, nest=nest)
        self._reset_hand(hands)
        self.cover: list[list[str | None]] = [list(u) for u in up]
        self.under: list[list[str | None]] = [list(d) for d in down]
        self.up = [list(u) for u in up]  # playable face-up cards, in column order
        self.uncovered: list[tuple[int, int]] = []  # (seat, column) to turn up after the trick
        self.nest = nest
        self.nest_taken = False
        self.discards: list[str] = []
        self.bid: int | None = None
        self.bidder: int | None = None
        self.points_taken = [0, 0]
        self.phase = "bid"
        self.turn = self.dealer

    # ----- bidding -----------------------------------------------------------------------
    def _legal_bid(self) -> list[str]:
        if self.bid is None:
            return list(BID_ACTIONS)
        return [*BID_ACTIONS[BIDS.index(self.bid) + 1:], "pass"]

    def _apply_bid(self, action: str) -> None:
        seat = self._seat()
        self._record_bid(seat, action)
        if action == "pass":
            self._take_nest(1 - seat)
        else:
            self.bid, self.bidder = int(action[4:]), seat
            self.turn = 1 - seat

    def _take_nest(self, maker: int) -> None:
        self.maker = maker
        self.hands[maker] = sort_hand(self.hands[maker] + self.nest)
        self.nest, self.nest_taken = [], True
        self._emit("nest", seat=maker, bid=self.bid)
        self.phase = "discard"
        self.turn = maker

    # ----- discarding and naming trump ---------------------------------------------------
    def _legal_discard(self) -> list[str]:
        hand = self.hands[self._seat()]
        plain = [c for c in hand if not COUNT[c]]
        return [DISCARD_IDS[c] for c in (plain or hand)]

    def _apply_discard(self, action: str) -> None:
        seat = self._seat()
        self.hands[seat].remove(action[8:])
        self.discards.append(action[8:])
        self._emit("discard", seat=seat)
        if len(self.discards) == 4:
            self.phase = "trump"

    def _legal_trump(self) -> list[str]:
        return ["trump:" + c for c in ROOK_COLOURS]

    def _apply_trump(self, action: str) -> None:
        seat = self._seat()
        self._record_bid(seat, action)
        self._set_trump(action[6:])
        self._emit("trump", seat=seat, trump=self.trump, how="named")
        self._begin_play(1 - seat, HAND)

    # ----- the batteries -----------------------------------------------------------------
    def table_up(self, seat: int) -> list[str]:
        """The face-up top cards of ``seat``'s columns."""
        return self.up[seat]

    def _take_from_table(self, seat: int, card: str) -> None:
        self.up[seat].remove(card)
        column = self.cover[seat].index(card)
        self.cover[seat][column] = None
        if self.under[seat][column] is not None:
            self.uncovered.append((seat, column))

    def _turn_up_after_trick(self) -> None:
        for seat, column in self.uncovered:
            card = self.under[seat][column]
            self.cover[seat][column], self.under[seat][column] = card, None
            self.up[seat] = [c for c in self.cover[seat] if c is not None]
            self._emit("reveal", seat=seat, card=card, column=column)
        self.uncovered = []

    def _table_view(self, seat: int) -> dict[str, Any]:
        return {
            "columns": [
                {"up": up, "down": int(down is not None)}
                for up, down in zip(self.cover[seat], self.under[seat], strict=True)
            ]
        }

    def _trick_taken(self, winner: int, cards: list[str]) -> None:
        self.points_taken[winner] += sum(map(COUNT.__getitem__, cards))

    # ----- scoring -----------------------------------------------------------------------
    def _score_hand(self) -> None:
        assert self.maker is not None and self.bid is not None
        maker, taken = self.maker, list(self.points_taken)
        made = taken[maker] >= self.bid
        points = list(taken) if made else [0, 0]
        if not made:
            points[1 - maker] = 2 * taken[1 - maker]
        self._finish_hand(
            points,
            maker=maker,
            bid=self.bid,
            made=made,
            points_taken=taken,
            tricks=list(self.tricks_won),
            trump=self.trump,
        )

    # ----- explaining --------------------------------------------------------------------
    def explain_illegal(self, action: str) -> str:
        """Adds the reasons a bid or a discard is refused."""
        if not self.is_over and self.phase == "bid":
            reason = self._explain_bid(action)
            if reason:
                return reason
        if not self.is_over and self.phase == "discard" and action.startswith("discard:"):
            card, hand = action[8:], self.hands[self._seat()]
            if card not in hand:
                return "You can discard only cards from your hand."
            plain = [c for c in hand if not COUNT[c]]
            return (
                f"You may not discard a count card while you hold a non-count card "
                f"such as the {self._name(plain[0])}."
            )
        return super().explain_illegal(action)

    def _explain_bid(self, action: str) -> str | None:
        if action == "pass" and self.bid is None:
            return "The dealer must open the bidding with 50 or more."
        if not action.startswith("bid:"):
            return None
        value = action[4:]
        if not value.isdigit() or int(value) % 5 or not 50 <= int(value) <= 100:
            return "Bids are 50 to 100, in steps of 5."
        if self.bid is not None:
            return f"You must bid at least {self.bid + 5}, or pass."
        return None

    def _where_public(self, seat: int, card: str) -> str | None:
        if seat == self.maker and card in self.discards:
            return f"You discarded the {self._name(card)}."
        return None

    # ----- viewing and sampling ----------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """Adds the bid, the nest and discards as far as seen, and the count captured."""
        view = super().view(seat)
        own = seat == self.maker and self.nest_taken
        view.update(
            bid=self.bid,
            bidder=self.bidder,
            nest_size=len(self.nest),
            discards=list(self.discards) if own else [],
            discard_count=len(self.discards),
            points_taken=list(self.points_taken),
        )
        return view

    @classmethod
    def sample_from_view(cls, view: dict[str, Any], rng: random.Random) -> OverTheTop:
        """A game consistent with ``view``: hidden hand, face-down cards, nest, discards."""
        game = cls._sample_shell(view, rng)
        seat, opp = view["seat"], 1 - view["seat"]
        columns = [t["columns"] for t in view["tables"]]
        game.cover = [[col["up"] for col in cols] for cols in columns]
        game.up = [[c for c in cover if c is not None] for cover in game.cover]
        game.uncovered = [
            (s, i)
            for s in (0, 1)
            for i, col in enumerate(columns[s])
            if col["up"] is None and col["down"]
        ]
        game.bid, game.bidder = view["bid"], view["bidder"]
        game.nest_taken = view["maker"] is not None
        game.points_taken = list(view["points_taken"])
        own_discards = list(view["discards"])
        hidden_discards = view["discard_count"] if view["maker"] == opp else 0
        unseen = game._unseen(seat, own_discards)
        downs = [sum(col["down"] for col in cols) for cols in columns]
        counts = [
            view["hand_sizes"][opp],
            downs[seat],
            downs[opp],
            view["nest_size"],
            hidden_discards,
        ]
        piles = game._deal_hidden(seat, unseen, counts, rng)
        game.hands[opp] = sort_hand(piles[0], game.trump)
        game.under = [[], []]
        for who, pile in ((seat, piles[1]), (opp, piles[2])):
            cards = iter(pile)
            game.under[who] = [next(cards) if col["down"] else None for col in columns[who]]
        game.nest = piles[3]
        game.discards = own_discards if view["maker"] == seat else piles[4]
        return game


INFO = VariantInfo(
    key="over_the_top",
    name="Over the Top",
    player_counts=(2,),
    options=(target_option(200),),
    summary=(
        "Parker's 1918 two-player Rook game: a hand and a battery each, bid for the "
        "count cards, take the nest; first to 200."
    ),
    rules=RULES,
    default_players=2,
    deal_shape=__doc__ or "",
)
OverTheTop.info = INFO
GAME_CLASS = OverTheTop
