"""Claims of a private hand's controls: a button or a select option to make a move says
that move is one its seat may make now (drawn for the turn its custom id names)."""

from __future__ import annotations

import re

from tests.truth.claims.base import Claim, Context, who
from tests.truth.stored.timeline import Snapshot

ACTION = re.compile(r"^bower:act:(?P<table>\d+):(?P<turn>\d+):(?P<action>[A-Za-z0-9_:+]+)$")
PICK = re.compile(r"^bower:pick:(?P<table>\d+):(?P<turn>\d+):")


def offered(controls: tuple[tuple[str, str], ...]) -> tuple[int | None, list[tuple[str, str]]]:
    """The turn the controls were drawn for, and each move offered: (action, its label)."""
    turn, moves = None, []
    for custom_id, shown in controls:
        button, pick = ACTION.match(custom_id), PICK.match(custom_id)
        if button:
            turn, action = int(button.group("turn")), button.group("action")
            moves.append((action, shown))
        elif pick:
            turn = int(pick.group("turn"))
            moves.append((shown, shown))
    return turn, moves


def rematch_claims(controls: tuple[tuple[str, str], ...], ctx: Context) -> list[Claim]:
    """A Rematch button says a rematch can be had: never at a tournament round's table."""
    if not any(label == "Rematch" for _, label in controls):
        return []
    return [Claim("rematch_offered", "Rematch", lambda s: None if s.hand_limit is None else (
        "a tournament round's table has no rematch"))]


def control_claims(controls: tuple[tuple[str, str], ...], ctx: Context) -> list[Claim]:
    """One claim per move offered: at the turn drawn for, it is this seat's to make (its
    first step, for a button that makes two: ``order+alone``); and a Rematch offered."""
    rematch = rematch_claims(controls, ctx)
    turn, moves = offered(controls)
    if turn is None or ctx.seat is None:
        return rematch
    seat = ctx.seat
    claims = []
    for action, label in moves:
        def test(s: Snapshot, action: str = action) -> str | None:
            if s.k != turn:
                return f"drawn for turn {turn}, shown at {s.k}"
            if s.acting != seat:
                return f"{who(ctx.names, s.acting)} acts now"
            step = action.split("+")[0]
            return None if step in s.legal else f"{step} is not allowed now: {list(s.legal)}"
        claims.append(Claim("offered_move", f"{label} ({action})", test))
    firsts = {action.split("+")[0] for action, _ in moves}

    def every(s: Snapshot) -> str | None:
        missing = [a for a in s.legal if a not in firsts] if s.acting == seat else []
        return None if not missing else f"{missing} may be chosen too"

    said = "choices: " + ", ".join(label for _, label in moves)
    return [*rematch, *claims, Claim("offered_all", said, every)]
