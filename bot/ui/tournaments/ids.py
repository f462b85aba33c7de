"""Custom ids of the tournament buttons: ``bower-tour:<op>:<tournament>[:<round>]``.

They do not start with ``bower:``, so the table router leaves them to the tournament cog.
A custom id only says which tournament (and round) a button is of; who may do what comes
from the clicking member, checked by the cog.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.ui.numbers import MAX_INTEGER

PREFIX = "bower-tour:"
REGISTER, WITHDRAW, START, MY_TABLE = "register", "withdraw", "start", "seat"
_PATTERN = re.compile(r"bower-tour:(register|withdraw|start|seat):([0-9]{1,19})(?::([0-9]{1,3}))?")


@dataclass(frozen=True)
class TournamentButton:
    """What a tournament button asks: ``op`` on ``tournament_id`` (``round`` for My table)."""

    op: str
    tournament_id: int
    round: int = 0


def is_tournament_component(custom_id: str) -> bool:
    """Whether a custom id belongs to the tournaments (``bower-tour:…``)."""
    return custom_id.startswith(PREFIX)


def button_id(op: str, tournament_id: int, round_number: int | None = None) -> str:
    """The custom id of one of a tournament's buttons."""
    tail = f":{round_number}" if round_number is not None else ""
    return f"{PREFIX}{op}:{tournament_id}{tail}"


def parse_button(custom_id: str) -> TournamentButton | None:
    """The button a custom id stands for, or None if it is not a valid one."""
    match = _PATTERN.fullmatch(custom_id)
    if match is None or int(match[2]) > MAX_INTEGER:
        return None
    op, number, round_text = match[1], int(match[2]), match[3]
    if (op == MY_TABLE) != (round_text is not None):
        return None
    return TournamentButton(op, number, int(round_text or 0))
