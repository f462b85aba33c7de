"""Short public lines about what matters at a table: bids won, trump, loners, Jambone and
Jamboree, a hand's score, the result, turn timeouts, tables opening and closing.

Pure functions from the table service's events (and the engine events they carry) to
Markdown lines; the publisher joins them into as few messages as it can.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import action_name
from bot.tables.events import ActionApplied, TableChanged, TableEvent, TurnTimedOut
from bot.tables.models import Table
from bot.ui.cards import card_text, cards_text, trump_text
from bot.ui.names import person_name, seat_names, side_name

Event = Mapping[str, Any]

CHANGE_LINES = {
    "cancelled": "This table was cancelled.",
    "abandoned": "This game was ended before its finish.",
}


def narrate(event: TableEvent, names: Mapping[int, str]) -> list[str]:
    """The public lines one service event deserves (often none)."""
    table = event.table
    labels = seat_names(table, names)
    if isinstance(event, ActionApplied):
        return engine_lines(event.engine_events, table, labels)
    if isinstance(event, TurnTimedOut):
        return timeout_lines(event, labels, names)
    if isinstance(event, TableChanged):
        return change_lines(event, labels, names)
    return []


def change_lines(event: TableChanged, labels: Sequence[str], names: Mapping[int, str]) -> list[str]:
    """Lines for seat and status changes worth telling the channel."""
    table = event.table
    who = person_name(event.user_id, names) if event.user_id is not None else "Someone"
    if event.reason == "started":
        return [f"🃏 **{table.variant_name}** (table #{table.id}) has started. Good luck!"]
    if event.reason == "replaced" and event.seat is not None:
        return [f"A moderator gave seat {event.seat + 1} to {labels[event.seat]}."]
    if event.reason == "left" and table.status == "playing" and event.seat is not None:
        return [f"{who} left the game: {labels[event.seat]} plays their hand now."]
    if event.reason == "reclaimed":
        return [f"{who} is back and plays their own hand again."]
    line = CHANGE_LINES.get(event.reason)
    return [line] if line else []


def timeout_lines(
    event: TurnTimedOut, labels: Sequence[str], names: Mapping[int, str]
) -> list[str]:
    """A computer moved for an absent person (and may now hold their hand)."""
    who = person_name(event.user_id, names)
    move = action_name(event.action, event.table.variant)
    line = f"⏰ {who} ran out of time: a computer chose **{move}** for them."
    if event.standin:
        line += (
            f" After {event.timeouts} timeouts in a row a computer plays {who}'s hand until "
            "they press **My hand**."
        )
    return [line]


def engine_lines(events: Sequence[Event], table: Table, labels: Sequence[str]) -> list[str]:
    """Lines for the engine events of one action."""
    lines: list[str] = []
    deals_after = sum(1 for event in events if event.get("type") == "deal")
    for event in events:
        if event.get("type") == "deal":
            deals_after -= 1
        line = engine_line(event, table, labels, table.hand_number - deals_after)
        if line:
            lines.append(line)
    return lines


def engine_line(
    event: Event, table: Table, labels: Sequence[str], hand_number: int = 0
) -> str | None:
    """One engine event in words, or None when it is not worth a public line."""
    kind, variant = event.get("type"), table.variant

    def who(key: str = "seat") -> str:
        seat = event.get(key)
        return f"**{labels[seat]}**" if isinstance(seat, int) and seat < len(labels) else "?"

    if kind == "bid_won":
        bid = action_name("bid:" + str(event.get("bid")), variant)
        return f"{who()} won the bidding: **{bid}**."
    if kind == "nest":
        return f"{who()} won the bidding at **{event.get('bid')}** and takes the nest."
    if kind == "trump":
        return trump_line(event, variant, who)
    if kind == "alone":
        if event.get("how") == "jambone":
            return None  # the "jambone" event tells it
        return f"{who()} goes alone!"
    if kind == "defend" and event.get("alone"):
        return f"{who()} defends alone!"
    if kind == "shoot":
        return f"{who()} shoots the moon!"
    if kind == "jambone":
        hand = cards_text(event.get("hand", []), variant)
        chooser = who("chooser")
        return f"🚂 {who()} calls **Jambone**, hand face up ({hand}); {chooser} picks its cards."
    if kind == "jamboree":
        cards = cards_text(event.get("cards", []), variant)
        return f"🎉 **Jamboree!** {who()} holds {cards}: {event.get('bonus', 16)} points."
    if kind == "misdeal":
        return f"Misdeal ({event.get('reason', 'no bid')}): the cards are dealt again."
    if kind == "hand_scored":
        return hand_scored_line(event, table, labels, hand_number)
    if kind == "game_over":
        return game_over_line(event, table, labels)
    return None


def trump_line(event: Event, variant: str, who: Any) -> str:
    """Ordered up, named, turned, flipped, switched, free-for-all."""
    trump = trump_text(event.get("trump"))
    card = card_text(event["card"], variant) if event.get("card") else ""
    how = event.get("how")
    if how == "ordered":
        return f"{who()} ordered it up: trump is **{trump}**."
    if how == "turned":
        return f"The calling card {card} makes **{trump}** trump."
    if how == "flipped":
        return f"Trump flipped: the calling card {card} makes **{trump}** trump."
    if how == "switched":
        return f"{who()} switched in {card}: trump is now **{trump}**."
    if how == "free_for_all":
        if event.get("trump") in (None, "N"):
            return "Nobody played it: a free-for-all with no trump."
        return f"Nobody played it: a free-for-all with **{trump}** trump."
    return f"{who()} named **{trump}** trump."


def hand_scored_line(
    event: Event, table: Table, labels: Sequence[str], hand_number: int = 0
) -> str:
    """``Hand 3: Bob & Carol +2 · Dave & Erin euchred! → 6–4``."""
    sides = table.sides or [[s] for s in range(len(event.get("points", [])))]
    points = list(event.get("points", []))
    gains = [
        f"{side_name(i, sides, labels)} {p:+d}"
        for i, p in enumerate(points)
        if p and i < len(sides)
    ]
    parts = [", ".join(gains) if gains else "no points"]
    parts += _hand_details(event, sides, labels)
    scores = scores_text(event.get("scores", []))
    title = f"Hand {hand_number}" if hand_number > 0 else "Hand"
    return f"📊 {title}: " + " · ".join(parts) + f" → {scores}"


def _hand_details(event: Event, sides: Sequence[Sequence[int]], labels: Sequence[str]) -> list[str]:
    details = []
    maker = event.get("maker")
    maker_name = labels[maker] if isinstance(maker, int) and maker < len(labels) else None
    euchred = event.get("euchred")
    if isinstance(euchred, int) and not isinstance(euchred, bool):
        details.append(f"{side_name(euchred, sides, labels)} euchred!")
    elif isinstance(euchred, list) and euchred:
        details.append("euchred: " + ", ".join(labels[s] for s in euchred if s < len(labels)))
    if event.get("set") and maker_name:
        details.append(f"{maker_name} was set!")
    bid = event.get("bid")
    if maker_name and bid is not None and "made" in event and euchred is None:
        made = "made" if event["made"] else "missed"
        details.append(f"{maker_name} {made} the bid of {bid}")
    if event.get("points_taken"):
        details.append("count " + "–".join(str(p) for p in event["points_taken"]))
    return details


def scores_text(scores: Sequence[int]) -> str:
    """``10–7`` for two sides, ``-40 / 20 / -5 / 30`` for more."""
    return ("–" if len(scores) == 2 else " / ").join(str(s) for s in scores)


def game_over_line(event: Event, table: Table, labels: Sequence[str]) -> str:
    """``🏆 Bob & Carol won the game, 10–7!``."""
    sides = table.sides or [[s] for s in range(len(event.get("scores", [])))]
    scores = scores_text(event.get("scores", []))
    winner = event.get("winner")
    if winner is None:
        return f"The game is over: {scores}."
    return f"🏆 **{side_name(winner, sides, labels)}** won the game, {scores}!"
