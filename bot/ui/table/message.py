"""The public table message: seats and options in the lobby, the whole table during play,
the result at the end.

Everything here is pure: ``table_embed`` and ``table_controls`` turn a :class:`Table` (and
the game's public view while it is played) into an embed and its buttons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.engine import VARIANTS, action_name, hand_order, standing_bid, winning_play
from bot.tables.models import Seat, Table
from bot.ui.areas import area_name, area_text
from bot.ui.custom_ids import remove_select, table_button
from bot.ui.hand.phases import task
from bot.ui.names import person_name, seat_name, seat_names
from bot.ui.options import option_words
from bot.ui.views import StaticView
from bot.words.cards import card_text, cards_text, took_it, trick_text, trump_text
from bot.words.players import tally
from bot.words.scores import score_text, sides_or_players
from bot.words.sides import side_name
from bot.words.verdicts import players_name

COLOURS = {"lobby": 0x3BA55D, "playing": 0x5865F2, "finished": 0xFAA61A}
CLOSED_COLOUR = 0x747F8D
MAX_DESCRIPTION = 4000
MAX_BIDS_SHOWN = 8
AUCTION_PHASES = ("bid",)
TURN_UP_STATES = {"up": "turned up", "down": "turned down", "taken": "picked up by the dealer"}


def options_text(table: Table) -> str:
    """The rules in one short line: ``Standard rules · game to 10``, or only what differs
    from them (``House rules: game to 15 (usually 10) · Zilch: …``)."""
    info = VARIANTS.get(table.variant)
    if info is None:
        return ""
    target = table.options.get("target")
    changes = []
    for spec in info.options:
        value = table.options.get(spec.name, spec.default)
        if value == spec.default or (table.hand_limit and spec.name == "target"):
            continue
        if spec.name == "target":
            changes.append(f"game to {value} (usually {spec.default})")
        else:
            changes.append(option_words(spec, value))
    if table.hand_limit:
        hands = f"{table.hand_limit} hand{'s' if table.hand_limit != 1 else ''}"
        parts = [f"{info.name} · tournament round of {hands}", *changes, f"table #{table.id}"]
        return " · ".join(parts)[:2000]
    if not changes:
        return f"Standard rules · game to {target}" if target else "Standard rules"
    return ("House rules: " + " · ".join(changes))[:2000]


def table_embed(
    table: Table, view: Mapping[str, Any] | None, names: Mapping[int, str]
) -> discord.Embed:
    """The embed of the public table message (``view``: the game's public view, if live)."""
    labels = seat_names(table, names)
    embed = discord.Embed(
        title=(table.event_name or f"{table.variant_name} · table #{table.id}")[:256],
        colour=COLOURS.get(table.status, CLOSED_COLOUR),
    )
    embed.set_footer(text=options_text(table))
    if table.status == "lobby":
        text = lobby_text(table, names)
    elif view is not None and table.status == "playing":
        text = play_text(table, view, labels)
    else:
        text = closed_text(table, labels)
    embed.description = text[:MAX_DESCRIPTION]
    return embed


def lobby_text(table: Table, names: Mapping[int, str]) -> str:
    """Host, seats (computers with their level) and what happens next."""
    lines = [f"Host: {person_name(table.host_id, names)}"]
    lines += [f"Seat {s.index + 1}: {seat_name(s, names)}" for s in table.seats]
    lines.append("")
    empty = sum(1 for seat in table.seats if seat.is_empty)
    if empty:
        lines.append(
            f"Waiting for players: {empty} seat{'s' if empty > 1 else ''} open. Join, or add "
            "computer players; when the host starts, computer players take the open seats."
        )
    else:
        lines.append("Every seat is taken: the host can start the game.")
    return "\n".join(lines)


def closed_text(table: Table, labels: Sequence[str]) -> str:
    """A finished, cancelled or abandoned table: the seats, the final scores, the result."""
    lines = [f"Seat {i + 1}: {label}" for i, label in enumerate(labels)]
    if table.status == "cancelled":
        return "\n".join([*lines, "", "This table was cancelled."])
    lines.append("")
    if table.status == "abandoned":
        if table.scores:
            lines.append(f"Score when it ended: {_score(table.scores, table.sides, labels)}")
        lines.append("This game was ended before its finish.")
    elif table.status == "finished":
        lines += result_lines(table, labels)
    else:
        lines.append("Reopening this table…")
    return "\n".join(lines)


def result_lines(table: Table, labels: Sequence[str]) -> list[str]:
    """``🏆 Bob & Carol won the game after 9 hands!`` and the final score, winners first."""
    hands = table.hand_number
    after = f" after {hands} hand{'s' if hands != 1 else ''}" if hands else ""
    winner = table.winner
    sides = sides_or_players(table.sides, len(table.scores))
    what = "round" if table.hand_limit else "game"
    if winner is None:
        first = f"The {what} is over{after}" + (", level." if table.hand_limit else ".")
    else:
        first = f"🏆 **{side_name(winner, sides, labels)}** won the {what}{after}!"
    final = score_text(table.scores, sides, labels, first=winner, bold=True)
    return [first, f"Final score: {final}"] if table.scores else [first]


def _score(
    scores: Sequence[int], sides: Sequence[Sequence[int]], labels: Sequence[str],
    target: int | None = None,
) -> str:
    return score_text(scores, sides, labels, target=target, bold=True)


def play_text(table: Table, view: Mapping[str, Any], labels: Sequence[str]) -> str:
    """Scores, the hand's state, public cards, bids, the trick and whose turn it is."""
    variant = table.variant
    sides = view.get("sides") or table.sides
    lines = [f"Score: {_score(view.get('scores', []), sides, labels, view.get('target'))}"]
    lines += ["", hand_line(view, labels)]
    lines += public_cards(view, labels, variant)
    lines += bid_lines(view, labels, variant)
    tricks = trick_lines(view, labels, variant)
    lines += ["", *tricks] if tricks else []
    lines += ["", turn_line(table, view, labels)]
    return "\n".join(lines).strip()


def hand_line(view: Mapping[str, Any], labels: Sequence[str]) -> str:
    """Hand number, dealer, trump, maker and what they bid or declared."""
    limit = f" of {view['hand_limit']}" if view.get("hand_limit") else ""
    parts = [f"Hand {view.get('hand_number')}{limit}"]
    dealer = view.get("dealer")
    if dealer is not None and dealer < len(labels):
        parts.append(f"dealer {labels[dealer]}")
    if view.get("trump") is not None or view.get("phase") == "play":
        parts.append(f"trump {trump_text(view.get('trump'))}")
    if view.get("phase") in AUCTION_PHASES:
        parts.append(high_bid_text(view, labels))
    elif (maker := view.get("maker")) is not None and maker < len(labels):
        details = [d for d in (_bid_of(view), _declaration(view, len(labels))) if d]
        made = f"made by {labels[maker]}"
        parts.append(f"{made} ({', '.join(details)})" if details else made)
    if view.get("free_for_all"):
        parts.append("free-for-all")
    return " · ".join(parts)


def high_bid_text(view: Mapping[str, Any], labels: Sequence[str]) -> str:
    """During the auction: ``high bid 4 (Alice)``, or ``no bid yet``."""
    standing = standing_bid(view)
    if standing is None or standing[1] >= len(labels):
        return "no bid yet"
    return f"high bid {standing[0]} ({labels[standing[1]]})"


def _bid_of(view: Mapping[str, Any]) -> str:
    standing = standing_bid(view)
    return f"bid {standing[0]}" if standing else ""


def _declaration(view: Mapping[str, Any], players: int) -> str:
    declaration = view.get("declaration")
    if declaration in ("alone", "jambone"):
        return "Jambone" if declaration == "jambone" else "alone"
    if view.get("shoot"):
        return "shooting the moon"
    active = view.get("active")
    if active and not all(active[:players]) and view.get("dead_hand") is None:
        return "alone"
    return ""


def public_cards(view: Mapping[str, Any], labels: Sequence[str], variant: str) -> list[str]:
    """Turn-up, calling card, chaff, every table or battery, an exposed Jambone hand."""
    lines = []
    if view.get("turn_up"):
        state = TURN_UP_STATES.get(view.get("turn_up_state") or "up", "")
        lines.append(f"Turn-up: {card_text(view['turn_up'], variant)} ({state})")
    if view.get("calling_card"):
        lines.append(f"Calling card: {card_text(view['calling_card'], variant)}")
    if view.get("chaff"):
        hidden = view.get("chaff_hidden")
        more = f" ({hidden} more face down)" if hidden else ""
        lines.append(f"Chaff turned: {cards_text(view['chaff'], variant)}{more}")
    if view.get("nest_size"):
        lines.append(f"Nest: {view['nest_size']} cards face down")
    for seat, area in enumerate(view.get("tables") or []):
        if seat < len(labels):
            shown = area_text(area, variant, view.get("trump"))
            lines.append(f"{labels[seat]}'s {area_name(view)}: {shown}")
    if view.get("exposed_hand"):
        trump = view.get("trump")
        exposed = cards_text(hand_order(view["exposed_hand"], variant, trump), variant, trump)
        lines.append(f"Jambone hand (face up): {exposed}")
    if view.get("points_taken"):
        counts = ", ".join(tally(labels[s], p) for s, p in enumerate(view["points_taken"]))
        lines.append(f"Count taken: {counts}")
    return lines + seat_lines(view, labels)


def seat_lines(view: Mapping[str, Any], labels: Sequence[str]) -> list[str]:
    """Who sits out this hand and how many cards each player holds."""
    lines = []
    active = view.get("active") or []
    out = [labels[s] for s, a in enumerate(active) if not a and s < len(labels)]
    if out and view.get("dead_hand") is None:
        lines.append(f"Sitting out this hand: {', '.join(out)}")
    sizes = view.get("hand_sizes") or []
    if view.get("phase") != "over" and any(sizes):
        held = ", ".join(tally(labels[s], n) for s, n in enumerate(sizes) if s < len(labels))
        lines.append(f"Cards in hand: {held}")
    return lines


def bid_lines(view: Mapping[str, Any], labels: Sequence[str], variant: str) -> list[str]:
    """Each player's bid (Flip) or the latest calls of the auction."""
    bids = view.get("bids")
    if isinstance(bids, list) and any(b is not None for b in bids):
        shown = ", ".join(
            tally(labels[s], b) for s, b in enumerate(bids) if b is not None and s < len(labels)
        )
        return [f"Bids: {shown}"]
    bidding = view.get("bidding") or []
    if not bidding:
        return []
    making = _making_call(bidding, view.get("maker"))
    declared = _declaration(view, len(labels))
    calls = ", ".join(
        f"{labels[b['seat']]}: {call_name(b, view, variant)}"
        + (f" ({declared})" if declared and index == making else "")
        for index, b in enumerate(bidding)
        if index >= len(bidding) - MAX_BIDS_SHOWN
        and b.get("seat") is not None and b["seat"] < len(labels)
    )
    return [f"Calls: {calls}"] if calls else []


def _making_call(bidding: Sequence[Mapping[str, Any]], maker: object) -> int | None:
    """The index of the maker's last call other than a pass: the one that made trump,
    beside which the call's alone, Jambone or moon shot is said, as the header says it."""
    for index in range(len(bidding) - 1, -1, -1):
        if bidding[index].get("seat") == maker and bidding[index].get("action") != "pass":
            return index
    return None


def call_name(call: Mapping[str, Any], view: Mapping[str, Any], variant: str) -> str:
    """A call as said at the table: the dealer who takes the turn-up ``Pick up``s it."""
    if call["action"] == "order" and call["seat"] == view.get("dealer") and view.get("turn_up"):
        return "Pick up"
    return action_name(call["action"], variant)


def trick_lines(view: Mapping[str, Any], labels: Sequence[str], variant: str) -> list[str]:
    """The trick in progress, the last trick with who took it (the previous hand's last
    trick until this hand's first card), tricks won so far."""
    lines = []
    trump = view.get("trump")
    if view.get("trick"):
        lines.append(f"Trick: {trick_text(view['trick'], labels, variant, trump)}")
    last = view.get("last_trick")
    previous = view.get("previous_hand") or {}
    title = "Last trick"
    if not last and not view.get("trick") and previous.get("last_trick"):
        last, trump = previous["last_trick"], None
        title = f"Last trick of hand {previous.get('hand_number')}"
    if last:
        played = trick_text(last["cards"], labels, variant, last.get("trump", trump))
        taker = took_it(last["cards"], winning_play(last), labels, variant,
                        last.get("trump", trump))
        lines.append(f"{title}: {played} → {taker}")
    won = view.get("tricks_won")
    if won and view.get("phase") == "play":
        out = {s for s, playing in enumerate(view.get("active") or []) if not playing}
        lines.append(
            f"Tricks taken: {tricks_taken(won, view.get('sides') or [], labels, out)}"
        )
    return lines


def tricks_taken(
    won: Sequence[int], sides: Sequence[Sequence[int]], labels: Sequence[str],
    out: set[int] | None = None,
) -> str:
    """``**Alice & Carol** 2 · **Bob & Dave** 1`` per side in a partnership game (a
    loner's side without the partner who sits out: ``out``); per player (``**Alice** 2 ·
    **Bob** 1``) where each plays for themself."""
    if any(len(side) > 1 for side in sides):
        per_side = [(players_name(i, sides, labels, out or set()),
                     sum(won[s] for s in side if s < len(won)))
                    for i, side in enumerate(sides)]
    else:
        per_side = [(labels[s], n) for s, n in enumerate(won) if s < len(labels)]
    return " · ".join(f"**{name}** {n}" for name, n in per_side)


def turn_line(table: Table, view: Mapping[str, Any], labels: Sequence[str]) -> str:
    """Whose turn it is and until when, or the result."""
    if view.get("is_over"):
        winner = view.get("winner")
        if winner is None:
            return "The game is over."
        sides = sides_or_players(view.get("sides") or table.sides, len(view.get("scores", [])))
        return f"🏆 **{side_name(winner, sides, labels)}** won the game!"
    seat = table.current_seat
    if seat is None or seat >= len(labels):
        return ""
    line = f"⏳ **{labels[seat]}** to {task(view)}"
    if table.turn_deadline is not None and not table.seats[seat].computer_moves:
        line += f" (until <t:{int(table.turn_deadline)}:T>)"
    return line


LOBBY_BUTTONS = (
    ("Join", "join", discord.ButtonStyle.success),
    ("Leave", "leave", discord.ButtonStyle.secondary),
    ("Add computer player", "computer", discord.ButtonStyle.secondary),
    ("Start", "start", discord.ButtonStyle.primary),
    ("Cancel", "cancel", discord.ButtonStyle.danger),
    ("Remove player", "remove", discord.ButtonStyle.secondary),  # the host's, on a row below
)
PLAY_BUTTONS = (("My hand", "hand", discord.ButtonStyle.primary),)
FINISHED_BUTTONS = (
    ("Rematch", "rematch", discord.ButtonStyle.success),
    ("Review", "review", discord.ButtonStyle.secondary),
)
NEEDS_OPEN_SEAT = ("join", "computer")


def table_controls(table: Table) -> StaticView:
    """The table message's buttons for its status (none once cancelled or abandoned);
    Join and Add computer player are greyed out while no seat is open; a tournament's
    table has no Rematch (the next round seats its players)."""
    view = StaticView()
    buttons = {"lobby": LOBBY_BUTTONS, "playing": PLAY_BUTTONS, "finished": FINISHED_BUTTONS}
    full = not any(seat.is_empty for seat in table.seats)
    for label, op, style in buttons.get(table.status, ()):
        if op == "rematch" and table.event_name:
            continue
        view.add_button(
            label=label, style=style, custom_id=table_button(table.id, op),
            disabled=full and op in NEEDS_OPEN_SEAT,
        )
    return view


def removable_seats(table: Table) -> list[Seat]:
    """The lobby seats the host may empty: everyone seated but the host."""
    return [s for s in table.seats if not s.is_empty and s.user_id != table.host_id]


def removal_menu(table: Table, names: Mapping[int, str]) -> StaticView:
    """The host's private select of a seat to empty."""
    view = StaticView()
    options = [
        (f"Seat {s.index + 1}: {seat_name(s, names)}"[:100], str(s.index))
        for s in removable_seats(table)
    ]
    view.add_select(
        custom_id=remove_select(table.id), placeholder="Choose who leaves the table",
        options=options,
    )
    return view
