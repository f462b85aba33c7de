"""The tables cog's click listener: a routed click is freed as soon as it is answered."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from cogs import tables
from tests.ui.gateway import collector_off, hand_click, logged_in_state


async def test_a_routed_click_is_freed_once_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    routed: list[int] = []

    async def route(interaction: Any) -> None:
        assert not interaction.response.is_done()  # asked for, as an answer does
        routed.append(interaction.id)

    monkeypatch.setattr(tables, "route", route)
    state = logged_in_state()
    with collector_off():
        click = hand_click(state)
        await tables.Tables.on_interaction(None, click)  # type: ignore[arg-type]
        del click
        assert gc.collect() == 0  # nothing left for the cycle collector's pauses
    assert routed == [100]
