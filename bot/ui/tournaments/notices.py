"""The channel's notices (clock, pause, resume, drop, waiting), the private answer to
Start, and the final message's words, which ping the winners only (its embed is
:func:`.common.standings_embed`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.tournaments import TournamentRecord
from bot.tournaments.models import CutRound, Standing

from .common import CONTENT_LIMIT


def clock_text(record: TournamentRecord) -> str:
    """The round clock ran out."""
    return (
        f"⏰ Round {record.round}'s time is up: each table finishes the hand in play, "
        "then the round ends."
    )


def paused_text(record: TournamentRecord, moderator_id: int | None) -> str:
    """A moderator paused the tournament."""
    who = f" by <@{moderator_id}>" if moderator_id else ""
    then = (
        "then the tournament finishes (it was the last round)" if record.round >= record.rounds
        else "and the next round waits for `/tournament resume`"
    )
    return (
        f"⏸️ **{record.name}** is paused{who}: the tables in play finish round "
        f"{record.round}, {then}."
    )


def resumed_text(record: TournamentRecord, round_over: bool) -> str:
    """A moderator resumed it (``round_over``: every table of the current round is scored,
    so the service moves on at once)."""
    number = record.round
    if not round_over:
        then = (f"round {number + 1} starts" if number < record.rounds
                else "the tournament finishes")
        return f"▶️ **{record.name}** goes on: {then} when round {number} ends."
    if number < record.rounds:
        return f"▶️ **{record.name}** goes on: round {number + 1} starts now."
    return f"▶️ **{record.name}** goes on: round {number} was its last, so it finishes now."


def dropped_text(record: TournamentRecord, user_id: int | None, seat_in_play: bool) -> str:
    """A player was dropped (``seat_in_play``: they sit at a table of the current round
    that is still being played, which a computer player takes over)."""
    what = []
    if seat_in_play:
        what.append(f"a computer player finishes their seat in round {record.round}")
    if record.round < record.rounds:
        what.append("the next rounds go on without them")
    then = ", and ".join(what) or "they play no more rounds"
    return f"🚪 <@{user_id}> was dropped from **{record.name}**: {then}."


def ended_early_text(record: TournamentRecord) -> str:
    """Ended before it started."""
    return f"🛑 **{record.name}** was ended before it started."


def ended_reply(record: TournamentRecord, cut: CutRound | None = None) -> str:
    """The private answer to ``/tournament end`` (``cut``: how the round in play stood)."""
    if record.round == 0:
        return f"{record.name} is ended before it started: no round was played."
    if cut is not None and cut.nothing_scored:
        return f"{record.name} is ended before any hand was scored: nobody won."
    return f"{record.name} is {ended_words(record, cut)}. Its final standings are posted."


def ended_words(record: TournamentRecord, cut: CutRound | None) -> str:
    """``ended after round 2 of 3``, or during a round: what of it counts."""
    if cut is None:
        return f"ended after round {record.round} of {record.rounds}"
    during = f"ended during round {cut.number} of {record.rounds}"
    if not cut.any_scored:
        return f"{during} before any hand of it was scored: it counts 0 for everyone"
    low, high = min(cut.played), max(cut.played)
    hands = "hand" if cut.hands == 1 else "hands"
    if len(cut.played) == 1:
        played = f"its table played {low} of {cut.hands} {hands}"
    elif low == high:
        played = f"each table played {low} of {cut.hands} {hands}"
    else:
        played = f"its tables played {low} to {high} of {cut.hands} {hands}"
    return f"{during}, counted as its tables stood: {played}"


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


def final_content(
    record: TournamentRecord, standings: Sequence[Standing], cut: CutRound | None = None
) -> str:
    """``🏆 @Alice wins Euchre night!`` (pings the winners only); a tournament a moderator
    ended says when, and what of a round cut short counts (``cut``)."""
    winners = winners_of(standings)
    ended = f" ({ended_words(record, cut)})" if record.status == "ended" else ""
    if cut is not None and cut.nothing_scored:
        return (f"🏁 **{record.name}** is over (ended during round 1 before any hand was "
                "scored): nobody won.")
    if not winners:
        return f"🏁 **{record.name}** is over{ended}: nobody finished a round."
    pings = " and ".join(f"<@{u}>" for u in winners[:10])
    verb = "wins" if len(winners) == 1 else "share first place in"
    return f"🏆 {pings} {verb} **{record.name}**{ended}!"[:CONTENT_LIMIT]
