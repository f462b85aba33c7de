"""Claims of a closed table's lines: its game is over (and a rematch is offered to the
member who reads it), or it was ended before its finish, at the score it stood at, and
nothing was rated."""

from __future__ import annotations

from tests.truth.claims.base import Claim, Context, by_side, side_values
from tests.truth.stored.timeline import Snapshot


def over_truth(s: Snapshot, ctx: Context) -> str | None:
    """None when the table's game is over at ``s``, its result stored (not a tournament
    round's table, which plays a number of hands, not a game)."""
    table = ctx.table
    if table.hand_limit is not None:
        return "a tournament round's table: its round ends, not a game"
    if not s.public.get("is_over"):
        return "the game is still being played"
    if table.status != "finished" or table.result_at is None:
        return f"the table is {table.status}, no result stored"
    return None


def game_over(line: str, ctx: Context) -> list[Claim]:
    """``🏁 **The game is over.**``."""
    return [Claim("game_over", line, lambda s: over_truth(s, ctx))]


def rematch(line: str, ctx: Context) -> list[Claim]:
    """``Press **Rematch** to play again with the same seats.``: the game is over, the
    message has the table's Rematch button, and its reader sat at the table (only the
    players of a game can start its rematch)."""
    button = f"bower:table:{ctx.table.id}:rematch"
    seated = {seat.user_id for seat in ctx.table.seats if seat.user_id is not None}

    def test(s: Snapshot) -> str | None:
        if not any(custom_id == button for custom_id, _ in ctx.controls):
            return "the message has no Rematch button"
        if ctx.member is not None and ctx.member not in seated:
            return f"<@{ctx.member}> has no seat at the table: only its players can rematch"
        return over_truth(s, ctx)

    return [Claim("rematch_line", line, test)]


def ended(line: str, ctx: Context) -> list[Claim]:
    """``This game was ended before its finish`` (``: it is not rated.``): the table was
    ended while its game was still being played, and no result (so no rating) came of it."""
    def test(s: Snapshot) -> str | None:
        table = ctx.table
        if table.status != "abandoned":
            return f"the table is {table.status}"
        if s.public.get("is_over"):
            return "the game had finished"
        return None if table.result_at is None else "a result was stored: it was rated"

    return [Claim("ended_early", line, test)]


def score_when_ended(line: str, ctx: Context) -> list[Claim] | None:
    """``Score when it ended: **A & B** 3 · **C & D** 2``: each side's score then."""
    pairs = side_values(line.removeprefix("Score when it ended: "), ctx.names)
    if pairs is None:
        return None
    return by_side("ended_score", line, pairs, lambda s: list(s.public["scores"]))
