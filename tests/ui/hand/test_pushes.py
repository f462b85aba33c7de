"""Hand edits no click waits for go a few at a time: under load the rest wait their turn,
so a busy event loop answers clicks before it refreshes hands."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.ui.hand.sessions
from bot.drawing import PictureDrawer
from bot.engine import new_game
from bot.ui.hand.sessions import PUSHES, DiscordClock, HandSession, HandSessions
from bot.ui.namebook import NameBook
from tests.ui.hand.fakes import OneHand
from tests.ui.helpers import hand_of

TABLES = PUSHES * 3


async def test_refreshes_of_many_tables_edit_a_few_hands_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = new_game("euchre", 4, seed=1)
    hand = hand_of(game, game.current_player or 0)
    hands = HandSessions(
        None, OneHand(hand), NameBook(None), DiscordClock(), PictureDrawer(None)  # type: ignore[arg-type]
    )
    for table_id in range(TABLES):  # each shows an older state: each needs an edit
        hands._sessions[table_id] = {7: HandSession(f"token {table_id}", 0.0, "older")}
    monkeypatch.setattr(hands.clock, "age", lambda created: 0.0)
    under_way, most, edited = 0, 0, 0
    release = asyncio.Event()

    async def edit(session: HandSession, **changes: Any) -> None:
        nonlocal under_way, most, edited
        under_way += 1
        most = max(most, under_way)
        await release.wait()
        under_way -= 1
        edited += 1

    monkeypatch.setattr(hands, "_edit", edit)
    refreshes = asyncio.gather(*(hands.refresh(t) for t in range(TABLES)))
    await asyncio.sleep(0.2)
    assert most == PUSHES  # the others wait their turn
    release.set()
    await asyncio.wait_for(refreshes, 10)
    assert edited == TABLES  # every hand edited in the end
    assert bot.ui.hand.sessions.signature(hand) == hands._sessions[0][7].signature
