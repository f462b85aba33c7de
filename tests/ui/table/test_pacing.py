"""The request budget: its rate holds, what shows a person's move (or pings one) goes
first (a computers' move waits behind it only so long), table messages before narration,
and narration still gets its share."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.ui.table.pacing import (
    DEFAULT_BURST,
    DEFAULT_RATE,
    RequestBudget,
    budget_for_shards,
    rate_share,
)


async def test_the_rate_holds_once_the_burst_is_spent() -> None:
    budget = RequestBudget(rate=100.0, burst=5)
    started = time.monotonic()
    for _ in range(25):
        await budget.take()
    assert time.monotonic() - started >= 0.18  # 20 past the burst, at 100 a second


async def test_table_messages_go_first_and_narration_keeps_its_share() -> None:
    budget = RequestBudget(rate=200.0, burst=1, news_share=0.25)
    await budget.take()  # the burst is spent: everyone below waits in line
    served: list[str] = []

    async def ask(kind: str) -> None:
        await budget.take(kind)  # type: ignore[arg-type]
        served.append(kind)

    waiting = [asyncio.ensure_future(ask("news")) for _ in range(10)]
    waiting += [asyncio.ensure_future(ask("table")) for _ in range(30)]
    await asyncio.gather(*waiting)
    assert served.count("news") == 10
    assert served[:3] == ["table"] * 3  # narration that asked first still waits
    news_positions = [i for i, kind in enumerate(served) if kind == "news"]
    assert news_positions[:5] == [3, 7, 11, 15, 19]  # one request in four


async def test_a_cancelled_wait_takes_no_request() -> None:
    budget = RequestBudget(rate=50.0, burst=1)
    await budget.take()
    gone = asyncio.ensure_future(budget.take())
    await asyncio.sleep(0)
    gone.cancel()
    started = time.monotonic()
    await budget.take()
    assert time.monotonic() - started < 0.035  # one interval, not two


async def test_a_persons_move_and_a_turn_ping_go_before_computers_moves() -> None:
    budget = RequestBudget(rate=200.0, burst=1, news_share=0.1)
    await budget.take()
    served: list[str] = []

    async def ask(kind: str) -> None:
        await budget.take(kind)  # type: ignore[arg-type]
        served.append(kind)

    waiting = [asyncio.ensure_future(ask("table")) for _ in range(4)]
    waiting.append(asyncio.ensure_future(ask("urgent")))
    await asyncio.gather(*waiting)
    assert served == ["urgent", "table", "table", "table", "table"]


async def test_a_table_waiting_as_a_computers_move_is_promoted_when_a_person_moves() -> None:
    budget = RequestBudget(rate=200.0, burst=1, news_share=0.1)
    await budget.take()
    places = [budget.ask("table") for _ in range(3)]
    earlier_person = budget.ask("urgent")
    budget.promote(places[2])
    order = []
    for name, place in (("t0", places[0]), ("t1", places[1]), ("t2", places[2])):
        place.add_done_callback(lambda _, n=name: order.append(n))
    earlier_person.add_done_callback(lambda _: order.append("person"))
    await asyncio.gather(*places, earlier_person)
    assert order == ["person", "t2", "t0", "t1"]


async def test_a_computers_move_waits_behind_peoples_moves_only_its_patience() -> None:
    budget = RequestBudget(rate=200.0, burst=1, table_patience=0.05)
    await budget.take()
    started = time.monotonic()
    computers = budget.ask("table")
    people: list[float] = []

    async def person_moves() -> None:  # people's moves ask for the whole budget
        while not computers.done():
            await budget.take("urgent")
            people.append(time.monotonic() - started)

    movers = [asyncio.ensure_future(person_moves()) for _ in range(3)]
    await asyncio.wait_for(asyncio.shield(computers), timeout=1.0)  # else never served
    waited = time.monotonic() - started
    await asyncio.gather(*movers)
    assert 0.05 <= waited < 0.5  # its patience, and a grant or two (a busy machine's)
    assert len([at for at in people if at < 0.05]) >= 3  # people's moves first till then


def test_a_cluster_process_gets_its_shards_share_of_the_rate() -> None:
    assert rate_share(2, 8) == DEFAULT_RATE * 2 / 8 == 11.25
    assert rate_share(4, 4) == DEFAULT_RATE
    assert sum(rate_share(n, 6) for n in (1, 2, 3)) == DEFAULT_RATE  # ranges covering all
    whole = budget_for_shards(None, None)
    assert (whole.rate, whole.burst) == (DEFAULT_RATE, DEFAULT_BURST)
    quarter = budget_for_shards(1, 4)
    assert (quarter.rate, quarter.burst) == (11.25, 11)
    tiny = budget_for_shards(1, 100)
    assert (tiny.rate, tiny.burst) == (0.45, 1)


def test_a_share_needs_shards_held_within_the_count() -> None:
    for held, count in ((0, 4), (5, 4)):
        with pytest.raises(ValueError):
            rate_share(held, count)
