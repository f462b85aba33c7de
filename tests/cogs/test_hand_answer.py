"""A click's hand answer carries its picture, drawn at once; a click the busy bot reached
late, or one among a burst of clicks being answered, goes at once without it, and the
picture, drawn by the hands' worker, follows."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.drawing import PictureDrawer
from bot.engine import new_game
from bot.store.guild_settings import GuildSettings
from bot.ui.hand.sessions import signature
from bot.ui.runtime import ClicksInFlight
from cogs import table_play
from tests.ui.helpers import NAMES, hand_of


class Settings:
    async def get(self, guild_id: int) -> GuildSettings:
        return GuildSettings(guild_id=guild_id)


class Hands:
    """Records what the hand sessions are told."""

    def __init__(self) -> None:
        self.registered: list[Any] = []
        self.followed: list[tuple[int, int, Any, bytes, float]] = []
        self.told = asyncio.Event()

    def register(self, interaction: Any, hand: Any) -> None:
        self.registered.append(hand)

    def follow_up(
        self, table_id: int, user_id: int, shown: Any, picture: bytes, *, after: float
    ) -> None:
        self.followed.append((table_id, user_id, shown, picture, after))
        self.told.set()


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> list[list[discord.File]]:
    sent: list[list[discord.File]] = []

    async def answer_privately(interaction: Any, *, files: list[discord.File], **_: Any) -> None:
        sent.append(files)

    monkeypatch.setattr(table_play, "answer_privately", answer_privately)
    return sent


async def present(
    started: float, gate: threading.Event, worker: ThreadPoolExecutor, in_flight: int = 1
) -> tuple[Hands, Any]:
    """Answer a click on the hand of seat 0, made at ``started``, while the hands'
    ``worker`` is held until ``gate`` opens and ``in_flight`` clicks (this one among them)
    are being answered."""
    asyncio.get_running_loop().run_in_executor(worker, gate.wait)
    hands = Hands()
    runtime = SimpleNamespace(
        names=SimpleNamespace(names=NAMES),
        service=SimpleNamespace(settings=Settings()),
        drawer=PictureDrawer(None, worker),
        hands=hands,
        clicks=ClicksInFlight(in_flight),
    )
    game = new_game("euchre", 4, seed=1)
    hand = hand_of(game, 0)
    click = SimpleNamespace(user=SimpleNamespace(id=101))
    await table_play.present_hand(click, runtime, hand, started, update=True)  # type: ignore[arg-type]
    return hands, hand


async def test_a_click_answered_in_time_carries_its_picture(
    answers: list[list[discord.File]],
) -> None:
    gate, worker = threading.Event(), ThreadPoolExecutor(1)
    hands, _ = await present(time.monotonic(), gate, worker)
    gate.set()
    worker.shutdown()
    (files,) = answers
    assert [f.filename for f in files] == ["hand.png"]  # drawn on the loop: no worker
    assert hands.registered and not hands.followed


@pytest.mark.parametrize(
    ("late", "in_flight"),
    [(table_play.BEHIND + 0.1, 1), (0.0, table_play.BUSY_CLICKS + 1)],
    ids=["reached late", "in a burst"],
)
async def test_a_click_reached_late_or_in_a_burst_goes_without_its_picture_which_follows(
    answers: list[list[discord.File]], late: float, in_flight: int
) -> None:
    gate, worker = threading.Event(), ThreadPoolExecutor(1)
    hands, hand = await present(time.monotonic() - late, gate, worker, in_flight)
    assert answers == [[]]  # at once, the worker still held
    assert hands.registered
    gate.set()
    await asyncio.wait_for(hands.told.wait(), 5)
    ((table_id, user_id, shown, picture, after),) = hands.followed
    assert (table_id, user_id, shown) == (hand.table.id, 101, signature(hand))
    assert after > 0  # a moment later, unless a newer state brings its own picture
    assert picture.startswith(b"\x89PNG")
    worker.shutdown()
