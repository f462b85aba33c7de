"""The custom ids of Bower's buttons and selects, and parsing them back.

A custom id names the table and, for game actions, the turn it was built for, so a click
still works after a restart and a stale one is recognised. Authority never comes from a
custom id: the clicking member is checked against the seat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.ui.numbers import MAX_INTEGER, NUMBER

PREFIX = "bower"
TABLE_OPS = (
    "join", "leave", "computer", "remove", "start", "cancel", "hand", "rematch", "status",
    "review",
)
#: A review's buttons: the step shown (hand, trick) and where to go from it, or share it,
#: or download the game's record.
REVIEW_OPS = ("first", "hand_back", "back", "next", "hand_next", "last", "share", "file")
#: The answers to "Leave the game?": leave it, or stay.
LEAVE_OPS = ("go", "stay")
LEAVE_PATTERN = rf"{PREFIX}:leave:(?P<table>{NUMBER}):(?P<op>{'|'.join(LEAVE_OPS)})"
TABLE_PATTERN = rf"{PREFIX}:table:(?P<table>{NUMBER}):(?P<op>{'|'.join(TABLE_OPS)})"
ACTION_PATTERN = rf"{PREFIX}:act:(?P<table>{NUMBER}):(?P<turn>{NUMBER}):(?P<action>[A-Za-z0-9_:+]+)"
PICK_PATTERN = rf"{PREFIX}:pick:(?P<table>{NUMBER}):(?P<turn>{NUMBER}):(?P<kind>[a-z_]+)"
HINT_PATTERN = rf"{PREFIX}:hint:(?P<table>{NUMBER}):(?P<turn>{NUMBER})"
REMOVE_PATTERN = rf"{PREFIX}:remove:(?P<table>{NUMBER})"
REVIEW_PATTERN = (
    rf"{PREFIX}:review:(?P<table>{NUMBER}):(?P<hand>{NUMBER}):(?P<trick>{NUMBER})"
    rf":(?P<op>{'|'.join(REVIEW_OPS)})"
)
MAX_LENGTH = 100


@dataclass(frozen=True)
class ActionId:
    """A game-action control: which table, which turn it was drawn for, which action."""

    table: int
    turn: int
    action: str


def table_button(table_id: int, op: str) -> str:
    """Custom id of a table-message button (join, leave, computer, start, …)."""
    assert op in TABLE_OPS, op
    return f"{PREFIX}:table:{table_id}:{op}"


def leave_button(table_id: int, op: str) -> str:
    """Custom id of a button answering whether to leave a game in progress."""
    assert op in LEAVE_OPS, op
    return f"{PREFIX}:leave:{table_id}:{op}"


def action_button(table_id: int, turn: int, action: str) -> str:
    """Custom id of a button applying ``action`` at ``turn``."""
    custom_id = f"{PREFIX}:act:{table_id}:{turn}:{action}"
    assert len(custom_id) <= MAX_LENGTH, custom_id
    return custom_id


def pick_select(table_id: int, turn: int, kind: str) -> str:
    """Custom id of a select whose chosen value is the action id."""
    return f"{PREFIX}:pick:{table_id}:{turn}:{kind}"


def hint_button(table_id: int, turn: int) -> str:
    """Custom id of the Hint button."""
    return f"{PREFIX}:hint:{table_id}:{turn}"


def remove_select(table_id: int) -> str:
    """Custom id of the host's select of a seat to empty (its value is the seat index)."""
    return f"{PREFIX}:remove:{table_id}"


def review_button(table_id: int, hand: int, trick: int, op: str) -> str:
    """Custom id of a review button pressed at step (``hand``, ``trick``)."""
    assert op in REVIEW_OPS, op
    return f"{PREFIX}:review:{table_id}:{hand}:{trick}:{op}"


def parse_action(custom_id: str) -> ActionId | None:
    """Read an action button's custom id back; None if it is not one."""
    match = re.fullmatch(ACTION_PATTERN, custom_id)
    if match is None or not fits(match, "table", "turn"):
        return None
    return ActionId(int(match["table"]), int(match["turn"]), match["action"])


def parse_table_button(custom_id: str) -> tuple[int, str] | None:
    """``(table id, op)`` of a table-message button, or None."""
    match = re.fullmatch(TABLE_PATTERN, custom_id)
    return None if match is None or not fits(match, "table") else (int(match["table"]), match["op"])


def fits(match: re.Match[str], *groups: str) -> bool:
    """Whether the numbers a custom id matched fit the store's 64-bit integers."""
    return all(int(match[group]) <= MAX_INTEGER for group in groups)


def is_action_id(value: str) -> bool:
    """Whether ``value`` looks like an engine action id, or steps joined by ``+`` (what a
    select may carry)."""
    return re.fullmatch(r"[A-Za-z0-9_:+]{1,60}", value) is not None
