"""The words and the button of the ``/play`` queue: the member's private answer (what they
wait for, who else waits, **Leave queue**) and the channel message that names everyone a
table seated (mentions without a ping: the table's own greeting pings them).

The Leave queue button's custom id carries the moment the wait began
(``bower-queue:leave:<ms>``): a click on the button of an earlier wait (the member left,
was seated or moved to another game since) is recognised and changes nothing. It does not
start with ``bower:``, so the table router leaves it to the play cog.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import discord

from bot.engine import VARIANTS
from bot.store.play_queue import QueuedMember
from bot.ui.names import person_name
from bot.ui.numbers import MAX_INTEGER
from bot.ui.options import option_words
from bot.ui.views import StaticView

LEAVE_PREFIX = "bower-queue:leave:"
LEAVE_PATTERN = re.compile(r"bower-queue:leave:([0-9]{1,19})")
QUEUE_COLOUR = 0x3BA55D
MAX_LISTED = 20


# ----- the Leave queue button ------------------------------------------------------------------
def wait_stamp(entry: QueuedMember) -> int:
    """The wait's identity on its button: when it began, in milliseconds."""
    return int(entry.joined_at * 1000)


def leave_view(entry: QueuedMember) -> StaticView:
    """The **Leave queue** button of a member's wait."""
    view = StaticView()
    view.add_button(
        label="Leave queue",
        custom_id=f"{LEAVE_PREFIX}{wait_stamp(entry)}",
        style=discord.ButtonStyle.danger,
    )
    return view


def is_queue_component(custom_id: str) -> bool:
    """Whether a custom id belongs to the queue (``bower-queue:…``)."""
    return custom_id.startswith("bower-queue:")


def parse_leave(custom_id: str) -> int | None:
    """The wait stamp of a Leave queue button, or None if the id is not a valid one."""
    match = LEAVE_PATTERN.fullmatch(custom_id)
    if match is None or int(match[1]) > MAX_INTEGER:
        return None
    return int(match[1])


# ----- what a wait is for -------------------------------------------------------------------------
def wanted_text(entry: QueuedMember) -> str:
    """``Euchre · 4 players · game to 10`` and any house rules."""
    info = VARIANTS.get(entry.variant)
    if info is None:
        return entry.variant
    parts = [info.name, f"{entry.players} players"]
    for spec in info.options:
        value = entry.options.get(spec.name, spec.default)
        if spec.name == "target":
            parts.append(f"game to {value}")
        elif value != spec.default:
            parts.append(option_words(spec, value))
    return " · ".join(parts)


def minutes_text(seconds: float) -> str:
    """``less than a minute``, ``1 minute``, ``12 minutes``, ``1 hour``, ``1 h 5 min``."""
    minutes = int(max(0.0, seconds) // 60)
    if minutes < 1:
        return "less than a minute"
    if minutes < 60:
        return f"{minutes} minute" + ("s" if minutes != 1 else "")
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest} min" if rest else f"{hours} hour" + ("s" if hours != 1 else "")


# ----- the private answer -------------------------------------------------------------------------
def queue_embed(
    entry: QueuedMember,
    waiting: Sequence[QueuedMember],
    *,
    now: float,
    scale: float,
    names: Mapping[int, str],
    note: str = "",
) -> discord.Embed:
    """What the member waits for, when computers may fill the table, and who waits."""
    same = [m for m in waiting if m.key == entry.key]
    missing = max(0, entry.players - len(same))
    lines = [note] if note else []
    lines.append(f"You're waiting for **{wanted_text(entry)}**.")
    if missing:
        people = "member" if missing == 1 else "members"
        lines.append(
            f"A table opens as soon as {missing} more {people} `/play` the same game "
            "with the same options; everyone seated is pinged in "
            f"<#{entry.thread_id or entry.channel_id}>."
        )
    else:
        lines.append(
            "Enough members are waiting, but the table could not open yet (this server may "
            "have as many tables open as it allows); Bower tries again every minute."
        )
    lines.append(_computers_line(entry, same, now, scale))
    embed = discord.Embed(
        title="⏳ You're in the queue", description="\n".join(lines), colour=QUEUE_COLOUR
    )
    embed.add_field(
        name=f"Waiting in this server ({len(waiting)})",
        value=waiting_lines(waiting, now=now, scale=scale, names=names),
        inline=False,
    )
    embed.set_footer(
        text="Leave queue takes you out; /play shows this again. You wait for one game at a time."
    )
    return embed


def _computers_line(
    entry: QueuedMember, same: Sequence[QueuedMember], now: float, scale: float
) -> str:
    if not entry.computers:
        return "You play with people only: no computer players will fill your table."
    first = next((m for m in same if m.computers), entry)
    left = (first.wait_ends - now) / (scale or 1.0)
    when = "any moment now" if left < 30 else f"in about {minutes_text(left + 30)}"
    return (
        f"If not enough members come, your table opens with computer players in the empty "
        f"seats {when}."
    )


def waiting_lines(
    waiting: Sequence[QueuedMember], *, now: float, scale: float, names: Mapping[int, str]
) -> str:
    """One line per waiting member: name, what they wait for, for how long."""
    if not waiting:
        return "Nobody is waiting."
    lines = [
        f"**{discord.utils.escape_markdown(person_name(m.user_id, names))}** — "
        f"{wanted_text(m)} — waiting "
        f"{minutes_text((now - m.joined_at) / (scale or 1.0))}"
        + ("" if m.computers else " (people only)")
        for m in waiting[:MAX_LISTED]
    ]
    if len(waiting) > MAX_LISTED:
        lines.append(f"…and {len(waiting) - MAX_LISTED} more.")
    return "\n".join(lines)[:1024]


def moved_note(before: QueuedMember) -> str:
    """The note for a member whose /play replaced their earlier wait."""
    return (
        f"You no longer wait for {wanted_text(before)}: you wait for one game at a time, "
        "so this /play took its place."
    )


ALREADY_NOTE = "You were already waiting for this (your wait goes on from when you joined)."


def left_text(entry: QueuedMember) -> str:
    """The answer to Leave queue."""
    return f"You left the queue for {wanted_text(entry)}. Use `/play` to wait again."


def stale_leave_text(current: QueuedMember | None) -> str:
    """The answer to a Leave queue button of a wait that is over."""
    if current is None:
        return "You're not waiting in the queue any more, so there is nothing to leave."
    return (
        f"That button was for an earlier wait. You now wait for {wanted_text(current)}: "
        "use `/play` to see it or leave. Nothing was changed."
    )


NOT_VALID = "That button is not valid: nothing was changed."


# ----- a table opened ---------------------------------------------------------------------------
def ready_text(table_id: int, channel_id: int, entry: QueuedMember, computers: int) -> str:
    """What a member's private queue message says once the queue has seated them: where
    their table is, what it plays, and that the game is on (its Leave queue button gone)."""
    text = f"✅ Your table #{table_id} is ready in <#{channel_id}>: {wanted_text(entry)}"
    if computers:
        players = "computer player" if computers == 1 else "computer players"
        text += f", with {computers} {players} in the empty seats"
    return text + (
        ". The game has started: press **My hand** on its table message to see your cards."
    )


def seated_text(table_id: int, channel_id: int) -> str:
    """The private answer of the member whose /play completed a table."""
    return (
        f"Your table #{table_id} is ready in <#{channel_id}> and the game has started: "
        "press **My hand** on its table message to see your cards."
    )
