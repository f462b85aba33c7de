"""A late hand picture follows in an edit only while the message still shows the state it
was drawn for and the game is still there: a newer state brings its own picture, so an
overloaded bot does not edit every hand twice."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.ui.hand.sessions
from bot.ui.hand.sessions import DiscordClock, HandSession, HandSessions


class OpenTables:
    """Every table still open, its game at ``state``."""

    state = "state 2"

    def public_state(self, table_id: int) -> object:
        return object()

    def hand(self, table_id: int, user_id: int) -> str:
        return self.state


async def finished(hands: HandSessions) -> None:
    """Let the follow-ups under way run to their end."""
    await asyncio.gather(*list(hands._tasks))


@pytest.fixture
def sessions(monkeypatch: pytest.MonkeyPatch) -> tuple[HandSessions, list[tuple[Any, ...]]]:
    monkeypatch.setattr(bot.ui.hand.sessions, "signature", lambda hand: hand)
    hands = HandSessions(None, OpenTables(), None, DiscordClock(), None)  # type: ignore[arg-type]
    hands._sessions[1] = {7: HandSession("token", 0.0, "state 2")}
    edits: list[tuple[Any, ...]] = []

    async def refresh(*args: Any) -> None:
        edits.append(args)

    monkeypatch.setattr(hands, "_refresh_unlocked", refresh)
    return hands, edits


async def test_a_picture_late_for_the_state_shown_follows_in_an_edit(
    sessions: tuple[HandSessions, list[tuple[Any, ...]]],
) -> None:
    hands, edits = sessions
    hands.follow_up(1, 7, "state 2")
    await finished(hands)
    assert len(edits) == 1 and edits[0][:4] == (1, 7, None, True)  # edited, its picture in


@pytest.mark.parametrize(
    "game, table_id, shown",
    [
        ("state 2", 1, "state 1"),  # the message has shown state 2 since
        ("state 2", 2, "state 1"),  # no hand shown there at all
        ("state 3", 1, "state 2"),  # the game moved on: its own refresh brings its picture
    ],
)
async def test_a_picture_of_a_state_no_longer_shown_or_played_is_not_followed_up(
    sessions: tuple[HandSessions, list[tuple[Any, ...]]], game: str, table_id: int, shown: str
) -> None:
    hands, edits = sessions
    hands.service.state = game  # type: ignore[attr-defined]
    hands.follow_up(table_id, 7, shown)
    await finished(hands)
    assert edits == []


async def test_a_follow_up_waits_for_the_edit_under_way_then_sees_its_state(
    sessions: tuple[HandSessions, list[tuple[Any, ...]]],
) -> None:
    hands, edits = sessions
    lock = hands._locks.setdefault((1, 7), asyncio.Lock())
    hands.service.state = "state 3"  # type: ignore[attr-defined]
    async with lock:  # a refresh is editing state 3 in, the picture ready meanwhile
        hands.follow_up(1, 7, "state 3")
        await asyncio.sleep(0)
        hands._sessions[1][7].signature = "state 3"
    await finished(hands)
    assert len(edits) == 1
