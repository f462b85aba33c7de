"""The base game: seats, sides, hands dealt in turn, scores, events, JSON round trips.

A variant subclasses :class:`Game` (usually through :class:`~.trick.TrickGame`), sets
``info`` and implements ``_deal_hand`` and a ``_legal_<phase>`` / ``_apply_<phase>`` pair for
each of its phases. Everything is deterministic from the seed.
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from .cards import SUIT_NAMES, sort_key
from .errors import IllegalAction
from .names import BID_NAMES, SIMPLE_ACTIONS, VARIANT_ACTIONS, VERBS, action_name
from .ranking import Ranking, RankRules, ranking

Event = dict[str, Any]


class Game:
    """One game of a variant, from the first deal to the winner."""

    # Every class of the hierarchy lists the instance attributes it adds. A game has more
    # attributes than Python's shared-key instance dicts hold (30), and slots keep attribute
    # access fast on the hot path that computer players' playouts run.
    __slots__ = (
        "_legal_now", "bidding", "dealer", "dealt", "events", "hand_number", "hands",
        "initial_deal", "log", "maker", "options", "phase", "players", "previous_hand",
        "ranking", "scores", "seed", "target", "trump", "turn", "winner", "stop_after_hand",
    )

    info: ClassVar[Any]  # VariantInfo; Any to avoid an import cycle with the registry
    partnerships: ClassVar[bool] = True
    rank_rules: ClassVar[RankRules]
    hands: list[list[str]]
    trump: str | None
    ranking: Ranking
    bidding: list[dict[str, Any]]
    stop_after_hand: bool  # set on a search's copy only: see _stop_between_hands
    # Keys of a seat's view that only that seat may see (its cards and what it alone knows).
    private_view_keys: ClassVar[tuple[str, ...]] = (
        "hand", "known_cards", "discards", "discarded",
    )

    # Phase name -> the class's ``_legal_<phase>`` / ``_apply_<phase>`` (filled per subclass).
    _legal_by_phase: ClassVar[dict[str, Callable[[Any], list[str]]]] = {}
    _apply_by_phase: ClassVar[dict[str, Callable[[Any, str], None]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Index the subclass's phase methods by phase, so a move costs one lookup."""
        super().__init_subclass__(**kwargs)
        methods = {name: getattr(cls, name) for name in dir(cls)}
        methods = {name: m for name, m in methods.items() if inspect.isfunction(m)}
        cls._legal_by_phase = {n[7:]: m for n, m in methods.items() if n.startswith("_legal_")}
        cls._apply_by_phase = {n[7:]: m for n, m in methods.items() if n.startswith("_apply_")}

    def __init__(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        deal: Mapping[str, Any] | None = None,
    ) -> None:
        self.info.check_players(players)
        self.players = players
        self._init_seats()
        self.seed = seed
        self.options = self.info.resolve_options(options)
        self.target: int = self.options.get("target", 0)
        self.initial_deal: dict[str, Any] | None = (
            json.loads(json.dumps(deal)) if deal is not None else None
        )
        self.log: list[str] = []
        self.events: list[Event] = []
        self.scores: list[int] = [0] * self.num_sides
        self.winner: int | None = None
        self.hand_number = 0
        self.phase = "deal"
        self.turn: int | None = None
        self.maker: int | None = None
        self.previous_hand: dict[str, Any] | None = None
        self._legal_now: list[str] | None = None
        deal = self.initial_deal or {}
        if "scores" in deal:
            self.scores = [int(s) for s in deal["scores"]]
        self.dealer: int = deal.get("dealer", random.Random(f"{seed}:dealer").randrange(players))
        self._emit("cut", dealer=self.dealer)
        self._start_hand(self.initial_deal)

    # ----- sides -------------------------------------------------------------------------
    def _init_seats(self) -> None:
        """Hook: set what the sides depend on, before anything else (Flip's dead hand)."""

    @property
    def num_sides(self) -> int:
        """How many sides keep a score: partnerships or single players."""
        if self.partnerships and self.players in (4, 6):
            return self.players // 2
        return self.players

    def side_of(self, seat: int) -> int:
        """The side (team or player) a seat plays for."""
        return seat % self.num_sides

    def seats_of(self, side: int) -> list[int]:
        """The seats that play for ``side``."""
        return [s for s in range(self.players) if self.side_of(s) == side]

    # ----- the contract ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat that must act now, or None once the game is over."""
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        """True once a winner is declared."""
        return self.winner is not None

    def legal_actions(self) -> list[str]:
        """Action ids open to the current player, in a stable order."""
        return list(self._legal())

    def _legal(self) -> list[str]:
        """The legal actions, computed once per state (callers must not modify the list)."""
        actions = self._legal_now
        if actions is None:
            actions = [] if self.winner is not None else self._legal_by_phase[self.phase](self)
            self._legal_now = actions
        return actions

    def apply(self, action: str) -> list[Event]:
        """Apply the current player's ``action``; return the events it caused."""
        legal = self._legal_now
        if legal is None:
            legal = self._legal()
        if action not in legal:
            raise IllegalAction(self.explain_illegal(action))
        self._legal_now = None
        events = self.events
        start = len(events)
        self.log.append(action)
        self._apply_by_phase[self.phase](self, action)
        return events[start:]

    def explain_illegal(self, action: str) -> str:
        """A sentence a player understands, saying why ``action`` is not allowed now."""
        if self.is_over:
            return "The game is over."
        legal = self.legal_actions()
        choices = ", ".join(action_name(a) for a in legal[:12])
        more = "…" if len(legal) > 12 else ""
        if not self.is_move(action):  # forged: never shown back to the player
            return f"That is not a move of {self.info.name}. You may choose: {choices}{more}."
        return f"{action_name(action)} is not possible now. You may choose: {choices}{more}."

    def is_move(self, action: str) -> bool:
        """Whether ``action`` is a move of this game at all (legal now or not): a known
        action, a card of this deck, a bid or a suit; anything else is never named."""
        kind, _, arg = action.partition(":")
        if not arg:
            return action in SIMPLE_ACTIONS or action in VARIANT_ACTIONS.get(self.info.key, {})
        if kind in VERBS:
            return arg in self.ranking.suit
        if kind == "bid":
            return arg in BID_NAMES or (arg.isdigit() and len(arg) <= 3)
        return kind == "trump" and len(arg) == 1 and arg in SUIT_NAMES

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see, JSON-safe."""
        if not 0 <= seat < self.players:
            raise IllegalAction(f"There is no seat {seat}.")
        return {
            "variant": self.info.key,
            "players": self.players,
            "seat": seat,
            "side": self.side_of(seat),
            "sides": [self.seats_of(side) for side in range(self.num_sides)],
            "options": dict(self.options),
            "target": self.target,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "phase": self.phase,
            "current_player": self.current_player,
            "maker": self.maker,
            "scores": list(self.scores),
            "is_over": self.is_over,
            "winner": self.winner,
            "previous_hand": self.previous_hand,
        }

    def public_view(self) -> dict[str, Any]:
        """What every onlooker may see: a seat's view without its private parts."""
        view = self.view(0)
        for key in self.private_view_keys:
            view.pop(key, None)
        view["seat"] = view["side"] = None
        return view

    # ----- persistence -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict from which :meth:`from_json` rebuilds exactly this game."""
        return {
            "variant": self.info.key,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "deal": self.initial_deal,
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game saved by :meth:`to_json` by replaying its actions."""
        if data.get("variant") != cls.info.key:
            raise ValueError(f"Saved game is {data.get('variant')!r}, not {cls.info.key!r}.")
        game = cls(data["players"], data["seed"], data["options"], data.get("deal"))
        for action in data["log"]:
            game.apply(action)
        return game

    @classmethod
    def _blank_from_view(cls, view: Mapping[str, Any]) -> Any:
        """A game object carrying the public, game-wide fields of ``view`` (for sampling)."""
        game = cls.__new__(cls)
        game.players = view["players"]
        game._init_seats()
        game.seed = 0
        game.options = dict(view["options"])
        game.target = view["target"]
        game.initial_deal = None
        game.log, game.events = [], []
        game.scores = list(view["scores"])
        game.winner = view["winner"]
        game.hand_number = view["hand_number"]
        game.phase = view["phase"]
        game.turn = view["current_player"]
        game.maker = view["maker"]
        game.dealer = view["dealer"]
        game.previous_hand = view.get("previous_hand")
        game._legal_now = None
        return game

    # ----- hand lifecycle for variants ---------------------------------------------------
    def _emit(self, kind: str, **data: Any) -> None:
        data["type"] = kind
        self.events.append(data)

    def _hand_rng(self) -> random.Random:
        """The random source of the current hand (its shuffle, table flips, …)."""
        return random.Random(f"{self.seed}:{self.hand_number}")

    def _start_hand(self, deal: Mapping[str, Any] | None) -> None:
        self.hand_number += 1
        self.maker = None
        self._emit("deal", hand=self.hand_number, dealer=self.dealer)
        self._deal_hand(deal if deal and "hands" in deal else None)

    def _deal_hand(self, deal: Mapping[str, Any] | None) -> None:
        """Deal a hand: from ``deal`` if given, else shuffled with :meth:`_hand_rng`; then
        :meth:`_keep_deal` with the parts of the variant's deal shape."""
        raise NotImplementedError

    def _keep_deal(self, **parts: Any) -> None:
        """Remember the hand as dealt, for :meth:`hand_dealt` (copied: play changes lists)."""
        copies = {
            key: [list(p) if isinstance(p, list) else p for p in part]
            if isinstance(part, list) else part
            for key, part in parts.items()
        }
        self.dealt = {"dealer": self.dealer, **copies}

    def hand_dealt(self) -> dict[str, Any]:
        """The hand in progress (the last one, once the game is over) as it was dealt:
        every card, in the shape ``new_game(deal=...)`` takes, with the dealer.

        It shows what no seat may see: it is for reviewing a finished game, never for a
        seat's view or a computer player.
        """
        copy: dict[str, Any] = json.loads(json.dumps(self.dealt))
        return copy

    def _next_dealer(self) -> int:
        return (self.dealer + 1) % self.players

    def _misdeal(self, reason: str) -> None:
        """Throw the hand in and deal again, the deal passing on."""
        self._emit("misdeal", reason=reason)
        self.dealer = self._next_dealer()
        self._start_hand(None)

    def _finish_hand(self, points: list[int], **details: Any) -> None:
        """Add a hand's points, then end the game or deal the next hand."""
        for side, value in enumerate(points):
            self.scores[side] += value
        details.setdefault("trump", self.trump)
        self._emit("hand_scored", points=list(points), scores=list(self.scores), **details)
        winner = self._game_winner()
        if winner is None and getattr(self, "stop_after_hand", False):
            self._stop_between_hands()
            return
        self.previous_hand = self._hand_record(points)
        if winner is not None:
            self.winner = winner
            self.turn = None
            self.phase = "over"
            self._emit("game_over", winner=winner, scores=list(self.scores))
            return
        self.dealer = self._next_dealer()
        self._start_hand(None)

    def _stop_between_hands(self) -> None:
        """A search's copy (``stop_after_hand`` set) ends with the hand: the hand number
        moves on, nobody is to act and the next hand is never dealt (it is never looked
        at, and dealing it was a sixth of a playout's cost)."""
        self.hand_number += 1
        self.turn = None
        self.phase = "between"

    def _legal_between(self) -> list[str]:
        return []

    def _hand_record(self, points: list[int]) -> dict[str, Any]:
        """The hand just scored, for views until the next hand's first trick: its last
        trick, the tricks each seat took and the points each side got."""
        won = [0] * len(self.hands)
        last: dict[str, Any] | None = None
        for event in reversed(self.events):
            kind = event["type"]
            if kind == "deal":
                break
            if kind == "trick":
                won[event["winner"]] += 1
                if last is None:
                    last = {"cards": list(event["cards"]), "winner": event["winner"]}
                    if "area" in event:  # the winning card's area (two cards a seat)
                        last["area"] = event["area"]
        return {
            "hand_number": self.hand_number,
            "last_trick": last,
            "tricks_won": won,
            "points": list(points),
            "scores": list(self.scores),
        }

    def _game_winner(self) -> int | None:
        """The winning side after a hand, by RULINGS.md's shared tie rules, or None."""
        reached = [s for s in range(len(self.scores)) if self.scores[s] >= self.target]
        if not reached:
            return None
        best = max(self.scores[s] for s in reached)
        leaders = [s for s in reached if self.scores[s] == best]
        if len(leaders) == 1:
            return leaders[0]
        maker_side = None if self.maker is None else self.side_of(self.maker)
        return maker_side if maker_side in leaders else None

    def _legal_over(self) -> list[str]:
        return []

    # ----- shared by every variant's hands -----------------------------------------------
    def _seat(self) -> int:
        """The seat whose turn it is (only while someone must act)."""
        assert self.turn is not None
        return self.turn

    def _record_bid(self, seat: int, action: str) -> None:
        """Note a public bidding action and announce it."""
        self.bidding.append({"seat": seat, "action": action})
        self._emit("bid", seat=seat, action=action)

    def _set_trump(self, trump: str | None) -> None:
        """Fix (or change) trump; hands are re-sorted with trump last."""
        self.trump = trump
        self.ranking = ranking(self.rank_rules, trump)
        key = sort_key(trump)
        for hand in self.hands:
            hand.sort(key=key)
