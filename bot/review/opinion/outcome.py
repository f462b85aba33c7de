"""What a playout shows besides its points: were the makers set, did the side take every
trick, did the card played win its trick or was it trumped (read from the game's events).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from bot.engine.ranking import ranking


class Sample(NamedTuple):
    """One playout of one choice in one sampled deal."""

    value: float  # the seat's side's points minus the others' (as the search measures)
    set: bool | None  # the makers failed (None: no makers, or the hand did not end)
    ours: bool | None  # the makers were the seat's side
    tricks: int  # tricks the seat's side took from here
    swept: bool  # the seat's side took every trick of the hand
    won: bool | None  # a card play: the seat's side won that trick
    trumped: bool | None  # a card play: an opponent's trump took that trick


def outcome(
    game: Any, events: list[dict[str, Any]], seat: int, value: float, trump: str | None
) -> Sample:
    """What happened in a playout worth telling: from the events after the choice."""
    side = game.side_of(seat)
    tricks = [e for e in events if e["type"] == "trick"]
    scored = next((e for e in events if e["type"] == "hand_scored"), None)
    taken = sum(game.side_of(e["winner"]) == side for e in tricks)
    made_set = ours = None
    swept = False
    if scored is not None:
        made_set = _makers_set(scored)
        maker = scored.get("maker")
        ours = None if maker is None or made_set is None else game.side_of(maker) == side
        counts = scored.get("tricks")
        if isinstance(counts, list) and len(counts) > side:
            swept = counts[side] == sum(counts) and sum(counts) > 0
    won = trumped = None
    if events and events[0]["type"] == "play" and events[0]["seat"] == seat and tricks:
        card, first = events[0]["card"], tricks[0]  # the trick the card was played to
        won = game.side_of(first["winner"]) == side
        winning = next(p["card"] for p in first["cards"] if p["seat"] == first["winner"])
        trumped = not won and trump is not None and _is_trump(game, winning, trump, card)
    return Sample(value, made_set, ours, taken, swept, won, trumped)


def _is_trump(game: Any, winning: str, trump: str, card: str) -> bool:
    """The card that won is a trump and the card played was not (under the view's trump)."""
    rank = ranking(game.rank_rules, trump)
    return rank.suit.get(winning) == trump and rank.suit.get(card) != trump


def _makers_set(event: dict[str, Any]) -> bool | None:
    """Whether the makers failed, from a ``hand_scored`` event (None: no makers)."""
    if event.get("maker") is None:
        return None
    if "made" in event:
        return not event["made"]
    if "set" in event:
        return bool(event["set"])
    if "euchred" in event and not isinstance(event["euchred"], list):
        return event["euchred"] is not None
    return None
