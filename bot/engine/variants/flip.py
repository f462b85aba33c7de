"""Flip/Switch Double Deck Euchre: 2 to 10 players, each for themselves, trump on the move.

Seats: the ``players`` people sit at seats 0..players-1. With an odd number of players a dead
hand sits at the extra seat ``players`` (after the last person, before seat 0): it is dealt a
hand, plays in turn, takes tricks and keeps a score (the last entry of ``scores``), but it is
never the current player, never deals, never leads the first trick and never wins; the engine
plays for it the moment its turn comes. ``view()`` exists for the people's seats only.

Deal shape for ``deal=``::

    {"dealer": int, "hands": [[cards] × hands], "burn": card, "calling": card}

``hands`` lists the people's hands (seat order), then the dead hand's (odd player counts).
The dead hand plays its cards in the order of that list: its "top card" is the first one it
has left. Hand size by number of hands: 2 → 12, 4 → 10, 6 → 7, 8 → 5, 10 → 4 cards. A stacked
deal may give shorter hands (all the same size; bids then run from min(minimum bid, size) to
size). ``burn`` lies face down under the face-up ``calling`` card. Optional ``"scores"`` has
one entry per hand, dead hand last. A shuffled deal gives hand i the deck's cards
[i·size, (i+1)·size), then the burn card, then the calling card; the rest stays undealt.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..cards import french_deck, natural_suit, sort_hand, sort_key
from ..names import display_card
from ..ranking import RankRules, ranking
from ..trick import TrickGame
from ..variant import OptionSpec, VariantInfo, target_option
from .flip_sample import led_after, sample_hidden

HAND_SIZES = {2: 12, 4: 10, 6: 7, 8: 5, 10: 4}
MIN_BIDS = {12: 6, 10: 3, 7: 2, 5: 1}
BENNY, CHARLIE = "BJ", "LJ"
DECKS = {
    52: tuple(french_deck("9TJQKA", (BENNY, CHARLIE), copies=2)),
    50: tuple(french_deck("9TJQKA", copies=2) + [BENNY, CHARLIE]),
}
PLAY = {c: "play:" + c for c in DECKS[52]}
SWITCH = {c: "switch:" + c for c in DECKS[52]}
SUIT_ORDER = sort_key(None)  # the order hands are kept in
JOKER_PLAYS = frozenset((PLAY[BENNY], PLAY[CHARLIE]))
BID_IDS = tuple(f"bid:{n}" for n in range(max(HAND_SIZES.values()) + 1))

RULES = """\
**Flip Euchre** — 2 to 10 players, each for themselves. Two each of 9 to A in four suits
plus Benny (big joker) and Charlie (little joker): two of each (52 cards) or one (50).
12 cards each with 2 hands, 10 with 4, 7 with 6, 5 with 8, 4 with 10. An odd number of
players adds a **dead hand** in the last seat (after the last player, before the first).
**Calling card** — after the deal one card is burned face down and the next turned face up
on it: its suit is trump (a joker: no trump). Bowers as usual; plain suits A K Q J 10 9.
**Bidding** — from the dealer's left everyone bids once how many tricks they will take, from
the minimum (12 cards: 6, 10: 3, 7: 2, 5: 1) to the hand size; no passing. The dead hand
bids the minimum as the cards are dealt.
**Zilch** — always with 4-card hands, or by table option: no bids, fewest tricks is best.
**Play** — the first player left of the dealer leads (the dead hand never leads the first
trick; it leads a trick after winning one). Follow the led suit if you can, judged by the
trump showing when you play. **Benny** has no suit and wins its trick (the first Benny of
two); if it is the first card of a trick apart from Charlies, nobody need follow.
**Charlie** has no suit and always loses; when played, the calling card and the burn card
swap: the burn card turns up and sets trump, the old calling card goes face down. Charlie
never switches, even as a match card. If a joker is led, the first card with a suit sets
the suit to follow (unless that first card is Benny).
**Switch** — after playing a **match card** (identical to the calling card showing) or a
Benny, you may switch in any other card from your hand as the new calling card (taking the
old calling card into your hand), or not switch. Not after your last card.
**Trump changes mid-trick** — the trick goes to the highest trump under the calling card
showing when it ends; the suit led is that of its first card with a suit, under that trump.
Cards that followed an earlier trump may become discards.
**Dead hand** — plays its top card (the next in the order dealt) without following; its
Charlie flips trump; its Benny or match card never switches.
**Score** — made bid: 30, less 5 per trick over; short: −5 per trick short. Zilch: 5, less 5
per trick taken. The most negative score of a hand is euchred. The dead hand scores too but
never wins, and its score never ends the game.
**Game** — first to 100 (target); in Zilch also when a player reaches −100 (−target): then
the highest score wins. A tie for the highest score plays another hand."""


class Flip(TrickGame):
    """Flip/Switch Double Deck Euchre.

    Phases: ``bid`` (``bid:<n>``; skipped in Zilch), ``play`` and ``switch`` (``switch:<card>``
    or ``no_switch``, for the player who just played a match card or a Benny). The view adds
    ``calling_card`` (never the burn card), ``dead_hand`` (its seat or None), ``bids`` (per
    hand, None before bidding or in Zilch), ``zilch``, ``hand_size``, ``min_bid``, ``deck``,
    ``known_cards`` (per hand: cards taken by a switch and not played or given since) and,
    on every card of ``trick`` / ``tricks``, the ``trump`` in force when it was played.
    Events: ``trump`` (``how``: turned, flipped or switched; a switch also names the card
    ``took``), ``bid``, ``play``, ``no_switch``, ``trick``, ``hand_scored`` (``points``,
    ``bids``, ``tricks``, ``euchred``: the people with the most negative score, a list,
    ``zilch``, ``dead_hand``) and ``game_over``.
    """

    __slots__ = (
        "bids", "burn", "calling", "dead", "dead_cards", "hand_size", "known", "min_bid",
        "num_hands", "hand_plays", "follow_plays", "trick_plays", "zilch",
    )

    partnerships = False
    private_view_keys = ("hand",)  # known_cards are public here: cards taken by a switch
    rank_rules = RankRules(
        plain_order=tuple("9TJQKA"), suitless_winners=(BENNY,), suitless_losers=(CHARLIE,)
    )

    def _init_seats(self) -> None:
        self.num_hands = self.players + self.players % 2
        self.dead: int | None = self.players if self.players % 2 else None

    @property
    def num_sides(self) -> int:
        """One side per hand: each person, then the dead hand."""
        return self.num_hands

    def seats_of(self, side: int) -> list[int]:
        """Every side is a single seat."""
        return [side]

    def deck(self) -> list[str]:
        """The table's deck: 52 cards (two of each joker) or 50 (one of each)."""
        return list(DECKS[self.options["deck"]])

    # ----- the deal ----------------------------------------------------------------------
    def _deal_hand(self, deal: Mapping[str, Any] | None) -> None:
        n, size = self.num_hands, HAND_SIZES[self.num_hands]
        if deal is None:
            cards = _shuffled(DECKS[self.options["deck"]], self._hand_rng())
            hands = [cards[i * size : (i + 1) * size] for i in range(n)]
            burn, calling = cards[n * size], cards[n * size + 1]
        else:
            hands = [list(h) for h in deal["hands"]]
            burn, calling = deal["burn"], deal["calling"]
            self._check_deal(hands, [burn, calling])
            if not 0 <= self.dealer < self.players:
                raise ValueError("The dealer must be one of the players, not the dead hand.")
            size = len(hands[0])
        self._keep_deal(hands=hands, burn=burn, calling=calling)
        self.dead_cards: list[str] = list(hands[self.dead]) if self.dead is not None else []
        self._reset_hand(hands)
        self._list_plays()
        self.hand_size = size
        self.zilch: bool = bool(self.options["zilch"]) or HAND_SIZES[n] == 4
        self.min_bid = min(MIN_BIDS.get(HAND_SIZES[n], 1), size)
        self.bids: list[int | None] = [None] * n
        self.burn, self.calling = burn, calling
        self.known: list[list[str]] = [[] for _ in range(n)]
        self.trick_plays: list[dict[str, Any]] = []  # the trick's records, as _trick_cards
        self._set_trump(natural_suit(calling))
        self._emit("trump", seat=None, trump=self.trump, card=calling, how="turned")
        if self.zilch:
            self._begin_play(self._left_of(self.dealer))
            return
        if self.dead is not None:
            self.bids[self.dead] = self.min_bid
            self._record_bid(self.dead, f"bid:{self.min_bid}")
        self.phase = "bid"
        self.turn = self._left_of(self.dealer)

    def _check_deal(self, hands: list[list[str]], extra: list[str]) -> None:
        if len(hands) != self.num_hands:
            raise ValueError(f"A stacked deal needs {self.num_hands} hands, not {len(hands)}.")
        size = len(hands[0])
        if not 0 < size <= HAND_SIZES[self.num_hands] or any(len(h) != size for h in hands):
            raise ValueError("Stacked hands must all have the same size, at most the usual.")
        extra_cards = Counter(c for h in hands for c in h) + Counter(extra) - Counter(self.deck())
        if extra_cards:
            raise ValueError(f"Stacked deal has cards beyond the deck: {dict(extra_cards)}")

    def _list_plays(self) -> None:
        """Note each hand's play ids, one per card held (a double deck has two of each)."""
        self.hand_plays = [_plays_of(h) for h in self.hands]

    def _left_of(self, seat: int) -> int:
        """The next person (not the dead hand) clockwise from ``seat``."""
        nxt = (seat + 1) % self.num_hands
        return (nxt + 1) % self.num_hands if nxt == self.dead else nxt

    # ----- bidding -----------------------------------------------------------------------
    def _legal_bid(self) -> list[str]:
        return list(BID_IDS[self.min_bid : self.hand_size + 1])

    def _apply_bid(self, action: str) -> None:
        seat = self._seat()
        self.bids[seat] = int(action[4:])
        self._record_bid(seat, action)
        nxt = self._left_of(seat)
        if self.bids[nxt] is None:
            self.turn = nxt
        else:
            self._begin_play(self._left_of(self.dealer))

    def _set_trump(self, trump: str | None) -> None:
        """Fix or change trump. Trump changes often here, so hands are kept in plain suit
        order (jokers last) and only :meth:`view` shows them with trump last."""
        self.trump = trump
        self.ranking = ranking(self.rank_rules, trump)
        self.follow_plays = _follow_plays(trump)

    # ----- play --------------------------------------------------------------------------
    def led_suit(self) -> str | None:
        """The suit to follow now: Charlies are skipped; a Benny first frees everyone."""
        return led_after(self.trick, self.ranking)

    def _legal_play(self) -> list[str]:
        plays = self.hand_plays[self.turn]  # type: ignore[index]
        if self.trick:
            led = led_after(self.trick, self.ranking)
            if led is not None:
                following = self.follow_plays[led]
                follow = [a for a in plays if a in following]
                if follow:
                    if plays[-1] in JOKER_PLAYS:  # jokers sort last: the hand's order holds
                        follow += [a for a in plays if a in JOKER_PLAYS]
                    return follow
        return plays[:]

    def _apply_play(self, action: str) -> None:
        self._play_card(self.turn, action[5:])  # type: ignore[arg-type]
        if self.turn == self.dead:
            self._run_dead()

    def _play_card(self, seat: int, card: str) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        if card not in hand:  # not the first of two
            self.hand_plays[seat].remove(PLAY[card])
        if seat == self.dead:
            self.dead_cards.remove(card)
        else:
            known = self.known[seat]
            if known and card in known:
                known.remove(card)
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        self.trick_plays.append({"seat": seat, "card": card, "trump": self.trump})
        self.events.append({"seat": seat, "card": card, "type": "play"})
        if card == CHARLIE:
            self.calling, self.burn = self.burn, self.calling
            self._set_trump(natural_suit(self.calling))
            self._emit("trump", seat=seat, trump=self.trump, card=self.calling, how="flipped")
        elif ((card == BENNY or card == self.calling) and seat != self.dead
              and any(c != self.calling for c in hand)):
            self.phase = "switch"
            return
        if len(trick) >= self.num_hands:  # as _after_card, inlined: this runs on every card
            self._complete_trick()
        else:
            self.turn = (seat + 1) % self.num_hands

    def _after_card(self, seat: int, card: str) -> None:
        """Complete the trick or pass the turn (nobody sits out in Flip)."""
        if len(self.trick) >= self.num_hands:
            self._complete_trick()
        else:
            self.turn = (seat + 1) % self.num_hands

    def _run_dead(self) -> None:
        """Play the dead hand's top card whenever its turn comes."""
        while self.phase == "play" and self.turn is not None and self.turn == self.dead:
            self._play_card(self.turn, self.dead_cards[0])

    def _trick_cards(self) -> list[dict[str, Any]]:
        """The trick in progress, each card with the trump in force when it was played."""
        return [dict(p) for p in self.trick_plays]

    def _complete_trick(self) -> None:
        """The trick goes by the trump showing now; its cards keep the trump of their play."""
        trick, seats = self.trick, self.trick_seats
        winner = seats[self.ranking.winner(trick)]
        self.tricks_won[winner] += 1
        cards = self.trick_plays
        self.tricks.append({"leader": seats[0], "cards": cards, "winner": winner,
                            "trump": self.trump})
        self.events.append({"winner": winner, "cards": cards, "type": "trick"})
        self.trick, self.trick_seats, self.trick_plays = [], [], []
        if self.hands[0]:
            self.leader = self.turn = winner
        else:
            self.turn = None
            self._score_hand()

    # ----- switching the calling card ----------------------------------------------------
    def _legal_switch(self) -> list[str]:
        calling = self.calling
        switches = [SWITCH[c] for c in dict.fromkeys(self.hands[self._seat()]) if c != calling]
        switches.append("no_switch")
        return switches

    def _apply_switch(self, action: str) -> None:
        seat = self._seat()
        if action == "no_switch":
            self._emit("no_switch", seat=seat)
        else:
            card, took = action[7:], self.calling
            hand = self.hands[seat]
            hand.remove(card)
            hand.append(took)
            hand.sort(key=SUIT_ORDER)
            self.hand_plays[seat] = _plays_of(hand)
            self.calling = card
            if card in self.known[seat]:
                self.known[seat].remove(card)
            self.known[seat].append(took)
            self._set_trump(natural_suit(card))
            self._emit("trump", seat=seat, trump=self.trump, card=card, how="switched", took=took)
        self.phase = "play"
        self._after_card(seat, self.trick[-1])
        if self.turn == self.dead:
            self._run_dead()

    # ----- scoring -----------------------------------------------------------------------
    def _score_hand(self) -> None:
        tricks = list(self.tricks_won)
        if self.zilch:
            points = [5 - 5 * t for t in tricks]
        else:
            points = [_contract_points(b or 0, t) for b, t in zip(self.bids, tricks, strict=True)]
        low = min(points[: self.players])
        euchred = [s for s in range(self.players) if points[s] == low] if low < 0 else []
        self._finish_hand(
            points,
            bids=list(self.bids),
            tricks=tricks,
            euchred=euchred,
            zilch=self.zilch,
            dead_hand=self.dead,
        )

    def _game_winner(self) -> int | None:
        scores, people = self.scores, range(self.players)
        pool = [s for s in people if scores[s] >= self.target]
        if not pool and self.zilch and any(scores[s] <= -self.target for s in people):
            pool = list(people)
        if not pool:
            return None
        best = max(scores[s] for s in pool)
        leaders = [s for s in pool if scores[s] == best]
        return leaders[0] if len(leaders) == 1 else None

    # ----- explaining and viewing --------------------------------------------------------
    def explain_illegal(self, action: str) -> str:
        """Why an action is not allowed: following, bid range, switching."""
        if self.is_over:
            return "The game is over."
        if self.phase == "bid":
            return (
                f"Bid how many tricks you will take, from {self.min_bid} to "
                f"{self.hand_size}; there is no passing."
            )
        if self.phase == "switch":
            card = action[7:] if action.startswith("switch:") else ""
            if card and card == self.calling and card in self.hands[self._seat()]:
                return (
                    f"The {display_card(card, 'flip')} is already the calling card. "
                    "Switch in another card from your hand or don't switch."
                )
            return "Switch in a card from your hand or don't switch."
        return super().explain_illegal(action)

    def view(self, seat: int) -> dict[str, Any]:
        """The shared view plus the calling card (never the burn card), bids, known cards."""
        view = super().view(seat)
        tricks = [{**t, "cards": [dict(p) for p in t["cards"]]} for t in self.tricks]
        view.update(
            hand=sort_hand(self.hands[seat], self.trump),
            tricks=tricks,
            last_trick=tricks[-1] if tricks else None,
            calling_card=self.calling,
            dead_hand=self.dead,
            bids=list(self.bids),
            zilch=self.zilch,
            hand_size=self.hand_size,
            min_bid=self.min_bid,
            deck=self.options["deck"],
            known_cards=[list(k) for k in self.known],
        )
        return view

    @classmethod
    def sample_from_view(cls, view: dict[str, Any], rng: random.Random) -> Flip:
        """A complete game consistent with ``view``; hidden cards dealt at random.

        Later hands are dealt from a fresh seed drawn from ``rng`` (the real seed would
        reveal every hidden card).
        """
        game: Flip = cls._blank_from_view(view)
        game.seed = rng.randrange(2**62)
        hands, burn = sample_hidden(view, game.deck(), cls.rank_rules, rng)
        game.dead_cards = list(hands[game.dead]) if game.dead is not None else []
        hands[view["seat"]] = list(view["hand"])
        game._restore_play_state(view, hands)
        for hand in game.hands:
            hand.sort(key=SUIT_ORDER)
        game._list_plays()
        game.tricks = [{**t, "cards": [dict(p) for p in t["cards"]]} for t in view["tricks"]]
        game.trick_plays = [dict(p) for p in view["trick"]]
        game.hand_size, game.min_bid = view["hand_size"], view["min_bid"]
        game.zilch, game.bids = view["zilch"], list(view["bids"])
        game.calling, game.burn = view["calling_card"], burn
        game.known = [list(k) for k in view["known_cards"]]
        return game



