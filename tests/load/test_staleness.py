"""Timing stored moves until their table message shows them."""

from __future__ import annotations

import datetime

from bot.store.tables import ActionRecord
from tests.emulator.world.model import Message, User
from tests.load.staleness import TableEdits, staleness_lines

START = datetime.datetime(2026, 11, 29, 11, 49, 40, tzinfo=datetime.UTC)


def at(seconds: float) -> str:
    return (START + datetime.timedelta(seconds=seconds)).isoformat(timespec="milliseconds")


def action(index: int, seconds: float, source: str = "computer") -> ActionRecord:
    return ActionRecord(94, index, 1, "pass", source, None, at(seconds))  # type: ignore[arg-type]


def edit(edits: TableEdits, message: Message, made: float, showing: float) -> None:
    message.embeds = [{"title": "Euchre · table #94", "timestamp": at(showing)}]
    edits.edited(message, START.timestamp() + made)


def test_a_move_shows_with_the_first_later_edit_of_a_state_as_new() -> None:
    table = Message(1, 2, 3, User(4, "Bower", bot=True), at(0))
    edits = TableEdits()
    edit(edits, table, made=2.0, showing=1.0)  # the person's pass, shown a second late
    edit(edits, table, made=60.0, showing=50.0)  # computers' moves, starved until then
    moves = [action(3, 1.0, "person"), action(4, 5.0), action(5, 9.0), action(6, 61.0)]

    delays = edits.delays(table.id, moves)

    assert delays == [1.0, 55.0, 51.0, None]  # the last: after the last edit
    [line] = staleness_lines({"computer": delays[1:], "person": delays[:1]})
    assert line == (
        "stored moves until their table message shows them, by who moved: computer 3: p50"
        " 51.00 / p99 55.00 / max 55.00 s, never shown 1; person 1: p50 1.00 / p99 1.00 /"
        " max 1.00 s, never shown 0"
    )
