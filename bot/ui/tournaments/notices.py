"""The channel's notices (clock, pause, drop, waiting) and the final message, which pings
the winners only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.store.tournaments import TournamentRecord
from bot.tournaments.models import Standing

from .common import CONTENT_LIMIT, standings_embed


def clock_text(record: TournamentRecord) -> str:
    """The round clock ran out."""
    return (
        f"⏰ Round {record.round}'s time is up: each table finishes the hand in play, "
        "then the round ends."
    )


def paused_text(record: TournamentRecord, moderator_id: int | None) -> str:
    """A moderator paused the tournament."""
    who = f" by <@{moderator_id}>" if moderator_id else ""
    return (
        f"⏸️ **{record.name}** is paused{who}: the tables in play finish round "
        f"{record.round}, and the next round waits for `/tournament resume`."
    )


def resumed_text(record: TournamentRecord) -> str:
    """A moderator resumed it."""
    return f"▶️ **{record.name}** goes on: the next round starts when round {record.round} ends."


def dropped_text(record: TournamentRecord, user_id: int | None) -> str:
    """A player was dropped."""
    return (
        f"🚪 <@{user_id}> was dropped from **{record.name}**: a computer player finishes "
        "their seat, and the next rounds go on without them."
    )


def ended_early_text(record: TournamentRecord) -> str:
    """Ended before it started."""
    return f"🛑 **{record.name}** was ended before it started."


def waiting_text(record: TournamentRecord, registered: int, need: int) -> str:
    """The start time came with too few players."""
    return (
        f"⏳ **{record.name}** was due to start, but {registered} registered and it needs "
        f"at least {need}. Register now; the host can press **Start** once there are enough."
    )


def started_text(record: TournamentRecord, count: int) -> str:
    """The private answer to Start."""
    return f"{record.name} has started with {count} players: round 1 is on."


# ----- the end --------------------------------------------------------------------------
def winners_of(standings: Sequence[Standing]) -> list[int]:
    """Everyone sharing first place."""
    return [s.user_id for s in standings if s.rank == 1]


def final_content(record: TournamentRecord, standings: Sequence[Standing]) -> str:
    """``🏆 @Alice wins Euchre night!`` (pings the winners only)."""
    winners = winners_of(standings)
    ended = (
        f" (ended after round {record.round} of {record.rounds})"
        if record.status == "ended" else ""
    )
    if not winners:
        return f"🏁 **{record.name}** is over{ended}: nobody finished a round."
    pings = " and ".join(f"<@{u}>" for u in winners[:10])
    verb = "wins" if len(winners) == 1 else "share first place in"
    return f"🏆 {pings} {verb} **{record.name}**{ended}!"[:CONTENT_LIMIT]


def final_embed(
    record: TournamentRecord, standings: Sequence[Standing], names: Mapping[int, str], *,
    picture: bool,
) -> discord.Embed:
    """The final message's embed: the final standings and the picture."""
    return standings_embed(record, standings, names, final=True, picture=picture)

__all__ = [
    "clock_text",
    "paused_text",
    "resumed_text",
    "dropped_text",
    "ended_early_text",
    "waiting_text",
    "started_text",
    "winners_of",
    "final_content",
    "final_embed",
]
