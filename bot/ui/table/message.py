"""The public table message: seats and options in the lobby, the whole table during play,
the result at the end.

Everything here is pure: ``table_embed`` and ``table_controls`` turn a :class:`Table` (and
the game's public view while it is played) into an embed and its buttons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.engine import VARIANTS, action_name
from bot.tables.models import Seat, Table
from bot.ui.areas import area_name, area_text
from bot.ui.cards import card_text, cards_text, trump_text
from bot.ui.custom_ids import remove_select, table_button
from bot.ui.hand.phases import task
from bot.ui.names import lobby_seat, person_name, seat_names, side_name
from bot.ui.views import StaticView

COLOURS = {"lobby": 0x3BA55D, "playing": 0x5865F2, "finished": 0xFAA61A}
CLOSED_COLOUR = 0x747F8D
MAX_DESCRIPTION = 4000
MAX_BIDS_SHOWN = 8
TURN_UP_STATES = {"up": "turned up", "down": "turned down", "taken": "picked up by the dealer"}


def options_text(table: Table) -> str:
    """``Points needed to win: 10 · The dealer must name trump if all pass: yes``."""
    info = VARIANTS.get(table.variant)
    if info is None:
        return ""
    parts = []
    for spec in info.options:
        value = table.options.get(spec.name, spec.default)
        shown = ("yes" if value else "no") if isinstance(value, bool) else value
        parts.append(f"{spec.description}: {shown}")
    return " · ".join(parts)[:2000]


def table_embed(
    table: Table, view: Mapping[str, Any] | None, names: Mapping[int, str]
) -> discord.Embed:
    """The embed of the public table message (``view``: the game's public view, if live)."""
    labels = seat_names(table, names)
    embed = discord.Embed(
        title=f"{table.variant_name} · table #{table.id}",
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
    lines += [f"Seat {s.index + 1}: {lobby_seat(s, names)}" for s in table.seats]
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
    if table.scores:
        lines.append("")
        lines += score_lines(table.scores, table.sides, labels)
    lines.append("")
    if table.status == "abandoned":
        lines.append("This game was ended before its finish.")
    elif table.status == "finished":
        lines.append(result_line(table.winner, table.sides, labels, table.hand_number))
    else:
        lines.append("Reopening this table…")
    return "\n".join(lines)


def result_line(
    winner: int | None, sides: Sequence[Sequence[int]], labels: Sequence[str], hands: int = 0
) -> str:
    """``🏆 Bob & Carol won the game!`` (after N hands)."""
    after = f" after {hands} hand{'s' if hands != 1 else ''}" if hands else ""
    if winner is None:
        return f"The game is over{after}."
    return f"🏆 **{side_name(winner, sides, labels)}** won the game{after}!"


def score_lines(
    scores: Sequence[int], sides: Sequence[Sequence[int]], labels: Sequence[str]
) -> list[str]:
    """One ``**Bob & Carol**: 7`` line per side that has seats."""
    sides = sides or [[s] for s in range(len(scores))]
    return [
        f"**{side_name(i, sides, labels)}**: {score}"
        for i, score in enumerate(scores)
        if i < len(sides) and sides[i]
    ]


def play_text(table: Table, view: Mapping[str, Any], labels: Sequence[str]) -> str:
    """Scores, the hand's state, public cards, bids, the trick and whose turn it is."""
    variant = table.variant
    sides = view.get("sides") or table.sides
    lines = [f"__Scores__ (to {view.get('target')})"]
    lines += score_lines(view.get("scores", []), sides, labels)
    lines += ["", hand_line(view, labels)]
    lines += public_cards(view, labels, variant)
    lines += bid_lines(view, labels, variant)
    lines.append("")
    lines += trick_lines(view, labels, variant)
    lines += ["", turn_line(table, view, labels)]
    return "\n".join(lines).strip()


def hand_line(view: Mapping[str, Any], labels: Sequence[str]) -> str:
    """Hand number, dealer, trump, maker and what they bid or declared."""
    parts = [f"Hand {view.get('hand_number')}"]
    dealer = view.get("dealer")
    if dealer is not None and dealer < len(labels):
        parts.append(f"dealer {labels[dealer]}")
    if view.get("trump") is not None or view.get("phase") == "play":
        parts.append(f"trump {trump_text(view.get('trump'))}")
    maker = view.get("maker")
    if maker is not None and maker < len(labels):
        details = [d for d in (_bid_of(view), _declaration(view, len(labels))) if d]
        made = f"made by {labels[maker]}"
        parts.append(f"{made} ({', '.join(details)})" if details else made)
    if view.get("free_for_all"):
        parts.append("free-for-all")
    return " · ".join(parts)


def _bid_of(view: Mapping[str, Any]) -> str:
    bid = view.get("bid") if view.get("bid") is not None else view.get("high_bid")
    if bid is None or isinstance(bid, bool):
        return ""
    return f"bid {action_name(f'bid:{bid}', view.get('variant'))}".replace("bid Bid ", "bid ")


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
        lines.append(f"Chaff turned: {cards_text(view['chaff'], variant)}")
    for seat, area in enumerate(view.get("tables") or []):
        if seat < len(labels):
            lines.append(f"{labels[seat]}'s {area_name(view)}: {area_text(area, variant)}")
    if view.get("exposed_hand"):
        lines.append(f"Jambone hand (face up): {cards_text(view['exposed_hand'], variant)}")
    if view.get("points_taken"):
        counts = ", ".join(f"{labels[s]} {p}" for s, p in enumerate(view["points_taken"]))
        lines.append(f"Count taken: {counts}")
    return lines


def bid_lines(view: Mapping[str, Any], labels: Sequence[str], variant: str) -> list[str]:
    """Each player's bid (Flip) or the latest calls of the auction."""
    bids = view.get("bids")
    if isinstance(bids, list) and any(b is not None for b in bids):
        shown = ", ".join(
            f"{labels[s]} {b}" for s, b in enumerate(bids) if b is not None and s < len(labels)
        )
        return [f"Bids: {shown}"]
    bidding = view.get("bidding") or []
    if not bidding:
        return []
    calls = ", ".join(
        f"{labels[b['seat']]}: {action_name(b['action'], variant)}"
        for b in bidding[-MAX_BIDS_SHOWN:]
        if b.get("seat") is not None and b["seat"] < len(labels)
    )
    return [f"Calls: {calls}"] if calls else []


def trick_lines(view: Mapping[str, Any], labels: Sequence[str], variant: str) -> list[str]:
    """The trick in progress, the last trick with who took it, tricks won so far."""
    lines = []
    if view.get("trick"):
        played = ", ".join(
            f"{labels[c['seat']]} {card_text(c['card'], variant)}" for c in view["trick"]
        )
        lines.append(f"Trick: {played}")
    last = view.get("last_trick")
    if last:
        played = ", ".join(
            f"{labels[c['seat']]} {card_text(c['card'], variant)}" for c in last["cards"]
        )
        lines.append(f"Last trick: {played} → **{labels[last['winner']]}**")
    won = view.get("tricks_won")
    if won and view.get("phase") == "play":
        counts = ", ".join(f"{labels[s]} {n}" for s, n in enumerate(won) if s < len(labels))
        lines.append(f"Tricks: {counts}")
    return lines


def turn_line(table: Table, view: Mapping[str, Any], labels: Sequence[str]) -> str:
    """Whose turn it is and until when, or the result."""
    if view.get("is_over"):
        return result_line(view.get("winner"), view.get("sides") or table.sides, labels)
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
FINISHED_BUTTONS = (("Rematch", "rematch", discord.ButtonStyle.success),)


def table_controls(table: Table) -> StaticView:
    """The table message's buttons for its status (none once cancelled or abandoned)."""
    view = StaticView()
    buttons = {"lobby": LOBBY_BUTTONS, "playing": PLAY_BUTTONS, "finished": FINISHED_BUTTONS}
    for label, op, style in buttons.get(table.status, ()):
        view.add_button(label=label, style=style, custom_id=table_button(table.id, op))
    return view


def removable_seats(table: Table) -> list[Seat]:
    """The lobby seats the host may empty: everyone seated but the host."""
    return [s for s in table.seats if not s.is_empty and s.user_id != table.host_id]


def removal_menu(table: Table, names: Mapping[int, str]) -> StaticView:
    """The host's private select of a seat to empty."""
    view = StaticView()
    options = [
        (f"Seat {s.index + 1}: {lobby_seat(s, names)}"[:100], str(s.index))
        for s in removable_seats(table)
    ]
    view.add_select(
        custom_id=remove_select(table.id), placeholder="Choose who leaves the table",
        options=options,
    )
    return view
