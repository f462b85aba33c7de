"""Two-player trick play from two areas: a private hand and a table (or battery) of cards.

Over the Rhine and Over the Top share it. A trick is played leader area A, opponent area A,
leader area B, opponent area B, where A is the area the leader chose (or had to choose) and
B the other one. Each card must follow the led suit if the area it comes from can. A seat
whose table takes no part (Over the Rhine's shooting maker) has its table turns left out.
The winner leads next from the area of the winning card. After each trick the variant turns
face-down table cards up. Face-down cards are seen by nobody, not even their owner.

A card id is unique in these decks, so ``play:<card>`` names its area too.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, TypeVar

from .cards import PLAY_IDS, sort_hand, suit_name
from .game import Game
from .names import display_card
from .ranking import Ranking, RankRules, ranking
from .sampling import deal_unseen

HAND, TABLE = 0, 1
AreaT = TypeVar("AreaT", bound="AreaGame")
_PLANS: dict[tuple[int, int, bool, bool], list[tuple[int, int]]] = {}


class AreaGame(Game):
    """A two-player game whose tricks are played from each player's hand and table."""

    __slots__ = (
        "lead_area", "leader", "led", "plan", "table_in_play", "trick", "trick_plays",
        "trick_seats", "tricks", "tricks_won",
    )

    partnerships: ClassVar[bool] = False
    rank_rules: ClassVar[RankRules]
    deck: ClassVar[tuple[str, ...]]
    table_name: ClassVar[str] = "table"
    area_names: ClassVar[tuple[str, str]] = ("hand", "table")  # display ids of the two areas

    # ----- per-hand state ----------------------------------------------------------------
    def _reset_hand(self, hands: list[list[str]]) -> None:
        """Fresh per-hand state around newly dealt ``hands``."""
        self.hands = [sort_hand(h) for h in hands]
        self.table_in_play = [True, True]
        self.trump: str | None = None
        self.ranking: Ranking = ranking(self.rank_rules, None)
        self.trick: list[str] = []
        self.trick_seats: list[int] = []
        self.trick_plays: list[dict[str, Any]] = []  # {"seat", "card", "area"} per card
        self.led: str | None = None  # the suit to follow in the trick in progress
        self.plan: list[tuple[int, int]] = []
        self.lead_area: int | None = None
        self.leader: int | None = None
        self.tricks_won = [0, 0]
        self.tricks: list[dict[str, Any]] = []
        self.bidding: list[dict[str, Any]] = []


    # ----- the table, supplied by the variant --------------------------------------------
    def table_up(self, seat: int) -> list[str]:
        """The face-up cards of ``seat``'s table that could be played (in table order)."""
        raise NotImplementedError

    def _take_from_table(self, seat: int, card: str) -> None:
        """Remove a played face-up card from ``seat``'s table."""
        raise NotImplementedError

    def _turn_up_after_trick(self) -> None:
        """Turn face-down table cards up once a trick is taken."""
        raise NotImplementedError

    def _table_view(self, seat: int) -> dict[str, Any]:
        """The public picture of ``seat``'s table (face-down cards only counted)."""
        raise NotImplementedError

    def _trick_taken(self, winner: int, cards: list[str]) -> None:
        """Hook: a trick of ``cards`` went to ``winner``."""

    def _score_hand(self) -> None:
        """Score the hand just played and move on."""
        raise NotImplementedError

    # ----- playing -----------------------------------------------------------------------
    def area_cards(self, seat: int, area: int) -> list[str]:
        """The cards ``seat`` could play from ``area`` (ignoring suit)."""
        if area == HAND:
            return self.hands[seat]
        return self.table_up(seat) if self.table_in_play[seat] else []

    def lead_areas(self, seat: int) -> tuple[int, ...]:
        """The areas the leader may lead from."""
        if self.lead_area is not None:
            return (self.lead_area,)
        return (HAND, TABLE) if self.table_in_play[seat] else (HAND,)

    def _begin_play(self, leader: int, lead_area: int | None) -> None:
        self.phase = "play"
        self.leader = self.turn = leader
        self.lead_area = lead_area

    def _trick_plan(self, leader: int, area: int) -> list[tuple[int, int]]:
        """Who plays from which area in a trick led by ``leader`` from ``area``."""
        key = (leader, area, self.table_in_play[0], self.table_in_play[1])
        plan = _PLANS.get(key)
        if plan is None:
            other, opponent = 1 - area, 1 - leader
            steps = [(leader, area), (opponent, area), (leader, other), (opponent, other)]
            plan = _PLANS[key] = [(s, a) for s, a in steps if a == HAND or key[2 + s]]
        return list(plan)

    def playable(self, seat: int) -> list[str]:
        """The cards ``seat`` may play now (it must be their turn in the play phase)."""
        return list(self._playable(seat))

    def _playable(self, seat: int) -> list[str]:
        """Like :meth:`playable`, but may return a list of the state itself: do not mutate."""
        if not self.trick:
            lead = self.lead_area
            if lead == TABLE:
                return self.table_up(seat)
            if lead == HAND or not self.table_in_play[seat]:
                return self.hands[seat]
            return self.hands[seat] + self.table_up(seat)
        if self.plan[0][1] == HAND:
            cards = self.hands[seat]
        else:
            cards = self.table_up(seat) if self.table_in_play[seat] else []
        return self.ranking.follow_options(cards, self.led)

    def _legal_play(self) -> list[str]:
        assert self.turn is not None
        return [PLAY_IDS[c] for c in self._playable(self.turn)]

    def _apply_play(self, action: str) -> None:
        seat, card, trick = self.turn, action[5:], self.trick
        assert seat is not None
        if trick:
            plan = self.plan
        else:
            plan = self.plan = self._trick_plan(seat, HAND if card in self.hands[seat] else TABLE)
        area = plan.pop(0)[1]
        if area:
            self._take_from_table(seat, card)
        else:
            self.hands[seat].remove(card)
        if self.led is None:
            self.led = self.ranking.suit[card]
        trick.append(card)
        self.trick_seats.append(seat)
        name = self.area_names[area]
        self.trick_plays.append({"seat": seat, "card": card, "area": name})
        self.events.append({"type": "play", "seat": seat, "card": card, "area": name})
        if plan:
            self.turn = plan[0][0]
        else:
            self._complete_trick()

    def _complete_trick(self) -> None:
        trick, seats, cards = self.trick, self.trick_seats, self.trick_plays
        index = self.ranking.winner(trick, self.led)
        winner, area = seats[index], cards[index]["area"]
        self.tricks_won[winner] += 1
        self.tricks.append({"leader": seats[0], "cards": cards, "winner": winner,
                            "area": area, "trump": self.trump})
        self.events.append({"type": "trick", "winner": winner, "area": area, "cards": cards})
        self._trick_taken(winner, trick)
        self.trick, self.trick_seats, self.trick_plays, self.led = [], [], [], None
        self._turn_up_after_trick()
        if self.hands[0] or self.hands[1]:
            self.leader = self.turn = winner
            self.lead_area = self.area_names.index(area)
        else:
            self.turn = None
            self._score_hand()

    # ----- explaining --------------------------------------------------------------------
    def explain_illegal(self, action: str) -> str:
        """Say why a card cannot be played (wrong area, must follow, not playable)."""
        if not self.is_over and self.phase == "play" and action.startswith("play:"):
            reason = self._explain_play(action[5:])
            if reason:
                return reason
        return super().explain_illegal(action)

    def _name(self, card: str) -> str:
        try:
            return display_card(card, self.info.key)
        except (KeyError, IndexError):
            return card

    def _where_public(self, seat: int, card: str) -> str | None:
        """Hook: where ``card`` is, if ``seat`` can see it outside their hand and table."""
        return None

    def _explain_play(self, card: str) -> str | None:
        seat, table = self._seat(), self.table_name
        if card in self.hands[seat]:
            area = HAND
        elif card in self.table_up(seat):
            area = TABLE
            if not self.table_in_play[seat]:
                return f"Your {table} takes no part in this hand: you are shooting the moon."
        elif card in self.table_up(1 - seat):
            return f"The {self._name(card)} is on your opponent's {table}."
        elif any(card == p["card"] for t in self.tricks for p in t["cards"]) or card in self.trick:
            return f"The {self._name(card)} has already been played."
        else:
            where = self._where_public(seat, card)
            if where:
                return where
            return (
                f"You can play only cards from your hand and face-up cards from your "
                f"{table}; face-down cards cannot be played."
            )
        names = ("hand", table)
        if not self.trick:
            if area not in self.lead_areas(seat):
                must = names[self.lead_areas(seat)[0]]
                why = (
                    "the first trick is led from hand"
                    if not self.tricks
                    else f"the last trick was won by a card from your {must}"
                )
                return f"You must lead from your {must}: {why}."
            return None
        need = self.plan[0][1]
        if area != need:
            return f"You must play from your {names[need]} now."
        led = self.ranking.led_suit(self.trick)
        followers = [c for c in self.area_cards(seat, need) if self.ranking.suit[c] == led]
        if led is not None and followers:
            held = "you hold the " if need == HAND else f"your {table} has the "
            return f"You must follow {suit_name(led)}: {held}{self._name(followers[0])}."
        return None

    # ----- viewing -----------------------------------------------------------------------
    def must_play_from(self) -> str | None:
        """The area the current player must play from (None: leader's choice or no play)."""
        if self.phase != "play" or self.turn is None:
            return None
        if self.trick:
            return self.area_names[self.plan[0][1]]
        areas = self.lead_areas(self.turn)
        return self.area_names[areas[0]] if len(areas) == 1 else None

    def view(self, seat: int) -> dict[str, Any]:
        """The shared view plus hand, tables, trump, the trick with areas and the tricks."""
        view = super().view(seat)
        names = self.area_names
        view.update(
            areas=list(names),
            hand=list(self.hands[seat]),
            hand_sizes=[len(h) for h in self.hands],
            tables=[self._table_view(s) for s in (0, 1)],
            table_in_play=list(self.table_in_play),
            trump=self.trump,
            leader=self.leader,
            must_play_from=self.must_play_from(),
            trick=[dict(p) for p in self.trick_plays],
            tricks=[_copy_trick(t) for t in self.tricks],
            last_trick=_copy_trick(self.tricks[-1]) if self.tricks else None,
            tricks_won=list(self.tricks_won),
            bidding=[dict(b) for b in self.bidding],
        )
        return view

    # ----- sampling (for computer players) -----------------------------------------------
    @classmethod
    def _sample_shell(cls: type[AreaT], view: Mapping[str, Any], rng: random.Random) -> AreaT:
        """A game with everything public from ``view`` set; hidden piles left to the variant."""
        game: AreaT = cls._blank_from_view(view)
        # The real seed would reveal the deal; a drawn one varies later deals across playouts.
        game.seed = rng.getrandbits(64)
        hands: list[list[str]] = [[], []]
        hands[view["seat"]] = list(view["hand"])
        game._reset_hand(hands)
        game.table_in_play = list(view["table_in_play"])
        game._set_trump(view["trump"])
        game.leader = view["leader"]
        names = game.area_names
        game.trick = [p["card"] for p in view["trick"]]
        game.trick_seats = [p["seat"] for p in view["trick"]]
        game.trick_plays = [dict(p) for p in view["trick"]]
        game.led = game.ranking.led_suit(game.trick)
        if game.trick:
            plan = game._trick_plan(game.trick_seats[0], names.index(view["trick"][0]["area"]))
            game.plan = plan[len(game.trick) :]
        game.lead_area = None
        if game.phase == "play" and not game.trick and view["must_play_from"] is not None:
            game.lead_area = names.index(view["must_play_from"])
        game.tricks = [_copy_trick(t) for t in view["tricks"]]
        game.tricks_won = list(view["tricks_won"])
        game.bidding = [dict(b) for b in view["bidding"]]
        return game

    def _hand_voids(self, seat: int) -> set[str]:
        """Suits ``seat``'s hand showed it lacks: it played off the led suit from hand."""
        voids: set[str] = set()
        suit, hand = self.ranking.suit, self.area_names[HAND]
        records = [t["cards"] for t in self.tricks] + [self.trick_plays]
        plays = [[(p["seat"], p["card"], p["area"]) for p in cards] for cards in records]
        for trick in plays:
            led = self.ranking.led_suit([c for _, c, _ in trick])
            for who, card, area in trick:
                if (
                    who == seat
                    and area == hand
                    and led is not None
                    and suit[card] is not None
                    and suit[card] != led
                ):
                    voids.add(led)
        return voids

    def _unseen(self, seat: int, seen: Iterable[str]) -> list[str]:
        """The deck minus ``seat``'s hand, face-up tables, played cards and ``seen``."""
        known = set(self.hands[seat]) | set(seen) | set(self.trick)
        for s in (0, 1):
            known.update(self.table_up(s))
        for t in self.tricks:
            known.update(p["card"] for p in t["cards"])
        return [c for c in self.deck if c not in known]

    def _deal_hidden(
        self, seat: int, unseen: list[str], counts: list[int], rng: random.Random
    ) -> list[list[str]]:
        """Deal ``unseen`` into piles; pile 0 is the opponent's hand (keeping its voids)."""
        voids = [self._hand_voids(1 - seat)] + [set() for _ in counts[1:]]
        return deal_unseen(unseen, counts, voids, self.ranking.suit.__getitem__, rng)


def _copy_trick(record: Mapping[str, Any]) -> dict[str, Any]:
    copy = dict(record)
    copy["cards"] = [dict(p) for p in record["cards"]]
    return copy
