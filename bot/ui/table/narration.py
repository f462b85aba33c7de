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
from bot.ui.names import person_name, seat_names
from bot.ui.table.recap import hand_recap
from bot.words.cards import card_text, cards_text, trump_text
from bot.words.players import a_computer
from bot.words.scores import score_text, sides_or_players
from bot.words.sides import side_name

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
        taker = a_computer(table.seats[event.seat].computer_level)
        return [f"A moderator gave {who}'s seat {event.seat + 1} to {taker}."]
    if event.reason == "left" and table.status == "playing" and event.seat is not None:
        taker = a_computer(table.seats[event.seat].computer_level)
        told = f"{who} left the game: {taker} plays on in their seat."
        if not table.people:
            told += " Nobody else is playing, so the computers finish the game."
        return [told]
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
        if event.counts_as_loss:
            line += f" If it still does when the game ends, the game counts as a loss for {who}."
    return [line]


def engine_lines(events: Sequence[Event], table: Table, labels: Sequence[str]) -> list[str]:
    """Lines for the engine events of one action (a scored hand gets its whole recap)."""
    lines: list[str] = []
    last_trick: Event | None = None
    for position, event in enumerate(events):
        kind = event.get("type")
        if kind == "trick":
            last_trick = event
        elif kind == "hand_scored":
            lines += hand_recap(
                event, last_trick, table.variant, table.sides, labels,
                hand_number=scored_hand(events[position + 1:], table), target=_target(table),
                hand_limit=table.hand_limit,
            )
            continue
        line = engine_line(event, table, labels)
        if line:
            lines.append(line)
    return lines


def scored_hand(after: Sequence[Event], table: Table) -> int:
    """The number of the hand just scored: the one before the next deal among the events
    ``after`` its score, else the table's hand (no hand was dealt after it)."""
    deal = next((e for e in after if e.get("type") == "deal"), None)
    return int(deal["hand"]) - 1 if deal is not None else table.hand_number


def _target(table: Table) -> int | None:
    """The score the game is played to; None at a tournament round's table, which plays
    to its hands (its target only keeps the game from ending first)."""
    target = table.options.get("target")
    return target if isinstance(target, int) and not table.hand_limit else None


def engine_line(event: Event, table: Table, labels: Sequence[str]) -> str | None:
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
    if kind == "game_over":
        return game_over_line(event, table, labels)
    return None


def trump_line(event: Event, variant: str, who: Any) -> str:
    """Ordered up, named, turned, flipped, switched, free-for-all."""
    trump = trump_text(event.get("trump"))
    card = card_text(event["card"], variant) if event.get("card") else ""
    how = event.get("how")
    if how == "ordered":
        if variant == "over_the_rhine":
            return f"{who()} plays it: trump is **{trump}**."
        what = "picks it up" if event.get("dealer") == event.get("seat") else "ordered it up"
        if event.get("trump") in (None, "N"):
            return f"{who()} {what}: a **no-trump** hand."
        return f"{who()} {what}: trump is **{trump}**."
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
    if event.get("trump") in (None, "N"):
        return f"{who()} named **no trump**."
    return f"{who()} named **{trump}** trump."


def game_over_line(event: Event, table: Table, labels: Sequence[str]) -> str:
    """``🏆 Bob & Carol won the game: Bob & Carol 10 · Ann & Dan 7``."""
    scores = event.get("scores", [])
    winner = event.get("winner")
    final = score_text(scores, table.sides, labels, first=winner)
    if winner is None:
        return f"The game is over: {final}."
    sides = sides_or_players(table.sides, len(scores))
    return f"🏆 **{side_name(winner, sides, labels)}** won the game: {final}!"
