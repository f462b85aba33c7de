"""Leaving a game in progress: the question asked first, its buttons, and the answer.

What the member reads before and after matches what the table service does: a computer
player takes the seat for good, the game goes on (the computers finish it if nobody else
is playing), and it counts as a loss in the member's rating if the server's
``leaver_penalty`` was on when they left.
"""

from __future__ import annotations

import discord

from bot.store.departures import Departure
from bot.tables.models import Table
from bot.ui.custom_ids import leave_button
from bot.ui.views import StaticView

LEAVE_LABEL, STAY_LABEL = "Leave the game", "Stay"
LAST_PERSON = "Nobody else is playing, so the computer players finish the game; its result is kept."


def is_last_person(table: Table, user_id: int) -> bool:
    """Whether ``user_id`` is the only person still seated at the table."""
    return table.people == (user_id,)


def leave_question(table: Table, *, penalty: bool, rated: bool, last: bool) -> str:
    """What leaving now means, asked before the member confirms: ``penalty``, leaving
    counts as a loss; ``rated``, the game moves ratings at all."""
    game = table.variant_name
    lines = [f"**Leave the game at table #{table.id}?**"]
    if penalty:
        lines.append(
            f"Leaving now counts as a loss in your {game} rating when the game ends, "
            "whatever happens after. A computer player takes your seat."
        )
    elif not rated:
        lines.append(
            "A computer player takes your seat. This server doesn't rate tournament games: "
            f"the game won't be in your {game} rating."
        )
    else:
        lines.append(
            "A computer player takes your seat. This server doesn't count leaving as a loss: "
            f"the game won't be in your {game} rating."
        )
    if last:
        lines.append(LAST_PERSON)
    lines.append("You can't come back to this game once you leave.")
    return "\n".join(lines)


def leave_choice(table_id: int) -> StaticView:
    """The two answers: leave (red) or stay."""
    view = StaticView()
    view.add_button(
        label=LEAVE_LABEL, custom_id=leave_button(table_id, "go"), style=discord.ButtonStyle.danger
    )
    view.add_button(label=STAY_LABEL, custom_id=leave_button(table_id, "stay"))
    return view


def left_answer(table: Table, departure: Departure | None) -> str:
    """The answer once the member has left, from what was stored."""
    lines = [f"You left the game at table #{table.id}: a computer player has your seat."]
    if departure is not None and departure.counts_as_loss:
        lines.append(f"It counts as a loss in your {table.variant_name} rating when it ends.")
    elif departure is not None:
        lines.append(f"It won't be in your {table.variant_name} rating.")
    if not table.people and table.status == "playing":
        lines.append(LAST_PERSON)
    return "\n".join(lines)


def stay_answer(table_id: int) -> str:
    """The answer to Stay: nothing changed."""
    return f"You're still playing at table #{table_id}: nothing was changed."
