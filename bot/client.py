"""The Discord client: where the store opens, the table service starts, Bower's cogs load,
live tables are restored and slash commands are synced.

With ``SHARD_COUNT`` the client is discord.py's :class:`~discord.ext.commands.AutoShardedBot`
holding ``SHARD_IDS`` (:func:`make_bot`): it restores only its shards' guilds' tables,
paces its requests with its share of the bot's budget, and syncs the slash commands only
if it holds shard 0 (one sync for the whole cluster).
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import discord
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.checks import gateway_unreachable
from bot.computers import advise_off_loop, computer_executor, decide_move
from bot.config import Settings
from bot.drawing import PictureDrawer, drawing_executor, hand_executor
from bot.process_pool import LoopProcessPool
from bot.store import Database
from bot.store.backends.sqlite import SqliteDatabase
from bot.store.backup.schedule import start_backups
from bot.store.opening import open_database
from bot.tables import ServiceConfig, TableService
from bot.ui.runtime import TableRuntime, build_runtime
from bot.ui.table.pacing import DEFAULT_RATE, budget_for_shards

log = logging.getLogger(__name__)

#: The cycle collector's thresholds once started. With Python's (700, 10, 10), at 500 busy
#: tables the young generations were collected about forty times a second, so everything
#: a move keeps for a second or two (its computer players' pauses, its requests) reached
#: the oldest generation, whose full passes paused the event loop for 40-80 ms every
#: three seconds. Collected ten times more rarely, those objects are freed young.
COLLECTOR_THRESHOLDS = (10_000, 10, 10)

# Bower has no voice features: don't warn on every start that voice libraries are missing.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

#: How long a stop asked during start-up waits for the start-up step under way (logging in,
#: opening the store, loading one cog, restoring the tables, syncing the commands) to
#: finish: well within the 20 s systemd gives a stop (deploy/bower.service).
START_UP_STOP_WAIT = 10.0

#: Extensions loaded at start-up, in order. Add each new cog here.
EXTENSIONS: tuple[str, ...] = (
    "cogs.help",
    "cogs.errors",
    "cogs.tables",
    "cogs.play",
    "cogs.tournament",
    "cogs.standings",
    "cogs.config",
    "cogs.review",
    "cogs.moderation.modlog",
    "cogs.moderation.ratings",
    "cogs.moderation.privacy",
)


class DiscordUnreachable(ConnectionError):
    """Discord could not be reached when starting (the message says where, why and what
    to do). Once connected, a lost connection is retried by discord.py for as long as it
    takes."""


def apply_discord_endpoints(api_base: str, gateway_url: str) -> None:
    """Point discord.py's REST client and gateway at `api_base` and `gateway_url`.

    discord.py keeps both endpoints as class attributes: `Route.BASE` prefixes every REST
    route (webhook and interaction-callback routes included) and
    `DiscordWebSocket.DEFAULT_GATEWAY` is where the first gateway connection goes (resumes
    follow the `resume_gateway_url` the gateway itself hands out). Setting them is how a
    large bot routes REST through a proxy, and how the test suite points the real bot at
    its Discord emulator. With the defaults this changes nothing. Call it before the
    client connects; it affects every client in the process.
    """
    Route.BASE = api_base.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def service_config(settings: Settings) -> ServiceConfig:
    """The table service's tuning from the bot's settings."""
    return ServiceConfig(
        computer_delay=settings.computer_delay,
        think_time=settings.computer_think_time,
        timer_scale=settings.turn_timer_scale,
        workers=settings.computer_workers,
    )


def start_worker_pools(
    computer_workers: int,
) -> tuple[LoopProcessPool, LoopProcessPool, LoopProcessPool]:
    """The computer players', table pictures' and hands' pools, their workers started.

    Each worker's start waits for the forkserver to fork it, and the first start for the
    forkserver to import what the workers run: about a second in all, so this runs in a
    thread (:meth:`BowerBot._open_store`), leaving the event loop free meanwhile.
    """
    return computer_executor(computer_workers), drawing_executor(), hand_executor()


def gateway_intents() -> discord.Intents:
    """The events Bower needs: servers and their channels. Not messages (it answers
    interactions only), whose events would hand back every edit of every table message to
    be parsed on the event loop; nor reactions or typing."""
    intents = discord.Intents.default()
    intents.messages = intents.reactions = intents.typing = False
    return intents


class BowerBot(commands.Bot):
    """Bower's client: slash commands only, so no privileged intents are needed."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=gateway_intents(),
            activity=discord.Game("Euchre · /help"),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            heartbeat_timeout=settings.gateway_timeout,
            **options,
        )
        self.settings = settings
        self.db: Database | None = None
        self.executor: LoopProcessPool | None = None
        self.drawing: LoopProcessPool | None = None
        self.hand_drawing: LoopProcessPool | None = None
        self.runtime: TableRuntime | None = None
        self._closed_tables = False
        self._backups: asyncio.Task[None] | None = None
        self._starting = False
        self._start_up_over = asyncio.Event()
        self._start_up_abandoned = False  # a stop closed everything under a slow step

    @property
    def closing(self) -> bool:
        """The bot is shutting down (its tables are being stopped, or are)."""
        return self._closed_tables or self.is_closed()

    async def login(self, token: str) -> None:
        """Log in, then :meth:`setup_hook`: the start-up, whose step under way a stop
        asked meanwhile waits for (:meth:`close`), so nothing started is left half done
        and nothing runs against a closed store or connection. A step the stop gave up
        waiting for fails against what was closed under it: that is noted, not raised."""
        self._starting = True
        try:
            await super().login(token)
        except Exception as error:
            if not self._start_up_abandoned:
                raise
            log.info("The start-up step the stop did not wait for failed: %s", error)
        finally:
            self._starting = False
            self._start_up_over.set()

    async def setup_hook(self) -> None:
        """Before the gateway connects: store, table service, cogs, restored tables, sync;
        a stop asked meanwhile is taken between two steps."""
        for step in self._start_up_steps():
            if self.closing:
                log.info("Asked to stop while starting: the rest of the start-up is skipped")
                return
            await step()
        # Everything made so far lives as long as the bot: keep it out of the cycle
        # collector's full passes, which otherwise pause the event loop for longer.
        gc.freeze()
        gc.set_threshold(*COLLECTOR_THRESHOLDS)

    def _start_up_steps(self) -> list[Callable[[], Awaitable[None]]]:
        """The start-up, step by step: the store and table service, each cog, the
        restored tables, the command sync, the picture workers."""
        loads = [partial(self.load_extension, extension) for extension in EXTENSIONS]
        return [self._open_store, *loads, self._restore_tables, self._sync_commands,
                self._pictures_ready]

    async def _open_store(self) -> None:
        """Open the store; start the backups, the workers and the table runtime."""
        settings = self.settings
        self.db = await open_database(settings.database_url or settings.database_path)
        log.info("Keeping tables in the %s", self.db.description)
        self._backups = self._start_backups(self.db)
        executor, drawing, hands = await asyncio.to_thread(
            start_worker_pools, settings.computer_workers
        )
        self.executor, self.drawing, self.hand_drawing = executor, drawing, hands
        service = TableService(
            self.db, decide_move, executor=executor, config=service_config(self.settings)
        )
        advise = partial(advise_off_loop, executor, think_time=self.settings.computer_think_time)
        drawer = PictureDrawer(drawing, hands)
        held = None if settings.shard_ids is None else len(settings.shard_ids)
        budget = budget_for_shards(held, settings.shard_count)
        if settings.sharded:
            log.info(
                "Running %s: %g of Discord's %g requests a second are this process's share",
                settings.shard_range,
                budget.rate,
                DEFAULT_RATE,
            )
        self.runtime = build_runtime(self, service, advise, drawer, budget=budget)

    async def _restore_tables(self) -> None:
        assert self.runtime is not None
        await self.runtime.service.restore(self.settings.owns_guild)

    async def _pictures_ready(self) -> None:
        assert self.runtime is not None
        await self.runtime.drawer.ready()

    async def _sync_commands(self) -> None:
        """Sync the slash commands, once for the whole bot: by the process holding shard 0."""
        if not self.settings.holds_shard_zero:
            log.info(
                "Not syncing application commands: that is left to the process holding shard 0"
            )
            return
        synced = await self.tree.sync()
        log.info(
            "Synced %d application commands: %s", len(synced), ", ".join(c.name for c in synced)
        )

    def _start_backups(self, db: Database) -> asyncio.Task[None] | None:
        """Automatic backups (BACKUP_DIR) copy a SQLite file; PostgreSQL is backed up with
        pg_dump instead (docs/operating.md)."""
        settings = self.settings
        if not isinstance(db, SqliteDatabase):
            if settings.backup_dir is not None:
                log.warning(
                    "BACKUP_DIR is ignored with DATABASE_URL: back PostgreSQL up with pg_dump "
                    "(docs/operating.md)"
                )
            return None
        return start_backups(
            db.path, settings.backup_dir, settings.backup_every_hours, settings.backup_keep
        )

    async def connect(self, *, reconnect: bool = True) -> None:
        """Stay connected to the gateway; discord.py makes a lost connection again by itself.

        A first connection that fails is another matter: discord.py's retry loop resumes
        from the previous connection, and without one it stops with an AttributeError.
        That is reported as :class:`DiscordUnreachable` (the start-up probe in
        ``bot.__main__`` makes it rare: it only happens if the gateway goes away between
        the probe and the first connection).
        """
        if self.closing:  # asked to stop during start-up: there is nothing to connect
            return
        try:
            await super().connect(reconnect=reconnect)
        except AttributeError as error:
            if self.ws is not None or self.settings.sharded:  # shards retry by themselves
                raise
            cause = error.__context__ or error
            raise DiscordUnreachable(
                gateway_unreachable(self.settings.discord_gateway_url, cause)
            ) from None

    async def close(self) -> None:
        """Let a start-up step under way finish, stop the tables (everything is already
        stored), flush the table messages, unload the cogs (their background work stops),
        then close the store and the Discord connection."""
        if not self._closed_tables:
            self._closed_tables = True
            await self._wait_for_start_up_step()
            await self._close_tables()
        self._cancel_ready_wait()
        await super().close()

    def _cancel_ready_wait(self) -> None:
        """Stop discord.py's wait for the servers before ``ready`` (about two seconds after
        connecting): left running through a stop, it dispatches ``ready`` on a client
        whose loop is gone, and logs an error."""
        waiting = getattr(self._connection, "_ready_task", None)
        if waiting is not None and not waiting.done():
            waiting.cancel()

    async def _wait_for_start_up_step(self) -> None:
        """Wait (at most :data:`START_UP_STOP_WAIT`) for the start-up step under way."""
        if not self._starting:
            return
        try:
            await asyncio.wait_for(self._start_up_over.wait(), START_UP_STOP_WAIT)
        except TimeoutError:
            self._start_up_abandoned = True
            log.warning(
                "A start-up step was still running after %g s; stopping anyway",
                START_UP_STOP_WAIT,
            )

    async def _close_tables(self) -> None:
        if self._backups is not None:
            self._backups.cancel()
        try:
            if self.runtime is not None:
                await self.runtime.hands.close()
                await self.runtime.service.close()
                await self.runtime.publisher.close()
        except Exception:
            log.exception("Error while closing the tables")
        for pool in (self.executor, self.drawing, self.hand_drawing):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        await self._unload_cogs()
        if self.db is not None:
            await self.db.close()

    async def _unload_cogs(self) -> None:
        """Unload every extension and cog while the store is still open (discord.py's own
        close would only do it once the store is closed)."""
        for extension in tuple(self.extensions):
            try:
                await self.unload_extension(extension)
            except Exception:
                log.exception("Could not unload %s", extension)
        for name in tuple(self.cogs):
            try:
                await self.remove_cog(name)
            except Exception:
                log.exception("Could not remove the cog %s", name)

    async def on_ready(self) -> None:
        """Log once the gateway has delivered every guild."""
        shards = self.settings.shard_range
        log.info(
            "Bower is online as %s in %d guild(s)%s",
            self.user,
            len(self.guilds),
            f" on {shards}" if shards else "",
        )


class ShardedBowerBot(BowerBot, commands.AutoShardedBot):
    """Bower as one process of a cluster: discord.py's auto-sharded client holding the
    shards ``SHARD_IDS`` of ``SHARD_COUNT``, one gateway connection each."""

    def __init__(self, settings: Settings) -> None:
        assert settings.shard_count is not None and settings.shard_ids is not None
        super().__init__(
            settings, shard_count=settings.shard_count, shard_ids=list(settings.shard_ids)
        )


def make_bot(settings: Settings) -> BowerBot:
    """The client the settings ask for: sharded with ``SHARD_COUNT``, else a plain one."""
    return ShardedBowerBot(settings) if settings.sharded else BowerBot(settings)
