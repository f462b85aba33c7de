"""`DiscordEnv`: one test's view of the emulated Discord — members, channels, waits,
faults, the clock, rule violations, and (optionally) the bot process. See client/members.py
for the member API and the emulator's README.md for a tour."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar

from tests.emulator.client.members import ChannelView, Member
from tests.emulator.errors import ExpectedViolations
from tests.emulator.faults import Faults
from tests.emulator.server import Emulator
from tests.emulator.world.guild import Guild
from tests.emulator.world.snowflakes import Clock

if TYPE_CHECKING:
    from tests.emulator.harness.botproc import BotProcess

T = TypeVar("T")
DEFAULT_TIMEOUT = 5.0


class DiscordEnv:
    """Everything a test needs to act as guild members and watch what the bot does."""

    def __init__(self, emulator: Emulator, bot: BotProcess | None = None) -> None:
        self.emulator = emulator
        self.bot = bot
        self._members: dict[tuple[int, int], Member] = {}

    # ----- the guild ----------------------------------------------------------------------
    @property
    def guild(self) -> Guild:
        """The first (usually only) guild."""
        return next(iter(self.emulator.world.guilds.values()))

    def guild_named(self, name: str) -> Guild:
        """A guild by name."""
        for guild in self.emulator.world.guilds.values():
            if guild.name == name:
                return guild
        raise LookupError(f"no guild {name!r}")

    def member(self, who: str | int, *, guild: Guild | None = None) -> Member:
        """Act as a guild member, by username or user id."""
        guild = guild or self.guild
        for member in guild.members.values():
            if who in (member.user.username, member.id) and not member.user.bot:
                key = (guild.id, member.id)
                if key not in self._members:
                    self._members[key] = Member(self, member, guild)
                return self._members[key]
        names = [m.user.username for m in guild.members.values() if not m.user.bot]
        raise LookupError(f"no member {who!r} in {guild.name}; members: {names}")

    def channel(self, which: str | int, *, guild: Guild | None = None) -> ChannelView:
        """A channel or thread by name or id."""
        guild = guild or self.guild
        for channel in guild.channels.values():
            if which in (channel.name, channel.id):
                return ChannelView(self, channel)
        raise LookupError(
            f"no channel {which!r}; channels: {[c.name for c in guild.channels.values()]}"
        )

    @property
    def default_channel(self) -> ChannelView:
        """The first text channel ("general" in the default guild)."""
        first = next(c for c in self.guild.channels.values() if not c.is_thread)
        return ChannelView(self, first)

    # ----- time, faults, violations --------------------------------------------------------
    @property
    def clock(self) -> Clock:
        """The emulator's clock; `env.clock.advance(901)` ages every interaction token."""
        return self.emulator.world.clock

    @property
    def faults(self) -> Faults:
        """Fault injection for REST routes (see faults.py)."""
        return self.emulator.faults

    async def drop_gateway(self, *, code: int = 4000, abrupt: bool = False) -> None:
        """Cut the bot's gateway connection; the bot should RESUME."""
        await self.emulator.gateway.drop(code=code, abrupt=abrupt)

    @contextlib.contextmanager
    def expect_violations(self) -> Iterator[ExpectedViolations]:
        """Violations inside the block don't fail the test; inspect them via the view."""
        with self.emulator.violations.expect() as seen:
            yield seen

    # ----- waiting ---------------------------------------------------------------------------
    async def wait_for(
        self, predicate: Callable[[], T | None], *, timeout: float = DEFAULT_TIMEOUT,
        what: str = "",
    ) -> T:
        """Wait until `predicate()` is truthy and return its value; fail after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what or predicate}")
            self._check_bot_alive()
            await self.emulator.world.wait_changed(min(remaining, 0.05))

    async def settle(self, *, quiet: float = 0.1, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until the bot has made no REST request for `quiet` seconds."""
        emulator = self.emulator
        await self.wait_for(
            lambda: emulator.inflight == 0 and time.monotonic() - emulator.last_request_at >= quiet,
            timeout=timeout,
            what="the bot to go quiet",
        )

    def _check_bot_alive(self) -> None:
        if self.bot is not None and self.bot.expected_running and not self.bot.running:
            raise AssertionError(f"the bot exited with status {self.bot.returncode}")

    async def sleep(self, seconds: float) -> None:
        """Real sleep (rarely needed: prefer wait_for)."""
        await asyncio.sleep(seconds)
