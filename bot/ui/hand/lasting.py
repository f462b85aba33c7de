"""What a private hand message says while it is not going to change for a while, so that it
stays true: an ordinary wait for one's turn, a whole hand sat out, a Jambone maker's hand
played by someone else, a seat given up, a message Discord no longer lets Bower update, one
replaced by another message.

A waiting player's hand message is edited only when something that matters to them
changes (:func:`lasting_key`, part of the hand sessions' signature), not at every move:
so what it shows while waiting (:func:`still_view`) and the words chosen for these waits
must hold until that key changes.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.tables.models import HandView, Table
from bot.words.sides import side_name

CLOSED_COLOUR = 0x747F8D


def lasting_note(hand: HandView, labels: Sequence[str]) -> str | None:
    """The player's wait in words that hold for the rest of the hand, or None for an
    ordinary wait for their turn."""
    view = hand.view
    if hand.legal or hand.table.status != "playing":
        return None
    if _sits_out(view, hand.seat):
        return _sitting_out(view, hand.seat, labels)
    if _face_up_maker(view, hand.seat):
        chooser = _label(labels, view.get("chooser"))
        return (
            f"🃏 **Jambone:** your hand is face up and {chooser} chooses each card you play, "
            "to the end of this hand. There is nothing for you to do until the next deal."
        )
    return None


#: What other players' moves change: a waiting player's hand does not show it.
MOVING = ("trick", "last_trick", "previous_hand", "exposed_hand", "tricks_won")


def still_view(hand: HandView) -> HandView:
    """The hand as a waiting player's message shows it: without the trick, the last trick
    or a Jambone hand being played, which change at every move while the message changes
    only when :func:`lasting_key` does. Every table or battery stays: in the two-player
    games they change only when their owner plays from them, and the key follows them."""
    if hand.legal or hand.table.status != "playing":
        return hand
    view = {key: value for key, value in hand.view.items() if key not in MOVING}
    return replace(hand, view=view)


#: What a waiting player's message shows of their seat's view.
KEPT = ("hand_number", "phase", "trump", "hand", "turn_up", "turn_up_state", "calling_card",
        "chaff", "scores", "tables")


def lasting_key(hand: HandView) -> Hashable:
    """What must change for a waiting player's message to read differently: the wait
    (:func:`lasting_note`) and what :func:`still_view` keeps (:data:`KEPT`, every table or
    battery, a step they chose ahead)."""
    view = hand.view
    return (
        _sits_out(view, hand.seat),
        _face_up_maker(view, hand.seat),
        repr([view.get(key) for key in KEPT]),
        hand.held,
    )


def no_longer_seated_embed(table: Table, user_id: int) -> discord.Embed:
    """The hand message of a member who is no longer seated: closed, and why."""
    left = any(seat.left_by == user_id and not seat.given_away for seat in table.seats)
    if left:
        why = (
            "👋 **You left this game.** A computer player plays your seat to the end; you "
            "can't come back to it."
        )
    elif table.status == "playing":
        why = "**Your seat was given to a computer player.** It plays on to the end."
    else:
        why = "**You're no longer seated at this table.**"
    text = f"{why}\nThis hand is closed: it no longer shows the game."
    return discord.Embed(
        title=f"{table.variant_name} · table #{table.id} · your hand (closed)",
        description=text,
        colour=CLOSED_COLOUR,
    )


def stopped_updating_embed(table_id: int, variant_name: str) -> discord.Embed:
    """A hand message whose interaction token is about to expire: it stops here."""
    return discord.Embed(
        title=f"{variant_name} · table #{table_id} · your hand (closed)",
        description=(
            "⌛ **This hand stopped updating:** Discord lets Bower change a private message "
            "for 15 minutes only. Press **My hand** on the table (or use `/hand`) to see "
            "your hand as it is now."
        ),
        colour=CLOSED_COLOUR,
    )


def moved_embed(table_id: int, variant_name: str) -> discord.Embed:
    """A hand message replaced by another (My hand or ``/hand`` again, or a click on an older
    hand message): it stops here."""
    return discord.Embed(
        title=f"{variant_name} · table #{table_id} · your hand (closed)",
        description=(
            "↪️ **Your hand is shown in another message now** (the one you used last): "
            "this one no longer changes."
        ),
        colour=CLOSED_COLOUR,
    )


def message_origin(interaction: discord.Interaction) -> int:
    """Which message an answer to ``interaction`` shows, named by the interaction that
    created it: a click on a private message updates that message; anything else (a
    command, a button on the public table) answers with a new one."""
    message = interaction.message
    meta = message.interaction_metadata if message is not None else None
    if message is not None and message.flags.ephemeral and meta is not None:
        return meta.id
    return interaction.id


def _sits_out(view: Mapping[str, Any], seat: int) -> bool:
    active = view.get("active")
    return (
        view.get("phase") not in (None, "over")
        and isinstance(active, list)
        and seat < len(active)
        and not active[seat]
    )


def _face_up_maker(view: Mapping[str, Any], seat: int) -> bool:
    return view.get("chooser") is not None and view.get("maker") == seat


def _sitting_out(view: Mapping[str, Any], seat: int, labels: Sequence[str]) -> str:
    active = view.get("active") or []
    sides = view.get("sides") or []
    side = next((i for i, seats in enumerate(sides) if seat in seats), None)
    playing = [s for s in (sides[side] if side is not None else []) if active[s]]
    who = side_name(0, [playing], labels) if playing else "Your partner"
    if view.get("declaration") == "jambone" and view.get("maker") in playing:
        what = "called a Jambone"
    elif view.get("defender") is not None and view.get("defender") in playing:
        what = "defends alone"
    else:
        what = "plays alone"
    return (
        f"🪑 **You sit out this hand:** {who} {what}. Your cards stay out of play until "
        "the next deal."
    )


def _label(labels: Sequence[str], seat: object) -> str:
    return labels[seat] if isinstance(seat, int) and 0 <= seat < len(labels) else "a defender"
