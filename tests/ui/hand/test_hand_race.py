"""The hand message a person used last stays live: a click in an older hand message that
waits for the person's lock while My hand opens a new one is answered first, and the
close of the older message that My hand registered does not then close it."""

from __future__ import annotations

import asyncio
import datetime
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.ui.hand.sessions
from bot.drawing import PictureDrawer
from bot.engine import new_game
from bot.tables.games import acting_seat
from bot.ui.hand.message import hand_embed
from bot.ui.hand.sessions import DiscordClock, HandSessions
from bot.ui.namebook import NameBook
from tests.ui.hand.fakes import OneHand
from tests.ui.helpers import hand_of

USER, TABLE = 101, 7


def interaction(interaction_id: int, token: str, message_origin: int | None) -> Any:
    """A stand-in interaction: a click in the private message created by interaction
    ``message_origin``, or (None) a press that answers with a new message."""
    message = None
    if message_origin is not None:
        message = SimpleNamespace(flags=discord.MessageFlags(ephemeral=True),
                                  interaction_metadata=SimpleNamespace(id=message_origin))
    return SimpleNamespace(
        id=interaction_id, token=token, message=message, user=SimpleNamespace(id=USER),
        created_at=datetime.datetime.now(datetime.UTC),
    )


@pytest.fixture
def hands(monkeypatch: pytest.MonkeyPatch) -> tuple[HandSessions, list[tuple[str, str]]]:
    game = new_game("euchre", 4, seed=1)
    sessions = HandSessions(None, OneHand(hand_of(game, 0)), None, DiscordClock(), None)  # type: ignore[arg-type]
    closed: list[tuple[str, str]] = []

    async def close(session: Any, embed: discord.Embed) -> None:
        closed.append((session.token, embed.description or ""))

    monkeypatch.setattr(sessions, "_close", close)
    return sessions, closed


async def test_hand_message_race_the_message_used_last_stays_live(
    hands: tuple[HandSessions, list[tuple[str, str]]],
) -> None:
    sessions, closed = hands
    view = sessions.service.hand(TABLE, USER)  # type: ignore[attr-defined]
    sessions.register(interaction(1, "old", None), view)  # the older hand message
    press = asyncio.Event()

    async def my_hand() -> None:
        async with sessions.answering(TABLE, USER):
            await press.wait()
            sessions.register(interaction(2, "new", None), view)  # My hand: a new message

    async def click_in_old() -> None:
        async with sessions.answering(TABLE, USER):
            sessions.register(interaction(3, "click", 1), view)  # answered in the old one

    pressing = asyncio.create_task(my_hand())
    await asyncio.sleep(0)
    clicking = asyncio.create_task(click_in_old())  # waits for the lock My hand holds
    await asyncio.sleep(0)
    press.set()
    await asyncio.gather(pressing, clicking)
    await asyncio.gather(*list(sessions._tasks))
    await asyncio.gather(*list(sessions._tasks))
    live = sessions._sessions[TABLE][USER]
    assert live.origin == 1 and live.token == "click"  # the older message, used last
    assert [token for token, _ in closed] == ["new"]  # only the message My hand opened


async def test_hand_message_race_an_answer_that_could_not_wait_is_shown_again_after_a_refresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A click answered while a refresh held the person's lock past ``LOCK_WAIT``: the
    refresh's edit, sent before the answer, lands after it (and its check for a newer
    answer ran before the answer was registered), so the message shows the turn just
    played; once the lock is free the newest state is edited in again."""
    game = new_game("euchre", 4, seed=1)
    while acting_seat(game) != 0:
        game.apply(game.legal_actions()[-1])
    turn = hand_of(game, 0)  # the person's turn, which the refresh shows
    game.apply(game.legal_actions()[-1])
    moved = hand_of(game, 0)  # after their click, which the answer shows
    service = OneHand(turn)
    sessions = HandSessions(
        None, service, NameBook(None), DiscordClock(), PictureDrawer(None)  # type: ignore[arg-type]
    )
    monkeypatch.setattr(bot.ui.hand.sessions, "LOCK_WAIT", 0.01)
    sessions.register(interaction(1, "hand", None), moved)
    sessions._sessions[TABLE][USER].signature = "an older state"  # the refresh has news
    landed: list[str | None] = []  # each edit's words, in the order Discord applies them
    refresh_sent = asyncio.Event()
    answer_landed = asyncio.Event()

    async def edit(session: Any, **changes: Any) -> None:
        refresh_sent.set()
        if not landed:
            await answer_landed.wait()  # the refresh's edit lands after the answer
        landed.append(changes["embed"].description)

    monkeypatch.setattr(sessions, "_edit", edit)
    refreshing = asyncio.create_task(sessions._refresh_one(TABLE, USER, None))
    await refresh_sent.wait()  # the refresh holds the lock, its edit on the way
    service.hand_view = moved
    async with sessions.answering(TABLE, USER):  # the click waits LOCK_WAIT, then answers
        landed.append(hand_embed(moved, {}).description)  # the answer (an UPDATE) lands
        answer_landed.set()
        await refreshing  # the refresh's edit lands; it sees no newer answer yet
        sessions.register(interaction(2, "click", 1), moved)
    await asyncio.gather(*list(sessions._tasks))
    shown = hand_embed(moved, {}).description
    assert landed[:2] == [shown, hand_embed(turn, {}).description]  # the race happened
    assert landed[-1] == shown  # and the message shows the present again
