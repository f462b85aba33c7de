"""Over the Rhine: two players, each with a hand and a table; Euchre trumps with two jokers.

Deal shape for ``deal=``: ``{"dealer": int, "hands": [[5 cards] × 2],
"table_up": [[2 cards] × 2], "table_down": [[3 cards] × 2], "chaff": [14 cards]}``.
``chaff[0]`` is the turned-up card; if both pass, ``chaff[1]``, ``chaff[2]``, … are turned
in that order. Which face-down table card turns up after a trick is drawn from the seed
(the game's ``down[seat]`` lists them in the order they will turn up). Optional
``"scores": [int, int]`` starts from those scores.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..areas import AreaGame
from ..cards import JOKERS, french_deck, is_joker, shuffle, sort_hand
from ..ranking import RankRules
from ..variant import VariantInfo, target_option

RULES = """\
**Over the Rhine** — two players, 34 cards: 7 to A in four suits plus a Big and a Little
Joker. Each player has a *table* of 3 face-down cards and 2 face-up cards, and a hand of 5.
The other 14 cards are the chaff pile; its top card is turned up.
**Trump** — the non-dealer, then the dealer, may *play it* (order) or pass. Whoever orders
is the maker: the turned card's suit is trump (the card stays on the chaff pile), and the
maker may *shoot the moon*: their table takes no part (it stays as it is, face-down cards
unseen) and each trick has three cards. If both pass, chaff cards are turned one by one
until a card of another suit (that suit is trump) or a joker (no trump) appears: a
*free-for-all* with no maker. A joker turned up at the start also makes a no-trump
free-for-all at once.
**Ranking** — trump, high to low: Big Joker, Little Joker, right bower (jack of trump), left
bower (other jack of its colour), A K Q 10 9 8 7. Plain suits: A K Q J 10 9 8 7. With no
trump the joker in play has no suit, may be played at any time and never wins a trick.
**Play** — you play only hand cards and face-up table cards. The non-dealer leads the first
trick from either area; the opponent must play from the same area, then the leader from
the other area, then the opponent from that area. Follow the led suit if the area you
play from can. The winner leads next from the area of the winning card. After each trick
one face-down card of each table (chosen at random) turns face up; a table never shows
more than two. Nobody sees face-down table cards, not even their owner.
**Score** — maker 3–4 tricks 1 point, 5 tricks 2 (shooting: 1, or 4 for all five); a
defender with 3+ tricks sets the maker for 2. Free-for-all: 3–4 tricks 1, all five 2.
First to 7 wins."""

DECK = tuple(french_deck("789TJQKA", JOKERS))


class OverTheRhine(AreaGame):
    """Over the Rhine."""

    __slots__ = ("chaff", "chaff_turned", "down", "free_for_all", "shoot", "up",)

    rank_rules = RankRules(
        plain_order=tuple("789TJQKA"), trump_jokers=("LJ", "BJ"), no_trump_losers=("LJ", "BJ")
    )
    deck = DECK

    def _deal_hand(self, deal: Mapping[str, Any] | None) -> None:
        rng = self._hand_rng()
        if deal is None:
            cards = list(DECK)
            shuffle(cards, rng)
            hands, up = [cards[0:5], cards[5:10]], [cards[10:12], cards[12:14]]
            down, chaff = [cards[14:17], cards[17:20]], cards[20:]
        else:
            hands = [list(h) for h in deal["hands"]]
            up, down = deal["table_up"], deal["table_down"]
            chaff = list(deal["chaff"])
        self._keep_deal(hands=hands, table_up=up, table_down=down, chaff=chaff)
        self._reset_hand(hands)
        self.up = [list(u) for u in up]
        self.down = [rng.sample(list(d), len(d)) for d in down]  # the order they turn up
        self.chaff = chaff
        self.chaff_turned = 1
        self.free_for_all = False
        self.shoot = False
        self._emit("turn_up", card=chaff[0])
        if is_joker(chaff[0]):
            self._start_free_for_all(None)
        else:
            self.phase = "order"
            self.turn = 1 - self.dealer

    def _start_free_for_all(self, trump: str | None) -> None:
        self.free_for_all = True
        self._set_trump(trump)
        self._emit("trump", seat=None, trump=trump, how="free_for_all")
        self._begin_play(1 - self.dealer, None)

    # ----- ordering: "play it" or pass ---------------------------------------------------
    def _legal_order(self) -> list[str]:
        return ["order", "pass"]

    def _apply_order(self, action: str) -> None:
        seat = self._seat()
        self._record_bid(seat, action)
        if action == "order":
            self.maker = seat
            self._set_trump(self.chaff[0][1])
            self._emit("trump", seat=seat, trump=self.trump, how="ordered")
            self.phase = "shoot"
        elif seat == self.dealer:
            self._turn_chaff()
        else:
            self.turn = self.dealer

    def _turn_chaff(self) -> None:
        """Both passed: turn chaff cards until another suit or a joker shows."""
        first = self.chaff[0][1]
        for index in range(1, len(self.chaff)):
            card = self.chaff[index]
            self.chaff_turned = index + 1
            self._emit("turn_up", card=card)
            if is_joker(card):
                self._start_free_for_all(None)
                return
            if card[1] != first:
                self._start_free_for_all(card[1])
                return
        raise AssertionError("the chaff always holds another suit")

    def _legal_shoot(self) -> list[str]:
        return ["shoot", "no_shoot"]

    def _apply_shoot(self, action: str) -> None:
        maker = self._seat()
        self._record_bid(maker, action)
        if action == "shoot":
            self.shoot = True
            self.table_in_play[maker] = False
            self._emit("shoot", seat=maker)
        self._begin_play(1 - self.dealer, None)

    # ----- the tables --------------------------------------------------------------------
    def table_up(self, seat: int) -> list[str]:
        """The face-up cards of ``seat``'s table."""
        return self.up[seat]

    def _take_from_table(self, seat: int, card: str) -> None:
        self.up[seat].remove(card)

    def _turn_up_after_trick(self) -> None:
        for seat in (0, 1):
            if self.table_in_play[seat] and self.down[seat] and len(self.up[seat]) < 2:
                card = self.down[seat].pop(0)
                self.up[seat].append(card)
                self._emit("reveal", seat=seat, card=card)

    def _table_view(self, seat: int) -> dict[str, Any]:
        return {"up": list(self.up[seat]), "down": len(self.down[seat])}

    def _where_public(self, seat: int, card: str) -> str | None:
        if card in self.chaff[: self.chaff_turned]:
            return f"The {self._name(card)} is on the chaff pile."
        return None

    # ----- scoring -----------------------------------------------------------------------
    def _score_hand(self) -> None:
        tricks = list(self.tricks_won)
        points = [0, 0]
        set_ = False
        if self.free_for_all or self.maker is None:
            best = 0 if tricks[0] >= 3 else 1
            points[best] = 2 if tricks[best] == 5 else 1
        else:
            maker = self.maker
            if tricks[maker] == 5:
                points[maker] = 4 if self.shoot else 2
            elif tricks[maker] >= 3:
                points[maker] = 1
            else:
                points[1 - maker] = 2
                set_ = True
        self._finish_hand(
            points,
            maker=self.maker,
            tricks=tricks,
            set=set_,
            shoot=self.shoot,
            free_for_all=self.free_for_all,
            trump=self.trump,
        )

    # ----- viewing and sampling ----------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """Adds the chaff cards turned so far, the hidden chaff count and the hand's kind."""
        view = super().view(seat)
        view.update(
            chaff=self.chaff[: self.chaff_turned],
            chaff_hidden=len(self.chaff) - self.chaff_turned,
            free_for_all=self.free_for_all,
            shoot=self.shoot,
        )
        return view

    @classmethod
    def sample_from_view(cls, view: dict[str, Any], rng: random.Random) -> OverTheRhine:
        """A game consistent with ``view``: hidden hand, face-down cards and chaff at random."""
        game = cls._sample_shell(view, rng)
        seat, opp = view["seat"], 1 - view["seat"]
        tables = view["tables"]
        game.up = [list(t["up"]) for t in tables]
        turned = list(view["chaff"])
        game.chaff_turned = len(turned)
        game.free_for_all, game.shoot = view["free_for_all"], view["shoot"]
        unseen = game._unseen(seat, turned)
        counts = [
            view["hand_sizes"][opp],
            tables[seat]["down"],
            tables[opp]["down"],
            view["chaff_hidden"],
        ]
        piles = game._deal_hidden(seat, unseen, counts, rng)
        game.hands[opp] = sort_hand(piles[0], game.trump)
        game.down = [[], []]
        game.down[seat], game.down[opp] = piles[1], piles[2]
        game.chaff = turned + piles[3]
        return game


INFO = VariantInfo(
    key="over_the_rhine",
    name="Over the Rhine",
    player_counts=(2,),
    options=(target_option(7, maximum=100),),
    summary=(
        "Two-player Euchre with a hand and a half-hidden table each, two jokers, "
        "shooting the moon and free-for-alls; first to 7."
    ),
    rules=RULES,
    default_players=2,
    deal_shape=__doc__ or "",
)
OverTheRhine.info = INFO
GAME_CLASS = OverTheRhine
