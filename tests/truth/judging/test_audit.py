"""Whose commentary a public message is: the one game in play in its channel, or, of two
games played one after the other, the newer once it has moved."""

from __future__ import annotations

from dataclasses import replace

from tests.truth.judging.audit import TableTruth, attribute
from tests.truth.planting import two_hands
from tests.truth.playing.recorder import Shown
from tests.truth.stored.store import StoredAction, StoredTable

CHANNEL = 200


def later(table: StoredTable, number: int, after: float) -> StoredTable:
    """The same game as table ``number``, created ``after`` seconds in, moving after."""
    moves = [StoredAction(a.index, a.seat, a.action, a.stored_at + after + 5)
             for a in table.actions]
    return replace(table, id=number, created_at=after, actions=moves, message_id=None)


def said_at(at: float) -> Shown:
    return Shown(1, CHANNEL, None, 0, at, "📊 **Hand 1 is over.**", "")


def test_a_message_after_the_next_game_moved_is_its_commentary() -> None:
    first = replace(two_hands(), message_id=None)
    ended = first.actions[-1].stored_at
    second = later(first, 2, ended + 1)
    tables = {t.id: TableTruth(t, None, []) for t in (first, second)}  # type: ignore[arg-type]
    during_first = attribute(said_at(ended - 1), tables)[0]
    assert during_first is not None and during_first.table.id == 1
    after_second_moved = attribute(said_at(second.actions[0].stored_at + 1), tables)[0]
    assert after_second_moved is not None and after_second_moved.table.id == 2
    # Between the second's opening and its first move either could still be speaking.
    assert attribute(said_at(ended + 2), tables)[0] is None


def test_a_message_while_two_games_move_at_once_is_nobodys() -> None:
    first = replace(two_hands(), message_id=None)
    second = later(first, 2, 0.5)
    tables = {t.id: TableTruth(t, None, []) for t in (first, second)}  # type: ignore[arg-type]
    assert attribute(said_at(second.actions[3].stored_at), tables)[0] is None
