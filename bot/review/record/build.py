"""The hand record of a finished game, and each moment of it for the review.

:func:`build_record` replays a game's action log with the engine into a
:class:`GameRecord`: every hand as dealt (nothing is secret once the game is over), its
calls, its tricks with every seat's cards once each was taken, and the score after it.
:func:`step_view` describes one step of the review (a hand's deal and auction, or the
moment one of its tricks is complete) as a JSON-safe dict that a text or a picture is
made from; :func:`steps` lists them all.

Pure: no Discord, no I/O, deterministic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import Game, IllegalAction, new_game

from .hands import GameRecord, HandRecord
from .tracking import HandReplay

PLAYS = ("play:",)
MID_TRICK_CALLS = ("switch:", "no_switch")



def build_record(
    variant: str, players: int, seed: int, options: Mapping[str, Any], actions: Sequence[str],
    hand_limit: int | None = None,
) -> GameRecord:
    """The hand record of a game, replayed with the engine from its action log
    (``hand_limit``: a tournament round's table, played to that many hands).

    Raises ``IllegalAction`` (a ValueError) if an action is not legal where it comes."""
    game = new_game(variant, players, seed=seed, options=dict(options))
    hands: list[HandRecord] = []
    hand = _follow(game, None, game.events, -1, hands)
    for index, action in enumerate(actions):
        seat = game.current_player
        if seat is None:
            raise IllegalAction(f"Action {index + 1} ({action}) comes after the game is over.")
        if action.startswith(PLAYS):
            hand.before_play(game, index)
        events = game.apply(action)
        if not action.startswith(PLAYS):
            hand.call(seat, action, index)
        current = hand
        hand = _follow(game, hand, events, index, hands)
        if hand is current and not action.startswith(PLAYS + MID_TRICK_CALLS):
            hand.resync(game)
    if hand.first_action < len(actions) or not hands:
        # (a tournament round's table stops at its hands: the hand the engine dealt after
        # them was never played, and is no hand of the record)
        hands.append(hand.record(list(game.scores), game))
    return GameRecord(
        variant=variant, players=players, seed=seed, options=dict(game.options),
        actions=tuple(actions),
        sides=tuple(tuple(game.seats_of(side)) for side in range(game.num_sides)),
        hands=tuple(hands), scores=tuple(game.scores), winner=game.winner,
        hand_limit=hand_limit,
    )


def _follow(
    game: Game,
    hand: HandReplay | None,
    events: Sequence[Mapping[str, Any]],
    index: int,
    hands: list[HandRecord],
) -> HandReplay:
    """Follow the events of action ``index``: a ``deal`` closes the hand into ``hands``
    and starts the next. Returns the hand in progress afterwards."""
    for position, event in enumerate(events):
        if event["type"] == "deal":
            if hand is not None:
                hands.append(hand.record(list(game.scores), game))
            hand = _start(game, events[position:], index + 1)
        elif hand is not None:
            hand.on_event(event, index)
    assert hand is not None, "a game always starts with a deal"
    return hand


def _start(game: Game, events: Sequence[Mapping[str, Any]], first_action: int) -> HandReplay:
    """A new hand from its ``deal`` event (the first of ``events``), with the engine's own
    calls made as it was dealt (Flip's dead hand bids at once)."""
    hand = HandReplay(game, events[0], first_action)
    for event in events[1:]:
        if event["type"] == "deal":
            break
        if event["type"] == "bid":
            hand.call(event["seat"], event["action"], -1)
    return hand
