"""The sign-up message: how the tournament is played, when it starts, and who is in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import discord

from bot.store.tournaments import TournamentRecord

from .common import COLOUR, FIELD_LIMIT, FORMAT_WORDS, game_words, name_of


def fill_words(record: TournamentRecord) -> str:
    """How players short of a full table are seated."""
    if record.fill == "bye":
        return "byes: players short of a full table sit the round out (scoring its average)"
    return "computer players take the seats short of a full table"


def clock_words(record: TournamentRecord) -> str:
    """The round clock."""
    if not record.round_minutes:
        return "none: each round ends when its tables have played their hands"
    minutes = "minute" if record.round_minutes == 1 else "minutes"
    return f"{record.round_minutes} {minutes} a round, then each table finishes the hand in play"


def start_words(record: TournamentRecord) -> str:
    """When it starts."""
    if record.starts_at:
        stamp = int(datetime.fromisoformat(record.starts_at).timestamp())
        return f"<t:{stamp}:t> (<t:{stamp}:R>), or when the host presses Start"
    return "when the host presses **Start**"


def signup_embed(
    record: TournamentRecord, players: Sequence[int], names: Mapping[int, str]
) -> discord.Embed:
    """The sign-up message: how the tournament is played and who is in."""
    hands = "hand" if record.hands == 1 else "hands"
    rounds = "round" if record.rounds == 1 else "rounds"
    lines = [
        f"**Game:** {game_words(record)}",
        f"**Format:** {FORMAT_WORDS.get(record.format, record.format)}",
        f"**Rounds:** {record.rounds} {rounds} × {record.hands} {hands}",
        f"**Short tables:** {fill_words(record)}",
        f"**Round clock:** {clock_words(record)}",
        f"**Start:** {start_words(record)}",
        f"**Host:** <@{record.host_id}>",
    ]
    embed = discord.Embed(
        title=f"🏆 {record.name}"[:256], description="\n".join(lines), colour=COLOUR
    )
    who = [name_of(u, names) for u in players]
    embed.add_field(
        name=f"Registered ({len(players)})", value=_names_cut(who) or "Nobody yet.",
        inline=False,
    )
    embed.set_footer(text=f"Tournament {record.id} · " + _signup_state(record))
    return embed


def _names_cut(who: Sequence[str]) -> str:
    kept: list[str] = []
    for index, name in enumerate(who):
        tail = f" …and {len(who) - index} more"
        if len(", ".join([*kept, name])) + len(tail) > FIELD_LIMIT:
            return ", ".join(kept) + tail
        kept.append(name)
    return ", ".join(kept)


def _signup_state(record: TournamentRecord) -> str:
    if record.status == "signup":
        return "Register to play; Withdraw takes you out before the start."
    if record.status in ("running", "paused"):
        return "Started: sign-up is closed. Each round's message shows who sits where."
    if record.round == 0:
        return "Ended before it started."
    return "Over: /tournament results shows the final standings."


def registered_text(count: int) -> str:
    """The private answer to Register."""
    return f"You're in: {count} registered."


def withdrawn_text(count: int) -> str:
    """The private answer to Withdraw."""
    return f"You withdrew: {count} registered."

