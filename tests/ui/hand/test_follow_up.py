"""A late hand picture follows in an edit only while the message still shows the state it
was drawn for and the game is still there: a newer state brings its own picture, so an
overloaded bot does not edit every hand twice."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import bot.ui.hand.sessions
from bot.engine import new_game
from bot.ui.hand.sessions import DiscordClock, HandSession, HandSessions, signature
from bot.ui.namebook import NameBook
from tests.ui.hand.fakes import OneHand
from tests.ui.helpers import hand_of


class OpenTables:
    """Every table still open, its game at ``state``."""

    state = "state 2"

    def is_open(self, table_id: int) -> bool:
        return True

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
    hands.follow_up(1, 7, "state 2", b"picture 2")
    await finished(hands)
    assert len(edits) == 1 and edits[0][:4] == (1, 7, None, True)  # edited, its picture in
    assert edits[0][5] == ("state 2", b"picture 2")  # the picture drawn, not drawn again


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
    hands.follow_up(table_id, 7, shown, b"picture")
    await finished(hands)
    assert edits == []


async def test_a_follow_up_that_waits_first_leaves_a_newer_state_to_bring_its_own(
    sessions: tuple[HandSessions, list[tuple[Any, ...]]],
) -> None:
    hands, edits = sessions
    hands.follow_up(1, 7, "state 2", b"picture 2", after=0.2)
    await asyncio.sleep(0.05)
    hands.service.state = "state 3"  # type: ignore[attr-defined]  # the game moved on meanwhile
    await finished(hands)
    assert edits == []


async def test_a_follow_up_waits_for_the_edit_under_way_then_sees_its_state(
    sessions: tuple[HandSessions, list[tuple[Any, ...]]],
) -> None:
    hands, edits = sessions
    lock = hands._locks.setdefault((1, 7), asyncio.Lock())
    hands.service.state = "state 3"  # type: ignore[attr-defined]
    async with lock:  # a refresh is editing state 3 in, the picture ready meanwhile
        hands.follow_up(1, 7, "state 3", b"picture 3")
        await asyncio.sleep(0)
        hands._sessions[1][7].signature = "state 3"
    await finished(hands)
    assert len(edits) == 1


class NoDrawing:
    """A drawer that must not be asked: the follow-up brings its picture."""

    def hand(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the follow-up's picture was drawn again")


async def test_a_follow_up_edits_in_the_picture_drawn_even_once_no_longer_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A busy bot edits a late picture in after it left the recent pictures: it is not
    drawn again (which was late again, and followed up again, edit after edit)."""
    game = new_game("euchre", 4, seed=1)
    hand = hand_of(game, game.current_player or 0)
    hands = HandSessions(
        None, OneHand(hand), NameBook(None), DiscordClock(), NoDrawing()  # type: ignore[arg-type]
    )
    hands._sessions[hand.table.id] = {7: HandSession("token", time.time(), signature(hand))}
    sent: list[dict[str, Any]] = []

    async def edit(session: HandSession, **changes: Any) -> None:
        sent.append(changes)

    monkeypatch.setattr(hands, "_edit", edit)
    hands.follow_up(hand.table.id, 7, signature(hand), b"\x89PNG drawn late")
    await finished(hands)
    assert len(sent) == 1
    (picture,) = sent[0]["attachments"]
    assert picture.fp.read() == b"\x89PNG drawn late"
