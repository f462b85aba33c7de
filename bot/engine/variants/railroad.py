"""Railroad Euchre: 33 cards with a Joker; four players in two partnerships or six in three.

Deal shape for ``deal=``: ``{"dealer": int, "hands": [[cards] × players], "kitty": [cards]}``;
``kitty[0]`` is turned up. Four players: 7 cards each and a kitty of 5; six players: 5 each
and a kitty of 3. Optional ``"scores"`` (one per side) starts from those scores. A shuffled
deal gives packets of 3 then 4 (four players) or 2 then 3 (six players) from the dealer's
left; the rest is the kitty.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..cards import SUITS, deal_packets, french_deck, shuffle, sort_hand, suit_name
from ..names import display_card
from ..ranking import RankRules, ranking
from ..trick import TrickGame
from ..variant import VariantInfo, target_option
from .railroad_sampling import deal_hidden, exchange_cards, pending_steps

RULES = """\
**Railroad Euchre** — four players (two partnerships) or six (three); partners sit
opposite. 33 cards: 7 to A and one Joker. Four players get 7 cards (dealt 3 then 4) and
the kitty has 5; six players get 5 (dealt 2 then 3) and the kitty has 3. The top kitty
card is turned up.
**Trump** — the Joker is always the highest trump, then the right bower, the left bower,
A K Q 10 9 8 7. From the dealer's left each may *order up* the turned card (the dealer
takes it and discards one face down) or pass. If all pass it is turned down and each may
name another suit or pass; if all pass again the hand is thrown in and the deal passes.
A turned-up Joker ordered up makes a *no-trump* hand: the dealer takes the Joker, which
then wins any trick it is played to (and can be played at any time); aces are high. If
it is turned down, any suit may be named and the Joker stays in the kitty.
**Partner, alone or Jambone** — once trump is fixed (and the dealer has discarded) the
maker plays with their partner, goes *alone* or declares a *Jambone*. Alone and Jambone:
the maker gives their partner a card, the partner gives any card back, then sits out.
Against a four-player loner each opponent in turn from the maker's left may *defend
alone*, exchanging a card with their partner the same way. Nobody defends alone in
six-player games or against a Jambone.
In a Jambone the maker's hand is shown to everyone and the opponent on the maker's left
chooses each card the maker plays (following suit as usual).
**Jamboree** — a player who holds the five highest trumps (Joker, both bowers, A, K)
once the exchanges are done scores 16 for their side at once; if that reaches the
target, the game ends there. No trump, no Jamboree. A player who sits out cannot
claim it.
**Play** — the player left of the dealer leads (the next player if they sit out).
**Score** — the makers need 4 of 7 tricks (six players: 3 of 5) and then score 1 per
trick; otherwise each other side scores 1 per trick it took. Alone doubles both ways; a
lone defender who takes 4 tricks or more scores 3 per trick. A Jambone taking
every trick scores 28; otherwise every opposing side that took a trick scores 28.
First to 64 wins; sides reaching it together: the higher score, then the makers; if
still tied, another hand is played."""

JOKER = "BJ"
DECK = tuple(french_deck("789TJQKA", jokers=(JOKER,)))
SHAPES = {4: ((3, 4), 4), 6: ((2, 3), 3)}  # players → (packets, tricks the makers need)
RULES_RANKING = RankRules(
    plain_order=tuple("789TJQKA"), trump_jokers=(JOKER,), no_trump_winners=(JOKER,)
)


@cache
def top_trumps(trump: str) -> frozenset[str]:
    """The five highest trumps under ``trump`` (Joker, bowers, A, K)."""
    rank = ranking(RULES_RANKING, trump)
    trumps = sorted((c for c in DECK if rank.suit[c] == trump), key=rank.power.__getitem__)
    return frozenset(trumps[-5:])


class Railroad(TrickGame):
    """Railroad Euchre."""

    __slots__ = (
        "chooser", "declaration", "defend_queue", "defender", "discarded", "exchange_owner",
        "exchanges", "jamboree", "kitty", "trump_call", "turn_up", "turn_up_state",
    )

    rank_rules = RULES_RANKING
    deck = DECK

    def _deal_hand(self, deal: Mapping[str, Any] | None) -> None:
        if deal is None:
            cards = list(DECK)
            shuffle(cards, self._hand_rng())
            hands, kitty = deal_packets(cards, self.players, self.dealer, SHAPES[self.players][0])
        else:
            hands, kitty = [list(h) for h in deal["hands"]], list(deal["kitty"])
        self._reset_hand(hands)
        self._keep_deal(hands=hands, kitty=kitty)
        self.kitty = kitty
        self.turn_up = kitty[0]
        self.turn_up_state = "up"
        self.trump_call: str | None = None
        self.declaration: str | None = None
        self.defender: int | None = None
        self.defend_queue: list[int] = []
        self.exchange_owner: int | None = None
        self.exchanges: list[tuple[int, int, str]] = []
        self.discarded: str | None = None
        self.jamboree: int | None = None
        self.chooser: int | None = None
        self.phase = "round1"
        self.turn = self._left(self.dealer)
        self._emit("turn_up", card=self.turn_up)

    # ----- seats -------------------------------------------------------------------------
    def _left(self, seat: int) -> int:
        return (seat + 1) % self.players

    def partner_of(self, seat: int) -> int:
        """The partner across the table (two seats on with four players, three with six)."""
        return (seat + self.players // 2) % self.players

    @property
    def current_player(self) -> int | None:
        """As usual, except that the Jambone chooser acts on the maker's turns."""
        if self.is_over:
            return None
        if self.chooser is not None and self.turn == self.maker and self.phase == "play":
            return self.chooser
        return self.turn

    def _maker(self) -> int:
        assert self.maker is not None
        return self.maker

    # ----- round one: order up or pass; the dealer discards -------------------------------
    def _legal_round1(self) -> list[str]:
        return ["order", "pass"]

    def _apply_round1(self, action: str) -> None:
        seat = self._seat()
        self._record_bid(seat, action)
        if action == "order":
            call = "N" if self.turn_up == JOKER else self.turn_up[1]
            self._make_trump(seat, call, "ordered")
            self.kitty.remove(self.turn_up)
            self.hands[self.dealer] = sort_hand(
                self.hands[self.dealer] + [self.turn_up], self.trump
            )
            self.turn_up_state = "taken"
            self.phase = "discard"
            self.turn = self.dealer
        else:
            if seat == self.dealer:
                self.turn_up_state, self.phase = "down", "round2"
            self.turn = self._left(seat)

    def _legal_discard(self) -> list[str]:
        return ["discard:" + c for c in self.hands[self.dealer]]

    def _apply_discard(self, action: str) -> None:
        card = action[8:]
        self.hands[self.dealer].remove(card)
        self.kitty.append(card)
        self.discarded = card
        self._emit("discard", seat=self.dealer)
        self._ask_declaration()

    # ----- round two: name another suit or pass ------------------------------------------
    def _legal_round2(self) -> list[str]:
        suits = [s for s in SUITS if self.turn_up == JOKER or s != self.turn_up[1]]
        return ["trump:" + s for s in suits] + ["pass"]

    def _apply_round2(self, action: str) -> None:
        seat = self._seat()
        self._record_bid(seat, action)
        if action.startswith("trump:"):
            self._make_trump(seat, action[6:], "named")
            self._ask_declaration()
        elif seat == self.dealer:
            self._misdeal("everyone passed")
        else:
            self.turn = self._left(seat)

    def _make_trump(self, seat: int, call: str, how: str) -> None:
        self.maker, self.trump_call = seat, call
        self._set_trump(None if call == "N" else call)
        self._emit(
            "trump", seat=seat, trump=self.trump, no_trump=call == "N", how=how, dealer=self.dealer
        )

    # ----- partner, alone or jambone; the exchanges; defending alone ----------------------
    def _ask_declaration(self) -> None:
        self.phase = "declare"
        self.turn = self.maker

    def _legal_declare(self) -> list[str]:
        return ["partner", "alone", "jambone"]

    def _apply_declare(self, action: str) -> None:
        maker = self._seat()
        self.declaration = action
        self._emit("declare", seat=maker, choice=action)
        if action == "partner":
            self._start_play()
        else:
            self._emit("alone", seat=maker, how=action)
            self._start_exchange(maker)

    def _start_exchange(self, owner: int) -> None:
        self.exchange_owner = owner
        self.phase = "give"
        self.turn = owner

    def _legal_give(self) -> list[str]:
        return ["give:" + c for c in self.hands[self._seat()]]

    def _apply_give(self, action: str) -> None:
        giver, card = self._seat(), action[5:]
        receiver = self.partner_of(giver)
        self.hands[giver].remove(card)
        self.hands[receiver] = sort_hand(self.hands[receiver] + [card], self.trump)
        self.exchanges.append((giver, receiver, card))
        self._emit("give", seat=giver, to=receiver)
        if giver == self.exchange_owner:
            self.turn = receiver
            return
        self.active[giver] = False
        self.exchange_owner = None
        if receiver == self.maker and self.declaration == "alone" and self.players == 4:
            self.defend_queue = [self._left(self.maker), (self.maker + 3) % 4]
            self.phase = "defend"
            self.turn = self.defend_queue.pop(0)
        else:
            self._start_play()

    def _legal_defend(self) -> list[str]:
        return ["defend_alone", "pass"]

    def _apply_defend(self, action: str) -> None:
        seat = self._seat()
        self._emit("defend", seat=seat, alone=action == "defend_alone")
        if action == "defend_alone":
            self.defender = seat
            self.defend_queue = []
            self._start_exchange(seat)
        elif self.defend_queue:
            self.turn = self.defend_queue.pop(0)
        else:
            self._start_play()

    # ----- jamboree, then play -----------------------------------------------------------
    def _start_play(self) -> None:
        if self._check_jamboree():
            return
        if self.declaration == "jambone":
            maker = self._maker()
            self.chooser = self._left(maker)
            self._emit("jambone", seat=maker, chooser=self.chooser, hand=list(self.hands[maker]))
        self._begin_play(self._left(self.dealer))

    def _check_jamboree(self) -> bool:
        """Score a Jamboree if an active seat holds it; True if that ended the game."""
        if self.trump is None:
            return False
        top = top_trumps(self.trump)
        holder = next(
            (s for s in range(self.players) if self.active[s] and top.issubset(self.hands[s])), None
        )
        if holder is None:
            return False
        side = self.side_of(holder)
        self.jamboree = holder
        points = [16 if s == side else 0 for s in range(self.num_sides)]
        self.scores[side] += 16
        self._emit(
            "jamboree",
            seat=holder,
            side=side,
            bonus=16,
            points=points,
            cards=sort_hand(top, self.trump),
            scores=list(self.scores),
        )
        winner = self._game_winner()
        if winner is None:
            return False
        self.winner, self.turn, self.phase = winner, None, "over"
        self._emit("game_over", winner=winner, scores=list(self.scores))
        return True

    # ----- scoring -----------------------------------------------------------------------
    def _score_hand(self) -> None:
        assert self.maker is not None
        tricks = self.side_tricks()
        side, need = self.side_of(self.maker), SHAPES[self.players][1]
        taken, points = tricks[side], [0] * self.num_sides
        alone = self.declaration == "alone"
        if self.declaration == "jambone":
            made = taken == sum(tricks)
            for s, won in enumerate(tricks):
                if s == side and made or s != side and won and not made:
                    points[s] = 28
        elif taken >= need:
            made = True
            points[side] = taken * (2 if alone else 1)
        else:
            made = False
            lone = None if self.defender is None else self.side_of(self.defender)
            for s, won in enumerate(tricks):
                if s != side:
                    points[s] = won * (3 if s == lone and won >= need else 2 if alone else 1)
        self._finish_hand(
            points,
            maker=self.maker,
            tricks=tricks,
            made=made,
            euchred=None if made else side,
            declaration=self.declaration,
            defender=self.defender,
            jamboree=self.jamboree,
        )

    # ----- explaining and viewing --------------------------------------------------------
    def explain_illegal(self, action: str) -> str:
        """Say why, in the words of the phase (turned-down suit, exchanges, Jambone)."""
        if self.is_over:
            return super().explain_illegal(action)
        phase, card = self.phase, action.partition(":")[2]
        if phase == "round1":
            return "Order up the turned card or pass."
        if phase == "round2" and action.startswith("trump:"):
            if card == "N":
                return "No trump comes only from ordering up a turned Joker: name a suit or pass."
            if card == self.turn_up[1]:
                turned = suit_name(card).capitalize()
                return f"{turned} was turned down: name another suit or pass."
        if phase == "declare":
            return "Choose to play with your partner, go alone or declare a Jambone."
        if phase in ("give", "discard") and action.startswith(phase + ":") and self.is_move(action):
            verb = "give your partner" if phase == "give" else "discard"
            return f"You don't hold {self._card(card)}: {verb} one of your own cards."
        if phase == "defend":
            return "Defend alone or pass."
        if phase == "play" and self.current_player != self.turn and action.startswith("play:"):
            return self._explain_jambone(card)
        return super().explain_illegal(action)

    def _explain_jambone(self, card: str) -> str:
        hand = self.hands[self._seat()]
        if card not in hand:
            choices = ", ".join(self._card(c) for c in self.playable(self._seat()))
            return (
                "Only the Jambone chooser picks the maker's card, from the maker's "
                f"hand: {choices}."
            )
        led = self.led_suit()
        held = next(c for c in hand if self.ranking.suit[c] == led)
        return f"The maker must follow {suit_name(led)}: they hold the {self._card(held)}."

    def _card(self, card: str) -> str:
        return display_card(card, "railroad") if card in DECK else card

    def known_cards(self, seat: int) -> list[list[str]]:
        """Per seat, cards ``seat`` knows it holds: a Jamboree, cards ``seat`` gave it."""
        known: list[list[str]] = [[] for _ in range(self.players)]
        if self.jamboree is not None and self.trump is not None:
            top = top_trumps(self.trump)
            known[self.jamboree] = [c for c in self.hands[self.jamboree] if c in top]
        for giver, receiver, card in self.exchanges:
            if giver == seat and card in self.hands[receiver] and card not in known[receiver]:
                known[receiver].append(card)
        known[seat] = []
        return known

    def view(self, seat: int) -> dict[str, Any]:
        """Adds the turn-up, declaration, exchanges, the Jambone hand and known cards."""
        view = super().view(seat)
        view.update(
            turn_up=self.turn_up,
            turn_up_state=self.turn_up_state,
            trump_call=self.trump_call,
            declaration=self.declaration,
            defender=self.defender,
            chooser=self.chooser,
            exposed_hand=None if self.chooser is None else list(self.hands[self._maker()]),
            exchanges=[{"giver": g, "receiver": r} for g, r, _ in self.exchanges],
            discarded=self.discarded if seat == self.dealer else None,
            jamboree=self.jamboree,
            known_cards=self.known_cards(seat),
        )
        return view

    @classmethod
    def sample_from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Railroad:
        """A full game matching ``view``: hidden hands and kitty dealt at random."""
        game: Railroad = cls._blank_from_view(view)
        game._restore_play_state(view, [[] for _ in view["hand_sizes"]])
        played, suit = game.played_cards(view), game.ranking.suit
        hands, kitty = deal_hidden(view, DECK, played, suit, game._view_voids(view), rng)
        game._restore_play_state(view, hands)
        game.kitty, game.turn_up, game.turn_up_state = kitty, view["turn_up"], view["turn_up_state"]
        game.trump_call, game.declaration = view["trump_call"], view["declaration"]
        game.defender, game.chooser = view["defender"], view["chooser"]
        game.jamboree = view["jamboree"]
        top = top_trumps(game.trump) if game.trump is not None else frozenset()
        game.exchanges = exchange_cards(view, game.hands, top)
        discard_done = game.turn_up_state == "taken" and game.phase != "discard"
        game.discarded = view["discarded"] or (kitty[-1] if discard_done else None)
        game.exchange_owner, game.defend_queue = pending_steps(view, game.phase)
        if game.phase == "play":
            seats = game.trick_seats
            game.turn = game._next_active(seats[-1]) if seats else game.leader
        return game


INFO = VariantInfo(
    key="railroad",
    name="Railroad Euchre",
    player_counts=(4, 6),
    options=(target_option(64),),
    summary="Euchre with 7s, 8s and a Joker: loners, lone defenders, Jambone, Jamboree; to 64.",
    rules=RULES,
    deal_shape=__doc__ or "",
)
Railroad.info = INFO
GAME_CLASS = Railroad
