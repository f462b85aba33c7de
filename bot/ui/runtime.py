"""What the table cogs need at run time, built once by the client at start-up."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.ai import Advice
from bot.drawing import PictureDrawer
from bot.tables import TableService
from bot.ui.hand.sessions import DiscordClock, HandSessions
from bot.ui.namebook import NameBook
from bot.ui.table.pacing import RequestBudget
from bot.ui.table.publisher import TablePublisher

#: ``advise(view, legal, seed) -> Advice``, run off the event loop.
Advise = Callable[[Mapping[str, Any], Sequence[str], int], Awaitable[Advice]]


@dataclass
class ClicksInFlight:
    """How many clicks are being answered now: how busy the event loop is, known the
    moment a burst of clicks arrives, before their answers are late."""

    count: int = 0

    @contextmanager
    def counting(self) -> Iterator[None]:
        """Count one click while it is answered."""
        self.count += 1
        try:
            yield
        finally:
            self.count -= 1


@dataclass
class TableRuntime:
    """The table service and the Discord-side helpers around it."""

    service: TableService
    names: NameBook
    clock: DiscordClock
    hands: HandSessions
    publisher: TablePublisher
    advise: Advise
    drawer: PictureDrawer
    clicks: ClicksInFlight = field(default_factory=ClicksInFlight)


def build_runtime(
    bot: discord.Client,
    service: TableService,
    advise: Advise,
    drawer: PictureDrawer,
    *,
    retry_delay: float = 0.25,
    budget: RequestBudget | None = None,
) -> TableRuntime:
    """Wire names, hand sessions and the publisher to ``service`` (subscribed); the
    publisher paces its requests with ``budget`` (default: the whole bot's)."""
    names = NameBook(bot.http)
    clock = DiscordClock()
    hands = HandSessions(bot, service, names, clock, drawer)
    publisher = TablePublisher(
        bot, service, names, hands, drawer, retry_delay=retry_delay, budget=budget
    )
    service.subscribe(publisher.on_event)
    return TableRuntime(service, names, clock, hands, publisher, advise, drawer)


def runtime_of(client: discord.Client) -> TableRuntime:
    """The runtime the client carries (``client.runtime``)."""
    runtime = getattr(client, "runtime", None)
    if not isinstance(runtime, TableRuntime):
        raise RuntimeError("The table runtime is not set up on this client.")
    return runtime