def _shuffled(deck: tuple[str, ...], rng: random.Random) -> list[str]:
    """The deck in a random order drawn from ``rng`` (sorting by random keys: fast)."""
    keys = [rng.random() for _ in deck]
    return [deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__)]


def _plays_of(hand: list[str]) -> list[str]:
    """The play ids of a hand, one per card held, in the hand's order."""
    return [PLAY[c] for c in dict.fromkeys(hand)]


@cache
def _follow_plays(trump: str | None) -> dict[str, frozenset[str]]:
    """Under ``trump``: per led suit, the play ids of the cards that must follow it."""
    members = ranking(Flip.rank_rules, trump).members
    return {led: frozenset(map(PLAY.__getitem__, cards)) for led, cards in members.items() if led}


def _contract_points(bid: int, tricks: int) -> int:
    """30 less 5 per trick over a made bid; −5 per trick short."""
    return 30 - 5 * (tricks - bid) if tricks >= bid else -5 * (bid - tricks)


INFO = VariantInfo(
    key="flip",
    name="Flip Euchre",
    player_counts=tuple(range(2, 11)),
    options=(
        target_option(100),
        OptionSpec(
            "deck", 52, "52 cards (two of each joker) or 50 (one of each)", choices=(52, 50)
        ),
        OptionSpec(
            "zilch",
            False,
            "Zilch: no bids, fewest tricks wins (always with 4 cards)",
            choices=(False, True),
        ),
    ),
    summary=(
        "Double-deck Euchre for 2–10, each for themselves: bid your tricks, while Benny, "
        "Charlie and match cards flip and switch trump; first to 100."
    ),
    rules=RULES,
    deal_shape=__doc__ or "",
)
Flip.info = INFO
GAME_CLASS = Flip
