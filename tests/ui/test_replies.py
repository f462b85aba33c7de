"""Answering in time: slow work is deferred the right way, quick work is not."""

from __future__ import annotations

import asyncio
import gc
import time
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.ui.replies import in_time, release
from tests.ui.gateway import collector_off, hand_click, logged_in_state


class Response:
    """Records how the interaction was deferred."""

    def __init__(self) -> None:
        self.deferred: dict[str, Any] | None = None

    def is_done(self) -> bool:
        return self.deferred is not None

    async def defer(self, **options: Any) -> None:
        await asyncio.sleep(0.02)  # a request to Discord
        self.deferred = options


def interaction(kind: discord.InteractionType) -> Any:
    return SimpleNamespace(type=kind, response=Response())


async def slow(value: int, seconds: float = 0.05) -> int:
    await asyncio.sleep(seconds)
    return value


async def test_quick_work_is_answered_without_deferring() -> None:
    click = interaction(discord.InteractionType.component)
    assert await in_time(click, slow(1, 0), budget=0.5) == 1
    assert click.response.deferred is None


async def test_a_slow_click_is_deferred_silently_then_finished() -> None:
    click = interaction(discord.InteractionType.component)
    assert await in_time(click, slow(2), budget=0.01) == 2
    assert click.response.deferred == {}


async def test_a_slow_click_that_opens_a_private_message_thinks_privately() -> None:
    click = interaction(discord.InteractionType.component)
    assert await in_time(click, slow(3), budget=0.01, new_message=True) == 3
    assert click.response.deferred == {"ephemeral": True, "thinking": True}


async def test_a_slow_command_thinks_privately() -> None:
    command = interaction(discord.InteractionType.application_command)
    assert await in_time(command, slow(4), budget=0.01) == 4
    assert command.response.deferred == {"ephemeral": True, "thinking": True}


async def test_work_done_while_its_deferral_is_sent_waits_for_it() -> None:
    """The answer after a deferral goes through the deferred route: in_time returns only
    once the deferral it started is done."""
    click = interaction(discord.InteractionType.component)
    assert await in_time(click, slow(5, 0.015), budget=0.01) == 5
    assert click.response.deferred == {}


async def test_a_click_that_reached_us_late_is_deferred_sooner() -> None:
    """A click the busy loop reached 0.2 s late: its deferral goes that much sooner again
    (the loop is about as late to send it), here before its 0.2 s of work is done."""
    click = interaction(discord.InteractionType.component)
    reached_late = time.monotonic() - 0.2
    assert await in_time(click, slow(6, 0.2), started=reached_late, budget=0.5) == 6
    assert click.response.deferred == {}


@pytest.fixture
def state() -> Any:
    return logged_in_state()


def test_an_answered_click_is_freed_without_the_cycle_collector(state: Any) -> None:
    with collector_off():
        kept = hand_click(state)
        assert not kept.response.is_done()
        del kept
        assert gc.collect() > 0  # discord.py's click and its response refer to each other

        released = hand_click(state)
        assert not released.response.is_done()
        release(released)
        del released
        assert gc.collect() == 0  # freed as it was dropped: no pause of the event loop


def test_releasing_a_click_never_answered_is_harmless(state: Any) -> None:
    click = hand_click(state)
    release(click)
    assert not click.response.is_done()
