"""The truth of one table: its game replayed from the stored action log through the
engine, kept as one snapshot after each stored action (snapshot 0: the first deal)."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from bot.engine import new_game
from tests.truth.stored.store import StoredTable

#: What the replay keeps after each action for every snapshot: the views, the number of
#: events and the legal actions.
History = tuple[list[tuple[dict[str, Any], ...]], list[int], list[tuple[str, ...]]]


@dataclass(frozen=True)
class Snapshot:
    """The game after ``k`` stored actions: each seat's view, who acts, the events so far."""

    k: int
    views: tuple[dict[str, Any], ...]
    acting: int | None
    all_events: list[dict[str, Any]]  # the whole game's events, shared by every snapshot
    n_events: int
    hand_limit: int | None
    legal: tuple[str, ...] = ()  # the actions the acting seat may take
    #: Index of each ``play`` event in the game's events → the trump when it was played
    #: (Flip Euchre's trump changes within a hand); shared by every snapshot.
    play_trumps: dict[int, str | None] = field(default_factory=dict)
    #: Every seat's view after each stored action, and how many events there were then,
    #: by action number; shared by every snapshot (the review's cards at a step).
    views_by_k: list[tuple[dict[str, Any], ...]] = field(default_factory=list)
    events_by_k: list[int] = field(default_factory=list)
    #: The actions the engine's current player could take after each stored action, by
    #: action number; shared by every snapshot (whether a move was a real choice).
    legal_by_k: list[tuple[str, ...]] = field(default_factory=list)

    def action_of(self, index: int) -> int | None:
        """The number of the stored action that produced event ``index`` (0: the game's
        start), if it happened by this snapshot."""
        if index >= self.n_events:
            return None
        return bisect_right(self.events_by_k, index)  # the first action with more events

    def hand_span(self, hand: int) -> tuple[int, int] | None:
        """The event indices of hand ``hand`` (from 1): its deal, and the next deal or the
        end of the events so far; None if it has not been dealt."""
        deals = [i for i, e in enumerate(self.events) if e["type"] == "deal"]
        if not 1 <= hand <= len(deals):
            return None
        return deals[hand - 1], deals[hand] if hand < len(deals) else self.n_events

    def trump_played_under(self, seat: int, card: str, before: int | None = None) -> str | None:
        """The trump when ``seat`` played ``card``, its newest play (before event index
        ``before``); the trump now if no such play is known."""
        events = self.events
        end = len(events) if before is None else before
        for index in range(end - 1, -1, -1):
            event = events[index]
            if event["type"] == "play" and event["seat"] == seat and event["card"] == card:
                return self.play_trumps.get(index, self.public.get("trump"))
        return self.public.get("trump")

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events up to this snapshot."""
        return self.all_events[: self.n_events]

    @property
    def public(self) -> dict[str, Any]:
        """Seat 0's view, read only for what every seat sees (scores, trick, trump…)."""
        return self.views[0]

    def latest(self, kind: str) -> dict[str, Any] | None:
        """The newest event of a kind (``trick``, ``hand_scored``, ``trump``…)."""
        return next((e for e in reversed(self.events) if e["type"] == kind), None)

    def count(self, kind: str) -> int:
        """How many events of a kind happened so far."""
        return sum(1 for e in self.events if e["type"] == kind)

    def hands_ended(self) -> int:
        """Hands over so far: those scored, and one a Jamboree won the game in before its
        play (Railroad: no ``hand_scored`` follows it)."""
        events = self.events
        won_by_jamboree = (len(events) >= 2 and events[-1]["type"] == "game_over"
                           and events[-2]["type"] == "jamboree")
        return self.count("hand_scored") + won_by_jamboree

    def hand_being_told(self) -> list[dict[str, Any]]:
        """The events of the hand in play; before its first trick, those of the hand just
        scored too (its end may still be being told)."""
        hand = self.hand_events()
        if any(e["type"] == "trick" for e in hand):
            return hand
        start = self.n_events - len(hand)
        earlier = [i for i in range(start) if self.all_events[i]["type"] == "deal"]
        return list(self.all_events[earlier[-1] : self.n_events]) if earlier else hand

    def hand_events(self) -> list[dict[str, Any]]:
        """The events of the hand in play (since its deal)."""
        for index in range(len(self.events) - 1, -1, -1):
            if self.events[index]["type"] == "deal":
                return list(self.events[index:])
        return list(self.events)

    def whole_hand(self) -> list[dict[str, Any]]:
        """The events of the hand in play, to its end (later events included: a choice made
        ahead, such as Railroad's Jambone held until the dealer's discard)."""
        start = self.n_events - len(self.hand_events())
        events = self.all_events
        end = next((i for i in range(start + 1, len(events)) if events[i]["type"] == "deal"),
                   len(events))
        return list(events[start:end])

    def hand_events_of(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        """The events of the hand an event belongs to, up to that event."""
        start = 0
        for index, seen in enumerate(self.events):
            if seen["type"] == "deal":
                start = index
            if seen is event:
                return list(self.events[start : index + 1])
        return []

    def hand_of(self, event: dict[str, Any]) -> int:
        """The number of the hand an event belongs to (the deal before it)."""
        number = 0
        for seen in self.events:
            if seen["type"] == "deal":
                number = seen.get("hand", number + 1)
            if seen is event:
                return number
        return number


def acting_seat(game: Any) -> int | None:
    """Who chooses now: the engine's current player, or the chooser it names (read from
    the engine here, not from the table service whose turns the messages show)."""
    if game.current_player is None:
        return None
    chooser = getattr(game, "acting_seat", None)
    chooser = chooser() if callable(chooser) else chooser
    return chooser if isinstance(chooser, int) else game.current_player


def replay(table: StoredTable) -> list[Snapshot]:
    """One snapshot per stored action, from the table's variant, seats, seed and options."""
    game = new_game(table.variant, table.players, table.seed, dict(table.options))
    events: list[dict[str, Any]] = game.events  # the engine only ever appends to it
    trumps: dict[int, str | None] = {}
    views: list[tuple[dict[str, Any], ...]] = []
    counts: list[int] = []
    legal: list[tuple[str, ...]] = []
    snapshots = [snapshot(game, 0, table.hand_limit, events, trumps, (views, counts, legal))]
    for number, stored in enumerate(table.actions, start=1):
        before, trump = len(events), snapshots[-1].public.get("trump")
        game.apply(stored.action)
        trumps.update({i: trump for i in range(before, len(events))
                       if events[i]["type"] == "play"})
        snapshots.append(snapshot(game, number, table.hand_limit, events, trumps,
                                  (views, counts, legal)))
    return snapshots


def snapshot(game: Any, k: int, hand_limit: int | None, events: list[dict[str, Any]],
             trumps: dict[int, str | None], history: History) -> Snapshot:
    """The game's state now, copied out of the engine's views (and kept in ``history``:
    the views, the event counts and the legal actions after each action, shared by every
    snapshot)."""
    views = tuple(game.view(seat) for seat in range(game.players))
    legal = tuple(game.legal_actions()) if game.current_player is not None else ()
    seen_views, seen_counts, seen_legal = history
    seen_views.append(views)
    seen_counts.append(len(game.events))
    seen_legal.append(legal)
    return Snapshot(k, views, acting_seat(game), events, len(game.events), hand_limit, legal,
                    trumps, *history)
