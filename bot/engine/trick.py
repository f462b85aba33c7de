"""Shared trick play from a hand: turns, following, sitting out, tricks and their winners."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from .cards import PLAY_IDS, sort_hand, suit_name
from .game import Game
from .names import display_card
from .ranking import Ranking, RankRules, ranking
from .sampling import voids_from_tricks


class TrickGame(Game):
    """A game whose hands end in tricks played from the hand (every variant but the area games).

    Subclasses deal into ``self.hands``, fix ``self.trump`` (through :meth:`_set_trump`), then
    call :meth:`_begin_play` with the first leader; :meth:`_score_hand` runs when the last
    trick is taken. ``active[seat]`` is False for a seat that sits out the hand.
    """

    __slots__ = ("active", "leader", "trick", "trick_seats", "tricks", "tricks_won",)

    rank_rules: ClassVar[RankRules]

    def _reset_hand(self, hands: list[list[str]]) -> None:
        """Fresh per-hand state around newly dealt ``hands``."""
        self.hands = [sort_hand(h) for h in hands]
        self.active = [True] * len(hands)
        self.trump: str | None = None
        self.ranking: Ranking = ranking(self.rank_rules, None)
        self.trick: list[str] = []
        self.trick_seats: list[int] = []
        self.tricks_won = [0] * len(hands)
        self.tricks: list[dict[str, Any]] = []
        self.leader: int | None = None
        self.bidding: list[dict[str, Any]] = []

    def _next_active(self, seat: int) -> int:
        n = len(self.hands)
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if self.active[nxt]:
                return nxt
        raise AssertionError("no active seat")

    @property
    def trick_size(self) -> int:
        """Cards in a complete trick: one per active seat."""
        return sum(self.active)

    def _begin_play(self, leader: int) -> None:
        if not self.active[leader]:
            leader = self._next_active(leader)
        self.phase = "play"
        self.leader = leader
        self.turn = leader

    # ----- playing -----------------------------------------------------------------------
    def led_suit(self) -> str | None:
        """The suit to follow in the trick in progress (None: anything goes)."""
        return self.ranking.led_suit(self.trick)

    def playable(self, seat: int) -> list[str]:
        """The cards ``seat`` may play now."""
        return self.ranking.follow_options(self.hands[seat], self.led_suit())

    def _legal_play(self) -> list[str]:
        assert self.turn is not None
        hand = self.hands[self.turn]
        if self.trick:
            hand = self.ranking.follow_options(hand, self.ranking.led_suit(self.trick))
        return [PLAY_IDS[c] for c in hand]

    def _apply_play(self, action: str) -> None:
        assert self.turn is not None
        self._play_card(self.turn, action[5:])

    def _play_card(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self._emit("play", seat=seat, card=card)
        self._after_card(seat, card)

    def _after_card(self, seat: int, card: str) -> None:
        """Hook after a card lands: complete the trick or pass the turn."""
        if len(self.trick) >= self.trick_size:
            self._complete_trick()
        else:
            self.turn = self._next_active(seat)

    def _trick_cards(self) -> list[dict[str, Any]]:
        """The trick in progress as ``{"seat", "card"}`` records in play order."""
        return [{"seat": s, "card": c} for s, c in zip(self.trick_seats, self.trick, strict=True)]

    def _complete_trick(self) -> None:
        index = self.ranking.winner(self.trick)
        winner = self.trick_seats[index]
        self.tricks_won[winner] += 1
        record = {
            "leader": self.trick_seats[0],
            "cards": self._trick_cards(),
            "winner": winner,
            "trump": self.trump,
        }
        self.tricks.append(record)
        self._emit("trick", winner=winner, cards=record["cards"])
        self.trick, self.trick_seats = [], []
        if any(self.hands[s] for s in range(len(self.hands)) if self.active[s]):
            self.leader = self.turn = winner
        else:
            self.turn = None
            self._score_hand()

    def _score_hand(self) -> None:
        """Score the hand just played (all tricks taken) and move on."""
        raise NotImplementedError

    def side_tricks(self) -> list[int]:
        """Tricks taken this hand per side."""
        totals = [0] * self.num_sides
        for seat, count in enumerate(self.tricks_won):
            if seat < self.players:
                totals[self.side_of(seat)] += count
        return totals

    # ----- sampling for computer players ------------------------------------------------
    def _restore_play_state(self, view: Mapping[str, Any], hands: list[list[str]]) -> None:
        """Set the trick-play fields from ``view``, with ``hands`` as every seat's cards."""
        self.hands = [list(h) for h in hands]
        self.active = list(view["active"])
        self._set_trump(view["trump"])
        self.trick = [t["card"] for t in view["trick"]]
        self.trick_seats = [t["seat"] for t in view["trick"]]
        self.tricks_won = list(view["tricks_won"])
        self.tricks = [dict(t) for t in view["tricks"]]
        self.leader = view["leader"]
        self.bidding = [dict(b) for b in view["bidding"]]

    def played_cards(self, view: Mapping[str, Any]) -> list[str]:
        """Every card the view shows as played this hand, tricks and the trick in progress."""
        cards = [c["card"] for t in view["tricks"] for c in t["cards"]]
        return cards + [t["card"] for t in view["trick"]]

    def _view_voids(self, view: Mapping[str, Any]) -> list[set[str]]:
        """Suits each seat showed it lacks this hand, by the trump of each trick."""
        tricks = [[(c["seat"], c["card"]) for c in t["cards"]] for t in view["tricks"]]
        tricks.append([(t["seat"], t["card"]) for t in view["trick"]])
        return voids_from_tricks(tricks, len(view["hand_sizes"]), self.ranking.suit.get)

    # ----- explaining and viewing --------------------------------------------------------
    def explain_illegal(self, action: str) -> str:
        """Say why a card cannot be played (not held, must follow), else the generic reason."""
        if not self.is_over and self.phase == "play" and action.startswith("play:"):
            card, seat = action[5:], self.turn
            assert seat is not None
            variant = self.info.key
            if not self.is_move(action):
                return super().explain_illegal(action)
            if card not in self.hands[seat]:
                return f"You don't hold {display_card(card, variant)}."
            led = self.led_suit()
            followers = [c for c in self.hands[seat] if self.ranking.suit[c] == led]
            if led is not None and followers:
                held = display_card(followers[0], variant)
                return f"You must follow {suit_name(led)}: you hold the {held}."
        return super().explain_illegal(action)

    def view(self, seat: int) -> dict[str, Any]:
        """The shared view plus the seat's hand, trump, the trick and the hand's tricks."""
        view = super().view(seat)
        view.update(
            hand=list(self.hands[seat]),
            hand_sizes=[len(h) for h in self.hands],
            active=list(self.active),
            trump=self.trump,
            leader=self.leader,
            trick=self._trick_cards(),
            tricks=[dict(t) for t in self.tricks],
            last_trick=dict(self.tricks[-1]) if self.tricks else None,
            tricks_won=list(self.tricks_won),
            bidding=[dict(b) for b in self.bidding],
        )
        return view

