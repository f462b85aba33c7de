"""What a click or a command at a table does: a thin translation to a table-service call,
then an answer rendered by ``bot.ui``.

Authority always comes from ``interaction.user`` (the service checks the seat); a custom
id only says which table, which turn and which action. A refused request
(:class:`TableError`) gets a short private explanation and changes nothing.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Awaitable, Callable
from contextlib import nullcontext
from functools import partial

import discord

from bot.ai import Advice
from bot.tables import TableError
from bot.tables.models import HandView, Table
from bot.ui.hand.message import (
    closed_hand_controls,
    closed_hand_embed,
    hand_controls,
    hand_embed,
)
from bot.ui.hand.sessions import signature
from bot.ui.names import seat_name
from bot.ui.pictures import hand_files, hand_picture
from bot.ui.replies import answer_privately, in_time, show_closed, tell
from bot.ui.runtime import TableRuntime, runtime_of
from bot.ui.table.leaving import (
    is_last_person,
    leave_choice,
    leave_question,
    left_answer,
    stay_answer,
)
from bot.ui.table.message import removable_seats, removal_menu, table_embed

from .moderation.announce import announce_mod_actions
from .moderators import is_moderator

log = logging.getLogger(__name__)

BEHIND = 1.0  # seconds a click waited for the event loop, after which its picture follows
BUSY_CLICKS = 24  # clicks being answered at once, above which pictures follow
BEHIND_FOLLOW_UP = 2.0  # seconds such a picture waits, for the next state to bring its own
SOMETHING_WRONG = "Something went wrong on my side; nothing was changed. Please try again."
NOT_SEATED = (
    "You're not seated at this table, so you have no hand here. Anyone can follow the game "
    "on the table message: the cards played, the calls and the scores."
)


def is_private_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is an ephemeral one (a private hand)."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def begin(interaction: discord.Interaction) -> TableRuntime:
    """The runtime, after noting who is interacting (names, Discord's clock)."""
    runtime = runtime_of(interaction.client)
    runtime.names.remember(interaction.user)
    runtime.clock.note(interaction)
    return runtime


def arrival(interaction: discord.Interaction) -> float:
    """When the click was made, on the monotonic clock: now, less how much later than
    usual it reached us. Answer deadlines count from there, not from when a busy event
    loop got to it."""
    return time.monotonic() - runtime_of(interaction.client).clock.delay(interaction)


def table_place(interaction: discord.Interaction) -> tuple[int, int | None]:
    """(channel id, thread id) where a table asked for here belongs: in a thread, its
    channel and the thread; else the channel and None."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return channel.parent_id or interaction.channel_id or 0, interaction.channel_id
    return interaction.channel_id or 0, None


async def guarded(interaction: discord.Interaction, step: Awaitable[None]) -> None:
    """Run ``step`` (counted among the clicks in flight); a refusal is told privately, a
    bug is logged and told briefly."""
    runtime = getattr(interaction.client, "runtime", None)
    clicks = runtime.clicks.counting() if isinstance(runtime, TableRuntime) else nullcontext()
    try:
        with clicks:
            await step
    except TableError as refused:
        await _tell_safely(interaction, refused.message)
    except discord.NotFound as gone:
        log.error("Interaction %s was answered too late: %s", interaction.data, gone)
    except Exception:
        log.exception("Interaction %s failed", interaction.data)
        await _tell_safely(interaction, SOMETHING_WRONG)


async def _tell_safely(interaction: discord.Interaction, text: str) -> None:
    try:
        await tell(interaction, text)
    except discord.HTTPException as exc:
        log.warning("Could not answer an interaction: %s", exc)


# ----- the table message's buttons -------------------------------------------------------
async def table_button(interaction: discord.Interaction, table_id: int, op: str) -> None:
    """Join, Leave, Add computer player, Start, Cancel, Remove player, My hand, Rematch."""
    started = arrival(interaction)
    runtime = begin(interaction)
    if op == "hand":
        await open_hand(interaction, table_id, started, update=is_private_message(interaction))
        return
    if op == "rematch":
        table = await in_time(
            interaction,
            runtime.service.rematch(table_id, interaction.user.id),
            started=started,
            new_message=True,
        )
        await tell(interaction, f"Rematch: table #{table.id} is open with the same players.")
        return
    if op == "status":
        await table_status(interaction, table_id)
        return
    if op == "remove":
        await offer_removal(interaction, table_id)
        return
    if op == "leave" and (await runtime.service.get(table_id)).status == "playing":
        await ask_to_leave(interaction, table_id)
        return
    table = await in_time(
        interaction, lobby_call(runtime, interaction, table_id, op), started=started
    )
    if not interaction.response.is_done():
        await interaction.response.defer()  # the table message itself shows the change
    if op == "cancel":  # a moderator closing a game or someone's lobby is in the mod log
        await announce_mod_actions(interaction.client, table.guild_id)


def lobby_call(
    runtime: TableRuntime, interaction: discord.Interaction, table_id: int, op: str
) -> Awaitable[Table]:
    """The service call behind a lobby button."""
    service, user_id = runtime.service, interaction.user.id
    calls: dict[str, Callable[[], Awaitable[Table]]] = {
        "join": lambda: service.join(table_id, user_id),
        "leave": lambda: service.leave(table_id, user_id),
        "computer": lambda: service.add_computer(table_id, user_id),
        "start": lambda: start_filling(runtime, table_id, user_id),
        "cancel": lambda: service.cancel(table_id, user_id, is_moderator=is_moderator(interaction)),
    }
    if op not in calls:
        raise TableError("That button does nothing any more.")
    return calls[op]()


async def ask_to_leave(interaction: discord.Interaction, table_id: int) -> None:
    """Before leaving a game in progress, say privately what it means and ask."""
    runtime = begin(interaction)
    table = await runtime.service.get(table_id)
    user_id = interaction.user.id
    if table.seat_of(user_id) is None:
        raise TableError("You're not seated at this table.")
    settings = await runtime.service.settings.get(table.guild_id)
    tournament = table.event_name is not None
    question = leave_question(
        table,
        penalty=settings.leaving_counts(tournament),
        rated=settings.rates(tournament),
        last=is_last_person(table, user_id),
    )
    await tell(interaction, question, view=leave_choice(table_id))


async def answer_leave(interaction: discord.Interaction, table_id: int, op: str) -> None:
    """Leave the game (stored before the answer) or stay; the question's buttons go."""
    started = arrival(interaction)
    runtime = begin(interaction)
    user_id = interaction.user.id
    if op == "stay":
        table = await runtime.service.get(table_id)
        if table.seat_of(user_id) is None:
            raise TableError("You're not seated at this table.")
        await show_closed(interaction, stay_answer(table_id))
        return
    table = await in_time(
        interaction, runtime.service.leave(table_id, user_id), started=started
    )
    departure = await runtime.service.departures.of_member(table_id, user_id)
    await show_closed(interaction, left_answer(table, departure))


async def start_filling(runtime: TableRuntime, table_id: int, user_id: int) -> Table:
    """Start the game, first giving every open seat to a computer player (the host only)."""
    service = runtime.service
    table = await service.get(table_id)
    if table.status == "lobby" and user_id == table.host_id:
        for _ in range(sum(1 for seat in table.seats if seat.is_empty)):
            try:
                await service.add_computer(table_id, user_id)
            except TableError:
                break  # someone took the seat meanwhile, or computers are off: start says
    return await service.start(table_id, user_id)


async def offer_removal(interaction: discord.Interaction, table_id: int) -> None:
    """The host's private choice of a player to remove from the lobby."""
    runtime = begin(interaction)
    table = await runtime.service.get(table_id)
    if table.status != "lobby":
        raise TableError("Players can be removed only before the game starts.")
    if interaction.user.id != table.host_id:
        raise TableError("Only the host can remove players.")
    if not removable_seats(table):
        raise TableError("Nobody else is seated: there is nobody to remove.")
    await runtime.names.ensure(table.guild_id, table.people)
    menu = removal_menu(table, runtime.names.names)
    await tell(interaction, "Whose seat do you want to empty?", view=menu)


async def remove_player(interaction: discord.Interaction, table_id: int, seat: int) -> None:
    """Empty the chosen seat (the service checks host, lobby and seat), then say who left."""
    started = arrival(interaction)
    runtime = begin(interaction)
    before = await runtime.service.get(table_id)
    table = await in_time(
        interaction, runtime.service.remove_seat(table_id, interaction.user.id, seat),
        started=started,
    )
    await runtime.names.ensure(table.guild_id, before.people)
    removed = seat_name(before.seats[seat], runtime.names.names)
    await show_closed(interaction, f"{removed} no longer sits at seat {seat + 1}.")


async def table_status(interaction: discord.Interaction, table_id: int) -> None:
    """The table as everyone sees it, privately."""
    runtime = begin(interaction)
    state = runtime.service.public_state(table_id)
    if state is None:
        table, view = await runtime.service.get(table_id), None
    else:
        table, view = state
    await runtime.names.ensure(table.guild_id, table.people)
    await tell(interaction, embed=table_embed(table, view, runtime.names.names))


# ----- the private hand --------------------------------------------------------------------
async def open_hand(
    interaction: discord.Interaction, table_id: int, started: float, *, update: bool
) -> None:
    """Show the player's hand: a new private message, or an update of the one clicked.

    Getting one's hand back also ends a computer's stand-in for the player.
    """
    runtime = begin(interaction)
    async with runtime.hands.answering(table_id, interaction.user.id):
        await _open_hand(interaction, runtime, table_id, started, update=update)


async def _open_hand(
    interaction: discord.Interaction,
    runtime: TableRuntime,
    table_id: int,
    started: float,
    *,
    update: bool,
) -> None:
    state = runtime.service.public_state(table_id)
    if state is None:
        await present_closed(interaction, runtime, table_id, update=update)
        return
    if state[0].status == "playing" and state[0].seat_of(interaction.user.id) is None:
        raise TableError(NOT_SEATED)
    hand = runtime.service.hand(table_id, interaction.user.id)
    if hand.table.seats[hand.seat].standin:
        await in_time(
            interaction,
            runtime.service.reclaim(table_id, interaction.user.id),
            started=started,
            new_message=not update,
        )
        hand = runtime.service.hand(table_id, interaction.user.id)
    await present_hand(interaction, runtime, hand, started, update=update)


async def present_hand(
    interaction: discord.Interaction,
    runtime: TableRuntime,
    hand: HandView,
    started: float,
    *,
    update: bool,
    notice: str | None = None,
) -> None:
    """Send or update the hand message, its picture drawn for it, and keep it current
    from now on.

    The picture is drawn here and now, unless the click (made at ``started``) waited
    ``BEHIND`` seconds already for the busy event loop, or more than ``BUSY_CLICKS``
    clicks are being answered: then the answer goes at once without it, drawn by the
    hands' worker to follow in an edit. Drawn on the loop, the pictures of a burst of
    clicks (a thousand tables starting together) were a seventh of the loop's time, and
    made it later still: 375-915 of the burst's clicks went unanswered over three runs,
    139 with the count.
    """
    embed = hand_embed(hand, runtime.names.names, notice)
    controls = hand_controls(hand)
    settings = await runtime.service.settings.get(hand.table.guild_id)
    if time.monotonic() - started < BEHIND and runtime.clicks.count <= BUSY_CLICKS:
        picture = await hand_picture(runtime.drawer, hand, settings)
    else:  # the follow-up waits for this answer: it holds the person's lock
        late = partial(runtime.hands.follow_up, hand.table.id, interaction.user.id,
                       signature(hand), after=BEHIND_FOLLOW_UP)
        picture = await hand_picture(runtime.drawer, hand, settings, late=late, wait=0.0)
    files = hand_files(picture, embed)
    await answer_privately(interaction, embed=embed, view=controls, files=files, update=update)
    runtime.hands.register(interaction, hand)


async def present_closed(
    interaction: discord.Interaction, runtime: TableRuntime, table_id: int, *, update: bool
) -> None:
    """A closed table's result (or why it ended) and Rematch: nothing there is private."""
    table = await runtime.service.get(table_id)
    await runtime.names.ensure(table.guild_id, table.people)
    embed, controls = closed_hand_embed(table, runtime.names.names), closed_hand_controls(table)
    await answer_privately(interaction, embed=embed, view=controls, update=update)


async def play(interaction: discord.Interaction, table_id: int, turn: int, action: str) -> None:
    """Apply the player's action (stored before the answer), then refresh their hand."""
    started = arrival(interaction)
    runtime = begin(interaction)
    async with runtime.hands.answering(table_id, interaction.user.id):
        await _play(interaction, runtime, table_id, turn, action, started)


async def _play(
    interaction: discord.Interaction,
    runtime: TableRuntime,
    table_id: int,
    turn: int,
    action: str,
    started: float,
) -> None:
    user_id = interaction.user.id
    await in_time(
        interaction,
        runtime.service.act(table_id, user_id, action, expected_turn=turn),
        started=started,
    )

    if not runtime.service.is_open(table_id):  # that was the game's last action
        await present_closed(interaction, runtime, table_id, update=is_private_message(interaction))
        return
    hand = runtime.service.hand(table_id, user_id)
    await present_hand(
        interaction, runtime, hand, started, update=is_private_message(interaction)
    )


async def hint(interaction: discord.Interaction, table_id: int, turn: int) -> None:
    """Ask a computer player what it would do, and show its advice in the hand."""
    started = arrival(interaction)
    runtime = begin(interaction)
    user_id = interaction.user.id
    hand = runtime.service.hand(table_id, user_id)
    if not hand.legal:
        raise TableError("It's not your turn: there is nothing to advise.")
    if hand.turn != turn:
        raise TableError("That button is from an earlier turn.")
    seed = random.randrange(2**31)
    view = runtime.service.advice_view(table_id, user_id)
    advice = await in_time(interaction, runtime.advise(view, hand.legal, seed), started=started)
    async with runtime.hands.answering(table_id, user_id):
        hand = runtime.service.hand(table_id, user_id)
        notice = hint_text(advice) if advice.action in hand.legal else None
        now = time.monotonic()  # the advice's own wait is not the event loop's
        await present_hand(interaction, runtime, hand, now, update=True, notice=notice)


def hint_text(advice: Advice) -> str:
    """``💡 Hint: Play A♠: it is the best card left in its suit.`` and the figures in small
    print."""
    text = f"💡 **Hint:** {advice.reason}"
    return f"{text}\n-# {advice.detail}"[:1000] if advice.detail else text[:1000]
