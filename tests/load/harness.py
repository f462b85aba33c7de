"""Making the emulator cheap to drive at load, so that it measures the bot, not itself.

The member API wakes every waiter on every change of the emulated world, which is fine
for a test and quadratic for a hundred tables. Here each simulated player sleeps on its
own event, poked only when one of *its* messages changes or *its* interaction is
answered; interactions are found by token in O(1).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tests.e2e.tables import action_controls, game_over
from tests.emulator import DiscordEnv, Emulator
from tests.emulator.client.components import BUTTON, STRING_SELECT
from tests.emulator.client.members import Member
from tests.emulator.client.outcome import Outcome
from tests.emulator.rest import interactions as flow
from tests.emulator.rest import routes_channels
from tests.emulator.world.model import Message
from tests.load.staleness import TableEdits
from tests.load.stalls import EditLog, StoredTables, clock_text, table_number

T = TypeVar("T")
#: Seconds after which a member whose click was never answered clicks again (Discord says
#: "This interaction failed" after 3): waiting out ``timeout`` instead, every member whose
#: first click was lost clicked again at the same moment, a burst in the measured play.
GIVE_UP = 5.0


def shown_at(message: Message) -> float | None:
    """When the state a table message shows came to be (its embed's timestamp), if set."""
    stamp = message.embeds[0].get("timestamp") if message.embeds else None
    return datetime.datetime.fromisoformat(stamp).timestamp() if stamp else None


class Freshness:
    """For each move by a person, the seconds until the public table message shows it.

    The bot stamps a table message with the moment the table last changed. A person only
    moves after their hand showed their turn, so the state before the move is older than
    the click: an edit whose stamp is at or after the click shows the move (or later).
    """

    def __init__(self) -> None:
        self.delays: list[float] = []
        self._waiting: dict[int, list[float]] = {}
        self._last: dict[int, tuple[float, float]] = {}
        self._since = -math.inf

    def start(self, since: float) -> None:
        """Count only the moves clicked from ``since`` (wall clock) on."""
        self._since = since
        self.delays.clear()
        self._waiting.clear()

    def moved(self, message_id: int, clicked: float) -> None:
        """A move clicked at ``clicked`` (wall clock) was accepted at this table message."""
        if clicked < self._since:
            return
        shown, edited = self._last.get(message_id, (-math.inf, 0.0))
        if shown >= clicked:
            self.delays.append(edited - clicked)
        else:
            self._waiting.setdefault(message_id, []).append(clicked)

    def edited(self, message: Message) -> None:
        """The table message was edited: the moves it now shows are fresh."""
        shown = shown_at(message)
        if shown is None:
            return
        now = time.time()
        self._last[message.id] = (shown, now)
        waiting = self._waiting.pop(message.id, [])
        self.delays += [now - clicked for clicked in waiting if clicked <= shown]
        later = [clicked for clicked in waiting if clicked > shown]
        if later:
            self._waiting[message.id] = later

    @property
    def unshown(self) -> int:
        """Moves the table message never showed."""
        return sum(len(waiting) for waiting in self._waiting.values())


class Watcher:
    """Per-player wake-ups for message edits and interaction answers."""

    def __init__(self) -> None:
        self._owners: dict[int, asyncio.Event] = {}
        self.freshness = Freshness()
        #: Interaction id → when its answer showed: the callback, or after a deferral the
        #: edit that filled it in.
        self.shown: dict[int, float] = {}
        self._deferred: dict[int, int] = {}  # message id → the deferred interaction's id
        self.edits = EditLog()
        self.table_edits = TableEdits()
        #: Waits for a turn that outlasted their allowance while the table played on: how
        #: long each took in all, and the table when it ran past the allowance.
        self.long_waits: list[tuple[float, str]] = []

    def answered(self, interaction: flow.Interaction) -> None:
        """Note the interaction's callback: its answer shows now, or once its message is
        edited after a deferral."""
        kind, at = interaction.callback_type, interaction.callback_at
        target = {flow.DEFERRED_UPDATE: interaction.message,
                  flow.DEFERRED_MESSAGE: interaction.original}.get(kind or 0)
        if target is not None:
            self._deferred[target.id] = interaction.id
        elif at is not None:
            self.shown[interaction.id] = at

    def edited(self, message: Message, at: float) -> None:
        """Note an edit: it shows the answer of a deferred interaction on that message."""
        interaction = self._deferred.pop(message.id, None)
        if interaction is not None:
            self.shown[interaction] = at

    def watch(self, key: int, event: asyncio.Event) -> None:
        """Poke ``event`` whenever message or interaction ``key`` changes."""
        self._owners[key] = event

    def poke(self, key: int) -> None:
        """Message or interaction ``key`` changed."""
        event = self._owners.get(key)
        if event is not None:
            event.set()


def install(emulator: Emulator) -> Watcher:
    """Index interactions by token and report edits and answers to a :class:`Watcher`,
    each edit with the request that made it (:attr:`Watcher.edits`)."""
    watcher = Watcher()
    by_token: dict[str, flow.Interaction] = {}
    register = emulator.register

    def registering(interaction: flow.Interaction) -> flow.Interaction:
        by_token[interaction.token] = interaction
        return register(interaction)

    emulator.register = registering  # type: ignore[method-assign]
    emulator.interaction_by_token = by_token.get  # type: ignore[method-assign,assignment]

    edit = flow.edit_message

    def editing(world: Any, message: Message, *args: Any, **kwargs: Any) -> Message:
        result = edit(world, message, *args, **kwargs)
        at = world.clock.now()
        watcher.edited(message, at)
        watcher.edits.edited(message.id, at)
        if not message.ephemeral:
            watcher.table_edits.edited(message, at)
        watcher.freshness.edited(message)
        watcher.poke(message.id)
        return result

    def editing_in_channel(world: Any, message: Message, *args: Any, **kwargs: Any) -> Message:
        request = f"PATCH /channels/{message.channel_id}/messages/{message.id}"
        with watcher.edits.serving(request):
            return editing(world, message, *args, **kwargs)

    flow.edit_message = editing  # type: ignore[assignment]
    routes_channels.edit_message = editing_in_channel  # type: ignore[assignment]

    callback = flow.apply_callback

    def answering(world: Any, interaction: flow.Interaction, *args: Any, **kwargs: Any) -> Any:
        body = args[0] if args else kwargs.get("body", {})
        request = f"the callback (type {body.get('type')}) of {described(interaction)}"
        with watcher.edits.serving(request):
            result = callback(world, interaction, *args, **kwargs)
        watcher.answered(interaction)
        watcher.poke(interaction.id)
        return result

    flow.apply_callback = answering  # type: ignore[assignment]

    webhook_edit = flow.edit_webhook_message

    def editing_by_token(
        world: Any, interaction: flow.Interaction, message_id: str, *args: Any, **kwargs: Any
    ) -> Message:
        request = f"PATCH webhook message {message_id} with the token of {described(interaction)}"
        with watcher.edits.serving(request):
            return webhook_edit(world, interaction, message_id, *args, **kwargs)

    flow.edit_webhook_message = editing_by_token  # type: ignore[assignment]

    followup = flow.send_followup

    def following_up(
        world: Any, interaction: flow.Interaction, *args: Any, **kwargs: Any
    ) -> Message:
        with watcher.edits.serving(f"a followup with the token of {described(interaction)}"):
            return followup(world, interaction, *args, **kwargs)

    flow.send_followup = following_up  # type: ignore[assignment]
    return watcher


def described(interaction: flow.Interaction) -> str:
    """An interaction as an edit's cause: its id, its member and what they clicked."""
    what = interaction.data.get("custom_id") or interaction.data.get("name") or "?"
    return f"interaction {interaction.id} ({interaction.user}, {what})"


@dataclass
class LoadPlayer:
    """One person at one table, moving the moment the bot lets them."""

    env: DiscordEnv
    watcher: Watcher
    member: Member
    table: Message
    hand: Message | None = None
    rng: random.Random = field(default_factory=random.Random)
    event: asyncio.Event = field(default_factory=asyncio.Event)
    #: The bot's store, read to tell a stalled table from a long wait; without it a wait
    #: for one's turn fails after its timeout, however the table is doing.
    stored: StoredTables | None = None

    def follow(self, message: Message) -> None:
        """Wake up when this message changes."""
        self.watcher.watch(message.id, self.event)

    async def until(self, predicate: Callable[[], T], timeout: float) -> T:
        """Wait (on this player's own event) until ``predicate()`` is truthy."""
        deadline = time.monotonic() + timeout
        while True:
            self.event.clear()
            value = predicate()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(self.waited(timeout))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.event.wait(), min(left, 0.5))

    def waited(self, seconds: float) -> str:
        """A failed wait: who waited how long, and the end of the table and hand they see."""
        hand = self.hand.text[-300:] if self.hand else "no hand"
        return (f"{self.member.name}: waited {seconds:.1f} s; table: {self.table.text[-300:]!r};"
                f" hand: {hand!r}")

    async def turn(self, allowance: float) -> Any:
        """Wait until the hand offers a move (or the game is over). With a store, the wait
        fails only once the table has stored no action for ``allowance`` seconds: a person
        sitting out their partner's lone hand waits longer than that, and nothing is wrong.
        The error says what was followed and what was stored (:meth:`stall`)."""
        hand = self.hand
        assert hand is not None
        started, timeout = time.monotonic(), allowance
        extended: str | None = None  # the table when the wait outlasted its allowance
        while True:
            try:
                ready = await self.until(
                    lambda: game_over(self.table) or action_controls(hand), timeout
                )
            except TimeoutError:
                table_id = table_number(self.table)
                if self.stored is not None and table_id is not None:
                    quiet = await self.stored.quiet(table_id, self.env.emulator.world.clock.now())
                    if quiet < allowance:  # the table plays on: wait until it has been still
                        if extended is None:
                            extended = await self.stall(time.monotonic() - started, table_id)
                        timeout = max(allowance - quiet, 1.0)
                        continue
                stall = await self.stall(time.monotonic() - started, table_id)
                raise TimeoutError(stall) from None
            if extended is not None:
                self.watcher.long_waits.append((time.monotonic() - started, extended))
            return ready

    async def stall(self, waited: float, table_id: int | None) -> str:
        """A failed wait in full: the messages followed, their last edits, the stored table."""
        world = self.env.emulator.world
        now = world.clock.now()
        edits = self.watcher.edits
        parts = [
            self.waited(waited),
            f"at {clock_text(now)}, table {table_id}",
            edits.describe("table", self.table, now),
            edits.describe("hand", self.hand, now),
        ]
        if self.stored is not None and table_id is not None:

            def name_of(user_id: int) -> str:
                user = world.users.get(user_id)
                return user.username if user else str(user_id)

            parts.append(await self.stored.describe(table_id, now, name_of, self.member.id))
        return "; ".join(parts)

    async def send(self, message: Message, data: dict[str, Any], timeout: float) -> Outcome:
        """A component interaction on ``message``; returns once it is answered."""
        emulator = self.env.emulator
        world = emulator.world
        channel = world.channels[message.channel_id]
        interaction = flow.new_interaction(
            world, flow.MESSAGE_COMPONENT, self.member.user, channel, data, message=message
        )
        emulator.register(interaction)
        self.watcher.watch(interaction.id, self.event)
        emulator.gateway.dispatch_interaction(interaction.payload(world))
        outcome = Outcome(self.env, interaction)

        def given_up() -> bool:
            lost = interaction.callback_at is None
            return lost and world.clock.now() - interaction.created_at > GIVE_UP

        await self.until(lambda: outcome.is_complete() or given_up(), timeout)
        if not outcome.is_complete():
            raise TimeoutError(f"{self.member.name}: a click never answered; clicking again")
        if outcome.has_message:
            self.follow(outcome.message)
        return outcome

    async def move(self, timeout: float) -> bool:
        """One move at the player's turn; False when the game is over."""
        if self.hand is None:
            button = next(b for b in self.table.buttons() if b.get("label") == "My hand")
            data = {"custom_id": button["custom_id"], "component_type": BUTTON}
            self.hand = (await self.send(self.table, data, timeout)).message
        hand = self.hand
        ready = await self.turn(timeout)
        if ready is True or not action_controls(hand):
            return False
        control = self.rng.choice(action_controls(hand))
        if control["type"] == BUTTON:
            data = {"custom_id": control["custom_id"], "component_type": BUTTON}
        else:
            value = self.rng.choice(control["options"])["value"]
            data = {"custom_id": control["custom_id"], "component_type": STRING_SELECT}
            data["values"] = [value]
        clicked = time.time()
        outcome = await self.send(hand, data, timeout)
        if outcome.kind not in ("update", "deferred_update"):
            raise AssertionError(
                f"{outcome.kind}: {outcome.message.text[:200]} ({data['custom_id']})"
            )
        self.watcher.freshness.moved(self.table.id, clicked)
        return True
