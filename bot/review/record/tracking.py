"""Following one hand through the replay of a game's action log (for
:func:`bot.review.record.build_record`).

A hand starts from ``Game.hand_dealt()``; the cards every seat holds are followed through
the engine's events (cards played, table cards turned up, Flip's switches) and read again
from the seats' views after any other action (a pick-up, a discard, a loner's exchange),
so that each trick keeps every seat's cards as they were once it was taken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.engine import Game

from .hands import HandRecord, TrickRecord

#: Keys of the public view, as play begins, that tell how the hand is played.
SETUP_KEYS = (
    "trump", "active", "turn_up", "turn_up_state", "chaff", "free_for_all", "shoot",
    "table_in_play", "calling_card", "bids", "zilch", "high_bid", "trump_call", "bid",
    "declaration", "defender", "chooser", "exposed_hand", "jamboree", "maker",
)


def tables_of(dealt: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each seat's table (Over the Rhine) or battery (Over the Top) as dealt, all cards
    named: ``{"up": [...], "down": [...]}`` or ``{"columns": [{"up", "down"}, ...]}``."""
    if "table_up" in dealt:
        return [{"up": list(up), "down": list(down)}
                for up, down in zip(dealt["table_up"], dealt["table_down"], strict=True)]
    if "battery_up" in dealt:
        return [{"columns": [{"up": u, "down": d} for u, d in zip(up, down, strict=True)]}
                for up, down in zip(dealt["battery_up"], dealt["battery_down"], strict=True)]
    return []


def copy_tables(tables: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], ...]:
    """A deep enough copy of the tables to keep."""
    kept = []
    for table in tables:
        if "columns" in table:
            kept.append({"columns": [dict(c) for c in table["columns"]]})
        else:
            kept.append({"up": list(table["up"]), "down": list(table["down"])})
    return tuple(kept)


class HandReplay:
    """One hand being replayed: the cards each seat holds, and what is recorded of it."""

    def __init__(self, game: Game, event: Mapping[str, Any], first_action: int) -> None:
        self.number, self.dealer = int(event["hand"]), int(event["dealer"])
        self.first_action = first_action
        self.dealt = game.hand_dealt()
        self.held = [list(h) for h in self.dealt["hands"]]
        self.tables = tables_of(self.dealt)
        self.scores_before = list(game.scores)
        self.calls: list[tuple[int, str]] = []
        self.call_at: list[int] = []
        self.tricks: list[TrickRecord] = []
        self.trick_start: int | None = None
        self.trump: str | None = None
        self.calling, self.burn = self.dealt.get("calling"), self.dealt.get("burn")
        self.maker: int | None = None
        self.setup: dict[str, Any] | None = None
        self.result: dict[str, Any] = {}
        self.misdeal = ""

    def call(self, seat: int, action: str, index: int) -> None:
        """A decision other than a card play (``index``: -1 for the engine's own)."""
        self.calls.append((seat, action))
        self.call_at.append(index)

    def before_play(self, game: Game, index: int) -> None:
        """Note the public state when play begins, and where each trick starts."""
        if self.setup is None:
            view = game.public_view()
            self.setup = {key: view[key] for key in SETUP_KEYS if key in view}
        if self.trick_start is None:
            self.trick_start = index

    def resync(self, game: Game) -> None:
        """Read every player's hand again from their views (after a pick-up, an exchange…)."""
        for seat in range(game.players):
            self.held[seat] = list(game.view(seat)["hand"])

    def on_event(self, event: Mapping[str, Any], index: int) -> None:
        """Follow one engine event of this hand."""
        kind = event["type"]
        if kind == "play":
            self._take(event["seat"], event["card"], event.get("area"))
        elif kind == "reveal":
            self._reveal(event["seat"], event["card"], event.get("column"))
            if self.tricks and self.tricks[-1].last_action == index:
                # Turned up as that trick was taken: the tables once it was taken show it.
                self.tricks[-1] = replace(self.tricks[-1], tables=copy_tables(self.tables))
        elif kind == "trump":
            self._trump(event)
        elif kind in ("nest", "bid_won"):
            self.maker = event["seat"]
        elif kind == "trick":
            self._trick(event, index)
        elif kind == "hand_scored":
            self.result.update({k: v for k, v in event.items() if k != "type"})
            self.maker = event.get("maker", self.maker)
        elif kind == "jamboree":
            self.result.setdefault("jamboree", event["seat"])
            self.result.setdefault("jamboree_cards", list(event.get("cards", [])))
        elif kind == "misdeal":
            self.misdeal = str(event.get("reason") or "thrown in")

    def _take(self, seat: int, card: str, area: str | None) -> None:
        if area in (None, "hand"):
            self.held[seat].remove(card)
            return
        table = self.tables[seat]
        if "columns" in table:
            column = next(c for c in table["columns"] if c["up"] == card)
            column["up"] = None
        else:
            table["up"].remove(card)

    def _reveal(self, seat: int, card: str, column: int | None) -> None:
        table = self.tables[seat]
        if column is not None and "columns" in table:
            table["columns"][column] = {"up": card, "down": None}
        else:
            table["down"].remove(card)
            table["up"].append(card)

    def _trump(self, event: Mapping[str, Any]) -> None:
        self.trump = event.get("trump")
        how, card = event.get("how"), event.get("card")
        if how in ("ordered", "named"):
            self.maker = event.get("seat")
        if how == "flipped":
            self.burn, self.calling = self.calling, card
        elif how == "switched":
            hand = self.held[event["seat"]]
            hand.remove(card)
            hand.append(event["took"])
            self.calling = card
        elif card is not None:
            self.calling = card

    def _trick(self, event: Mapping[str, Any], index: int) -> None:
        cards = event["cards"]
        plays = tuple((int(c["seat"]), str(c["card"])) for c in cards)
        winner = int(event["winner"])
        area = event.get("area")
        winning = next(
            (i for i, c in enumerate(cards)
             if c["seat"] == winner and (area is None or c.get("area") == area)), -1
        )
        self.tricks.append(TrickRecord(
            number=len(self.tricks) + 1, plays=plays, winner=winner, winning=winning,
            areas=tuple(str(c["area"]) for c in cards if "area" in c),
            trumps=tuple(c.get("trump") for c in cards) if any("trump" in c for c in cards)
            else (),
            trump=self.trump, held=tuple(tuple(h) for h in self.held),
            tables=copy_tables(self.tables), calling=self.calling, burn=self.burn,
            first_action=index if self.trick_start is None else self.trick_start,
            last_action=index,
        ))
        self.trick_start = None

    def record(self, scores_after: Sequence[int], game: Game) -> HandRecord:
        """The finished hand, with the running score after it."""
        setup = self.setup
        if setup is None and not self.misdeal and game.hand_number == self.number:
            # the game's last hand, ended (or stopped) before its first card
            view = game.public_view()
            setup = {key: view[key] for key in SETUP_KEYS if key in view}
        setup = setup or {}
        points = tuple(a - b for a, b in zip(scores_after, self.scores_before, strict=True))
        maker = self.maker if not self.misdeal else None
        return HandRecord(
            number=self.number, dealer=self.dealer, dealt=self.dealt, calls=tuple(self.calls),
            tricks=tuple(self.tricks), trump=setup.get("trump", self.trump), maker=maker,
            points=points, scores=tuple(scores_after), first_action=self.first_action,
            misdeal=self.misdeal, call_at=tuple(self.call_at), setup=setup, result=self.result,
        )
