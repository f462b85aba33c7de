"""A round's message (the seating, byes and computers, the standings so far) and the
private answers of its **My table** button."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import discord

from bot.store.tournaments import RoundTable, TournamentRecord
from bot.tournaments.models import Layout, Standing
from bot.words.players import computer_short_name

from .common import (
    COLOUR,
    DESCRIPTION_LIMIT,
    FIELD_LIMIT,
    FIELD_STANDINGS_SHOWN,
    PICTURE_FILE,
    fit_lines,
    name_of,
    standings_text,
)


def seat_label(table: RoundTable, seat: int, names: Mapping[int, str]) -> str:
    """A seat's player, or ``🤖 Ada`` for a computer (its name at the table)."""
    user = table.seats[seat]
    return name_of(user, names) if user is not None else f"🤖 {computer_short_name(seat)}"


def seating_words(table: RoundTable, layout: Layout, names: Mapping[int, str]) -> str:
    """``Alice & Carol vs Bob & Dave`` (sides as the game forms them)."""
    sides = layout.sides if layout.seats == len(table.seats) else tuple(
        (s,) for s in range(len(table.seats))
    )
    return " vs ".join(
        " & ".join(seat_label(table, s, names) for s in side) for side in sides
    )


def round_embed(
    record: TournamentRecord, number: int, tables: Sequence[RoundTable], byes: Sequence[int],
    layout: Layout, names: Mapping[int, str], where: Mapping[int, str],
    standings: Sequence[Standing] = (), *, picture: bool = False,
) -> discord.Embed:
    """A round's message: the seating (``where``: table id → a link to it), the byes, and
    from round 2 on the standings so far."""
    lines = [
        f"**Table {t.table_no}:** {seating_words(t, layout, names)} — "
        f"{where.get(t.table_id or 0, f'table #{t.table_id}')}"
        for t in tables
    ]
    if byes:
        lines.append("**Bye:** " + ", ".join(name_of(u, names) for u in byes)
                     + " (sits the round out and scores its average)")
    hands = "hand" if record.hands == 1 else "hands"
    intro = f"Each table plays {record.hands} {hands}."
    if record.round_ends_at:
        stamp = int(datetime.fromisoformat(record.round_ends_at).timestamp())
        intro += f" The round clock runs out <t:{stamp}:R>."
    seating = fit_lines(lines, DESCRIPTION_LIMIT - len(intro) - 2, "more tables")
    embed = discord.Embed(
        title=f"🏆 {record.name} — Round {number} of {record.rounds}"[:256],
        description=f"{intro}\n\n{seating}", colour=COLOUR,
    )
    if standings and number > 1:
        embed.add_field(
            name=f"Standings after round {number - 1}",
            value=standings_text(standings, names, picture=picture,
                                 shown=FIELD_STANDINGS_SHOWN, limit=FIELD_LIMIT),
            inline=False,
        )
        if picture:
            embed.set_image(url=f"attachment://{PICTURE_FILE}")
    embed.set_footer(text="My table tells you privately where you sit this round.")
    return embed


def round_where(guild_id: int, table_id: int, channel_id: int,
                thread_id: int | None, message_id: int | None) -> str:
    """A link to a round's table: its thread, else its message, else its number."""
    if thread_id:
        return f"<#{thread_id}>"
    if message_id:
        return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id} (#{table_id})"
    return f"table #{table_id}"


def my_seat_text(
    record: TournamentRecord, tables: Sequence[RoundTable], byes: Sequence[int], user_id: int,
    layout: Layout, names: Mapping[int, str], where: Mapping[int, str],
) -> str:
    """Where ``user_id`` sits in the current round (or that they sit it out)."""
    at = f"Round {record.round} of {record.rounds}"
    if user_id in byes:
        return f"{at}: you have a bye — you sit this round out and score its average."
    for table in tables:
        if user_id in table.seats:
            link = where.get(table.table_id or 0, f"table #{table.table_id}")
            return (
                f"{at}: you sit at **table {table.table_no}** "
                f"({seating_words(table, layout, names)}) — {link}"
            )
    return f"{at}: you are not seated in this round."


def old_round_text(clicked: int, record: TournamentRecord, current: str) -> str:
    """The answer to My table on an earlier round's message (``current``: where the
    member is now, from :func:`my_seat_text`, or why not)."""
    if not record.is_open:
        return (
            f"That was round {clicked}: {record.name} is over. `/tournament results` shows "
            "the final standings."
        )
    return f"That was round {clicked}: round {record.round} is on. {current}"

