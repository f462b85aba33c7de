"""``/play``: wait in the server's queue for a game; Bower seats matching members together.

The queue itself (store, matching, timers, opening tables) is :class:`bot.play_queue.PlayQueue`;
this cog reads the command's options the way ``/table create`` does, answers privately,
handles the **Leave queue** button (``bower-queue:…`` custom ids, see
:mod:`bot.ui.play_queue.words`) and, when a table opens, changes each seated member's queue
message to say where it is (:mod:`bot.ui.play_queue.messages`); the table's own greeting pings
them. Waits end on the bot's turn-timer scale (``TURN_TIMER_SCALE``, which only tests
shorten).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import VARIANTS, IllegalAction
from bot.play_queue import PlayQueue
from bot.shards import guild_owner
from bot.store.play_queue import PlayQueueRepository, QueuedMember
from bot.tables import TableError, check_channel
from bot.ui.play_queue.messages import QueueMessages
from bot.ui.play_queue.words import (
    ALREADY_NOTE,
    NOT_VALID,
    is_queue_component,
    leave_view,
    left_text,
    moved_note,
    parse_leave,
    queue_embed,
    seated_text,
    stale_leave_text,
    wait_stamp,
    waiting_lines,
)
from bot.ui.replies import in_time, send_private, tell
from bot.ui.runtime import runtime_of

from . import table_play
from .table_lookup import (
    HOUSE_OPTION_HELP,
    game_choices,
    int_choices,
    player_count_choices,
    table_options,
    target_choices,
)

log = logging.getLogger(__name__)

NOT_IN_SERVER = "The queue belongs to a server: use /play in one of its channels."
COMPUTERS_OFF = (
    "Computer players are turned off in this server, so you wait for enough members to "
    "fill the table."
)


class Play(commands.Cog):
    """The play-now queue."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        runtime = runtime_of(bot)
        settings = getattr(bot, "settings", None)
        self.scale = float(getattr(settings, "turn_timer_scale", 1.0))
        self.messages = QueueMessages(bot)
        self.queue = PlayQueue(
            PlayQueueRepository(runtime.service.db),
            runtime.service,
            self.messages.seated,
            scale=self.scale,
            stopping=lambda: bool(getattr(bot, "closing", False)) or bot.is_closed(),
            owns=guild_owner(bot),
        )
        self._unsubscribe = runtime.service.subscribe(self.queue.on_table_event)
        self._restoring: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        """Resume the waits once the gateway is ready (the tables are restored by then)."""
        self._restoring = asyncio.create_task(self._restore())

    async def cog_unload(self) -> None:
        """Stop the queue's timer and listening to tables (the queue stays stored)."""
        self._unsubscribe()
        if self._restoring is not None:
            self._restoring.cancel()
        await self.queue.close()

    async def _restore(self) -> None:
        await self.bot.wait_until_ready()
        try:
            await self.queue.restore()
        except Exception:
            log.exception("Could not restore the /play queue")

    # ----- /play -------------------------------------------------------------------------------
    @app_commands.command(
        name="play", description="Wait for a game: a table opens when enough members want it"
    )
    @app_commands.describe(
        game="The game to play (leave it out to see who waits and leave the queue)",
        players="How many seats (the game decides which counts are allowed)",
        target="Points needed to win",
        **HOUSE_OPTION_HELP,
        wait="Minutes to wait before computer players fill the empty seats (default: the server's)",
        computers="Fine to fill the table with computer players after the wait (default: yes)",
    )
    @app_commands.choices(game=game_choices())
    @app_commands.choices(deck=int_choices("deck", " cards"))
    @app_commands.guild_only()
    async def play(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        players: app_commands.Range[int, 2, 10] | None = None,
        target: app_commands.Range[int, 1, 1000] | None = None,
        stick_dealer: bool | None = None,
        deck: int | None = None,
        zilch: bool | None = None,
        wait: app_commands.Range[int, 1, 60] | None = None,
        computers: bool = True,
    ) -> None:
        """Join the queue for ``game`` (or, without one, show the member's wait)."""
        await table_play.guarded(
            interaction,
            self._play(
                interaction,
                game,
                players,
                {"target": target, "stick_dealer": stick_dealer, "deck": deck, "zilch": zilch},
                wait,
                computers,
            ),
        )

    async def _play(
        self,
        interaction: discord.Interaction,
        game: str | None,
        players: int | None,
        given: dict[str, Any],
        wait: int | None,
        computers: bool,
    ) -> None:
        started = table_play.arrival(interaction)
        table_play.begin(interaction)
        if interaction.guild_id is None:
            raise TableError(NOT_IN_SERVER)
        if game is None:
            await self._show(interaction, started)
            return
        if game not in VARIANTS:
            raise TableError("Choose one of the games from the list.")
        wanted, note = await self._wanted(interaction, game, players, given, wait, computers)
        outcome = await in_time(interaction, self.queue.join(wanted), started=started)
        if outcome.opened is not None:
            table = outcome.opened.table
            await tell(interaction, seated_text(table.id, table.thread_id or table.channel_id))
            return
        if outcome.moved_from is not None:
            note = "\n".join(n for n in (moved_note(outcome.moved_from), note) if n)
        elif outcome.already:
            note = "\n".join(n for n in (ALREADY_NOTE, note) if n)
        await self._answer(interaction, outcome.entry, started, note)

    async def _wanted(
        self,
        interaction: discord.Interaction,
        game: str,
        players: int | None,
        given: dict[str, Any],
        wait: int | None,
        computers: bool,
    ) -> tuple[QueuedMember, str]:
        """The member's wait from the command's options and the server's defaults, and a
        note for them; :class:`TableError` for anything the queue could not seat."""
        guild_id = cast(int, interaction.guild_id)
        info = VARIANTS[game]
        options = table_options(game, given)
        settings = await table_play.begin(interaction).service.settings.get(guild_id)
        channel_id, thread_id = table_play.table_place(interaction)
        check_channel(settings, channel_id)
        count = players or info.default_players
        try:
            info.check_players(count)
            resolved = info.resolve_options({**settings.options_for(game), **options})
        except IllegalAction as exc:
            raise TableError(f"{exc} Nothing was changed.") from None
        note = COMPUTERS_OFF if computers and not settings.computers_allowed else ""
        wanted = QueuedMember(
            guild_id=guild_id,
            user_id=interaction.user.id,
            variant=game,
            players=count,
            options=resolved,
            computers=computers and settings.computers_allowed,
            wait_minutes=wait or settings.queue_wait,
            channel_id=channel_id,
            thread_id=thread_id,
        )
        return wanted, note

    async def _show(self, interaction: discord.Interaction, started: float) -> None:
        """``/play`` without a game: the member's wait and who waits, or how to join."""
        guild_id = cast(int, interaction.guild_id)
        entry = await self.queue.entry(guild_id, interaction.user.id)
        if entry is not None:
            await self._answer(interaction, entry, started)
            return
        waiting = await self.queue.waiting(guild_id)
        names = await self._names(interaction, waiting, started)
        lines = waiting_lines(waiting, now=time.time(), scale=self.scale, names=names)
        seated = self.queue.seated_at(guild_id, interaction.user.id)
        first = (
            f"You sit at table #{seated.id}: finish or leave it before you wait for another."
            if seated is not None
            else "You're not waiting for a table. Choose a game with `/play game:` to wait."
        )
        await tell(interaction, f"{first}\n\n**Waiting in this server**\n{lines}")

    async def _answer(
        self,
        interaction: discord.Interaction,
        entry: QueuedMember,
        started: float,
        note: str = "",
    ) -> None:
        waiting = await self.queue.waiting(entry.guild_id)
        names = await self._names(interaction, waiting, started)
        embed = queue_embed(
            entry, waiting, now=time.time(), scale=self.scale, names=names, note=note
        )
        await send_private(interaction, embed=embed, view=leave_view(entry))
        self.messages.remember(interaction, entry.guild_id)

    async def _names(
        self, interaction: discord.Interaction, waiting: list[QueuedMember], started: float
    ) -> dict[int, str]:
        names = table_play.begin(interaction).names
        ids = [m.user_id for m in waiting]
        await in_time(
            interaction, names.ensure(cast(int, interaction.guild_id), ids), started=started
        )
        return dict(names.names)

    @play.autocomplete("players")
    async def players_autocomplete(
        self, interaction: discord.Interaction, typed: int | str | None
    ) -> list[app_commands.Choice[int]]:
        """The player counts the chosen game allows."""
        return player_count_choices(str(interaction.namespace.game or ""), typed)

    @play.autocomplete("target")
    async def target_autocomplete(
        self, interaction: discord.Interaction, typed: int | str | None
    ) -> list[app_commands.Choice[int]]:
        """Scores to play to, the server's default first."""
        variant = str(interaction.namespace.game or "")
        if variant not in VARIANTS or interaction.guild_id is None:
            return []
        settings = await table_play.begin(interaction).service.settings.get(interaction.guild_id)
        return target_choices(variant, settings.options_for(variant), typed)

    # ----- Leave queue -------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks on the queue's buttons."""
        if interaction.type != discord.InteractionType.component:
            return
        custom_id = cast(dict[str, Any], interaction.data or {}).get("custom_id")
        if isinstance(custom_id, str) and is_queue_component(custom_id):
            await table_play.guarded(interaction, self._leave_clicked(interaction, custom_id))

    async def _leave_clicked(self, interaction: discord.Interaction, custom_id: str) -> None:
        """Leave the queue, if the button is of the member's current wait."""
        table_play.begin(interaction)
        stamp = parse_leave(custom_id)
        if stamp is None or interaction.guild_id is None:
            raise TableError(NOT_VALID)
        current = await self.queue.entry(interaction.guild_id, interaction.user.id)
        if current is None or wait_stamp(current) != stamp:
            raise TableError(stale_leave_text(current))
        left = await self.queue.leave(interaction.guild_id, interaction.user.id)
        if left is None:  # taken out (seated) between the two reads
            raise TableError(stale_leave_text(None))
        self.messages.forget(interaction.guild_id, interaction.user.id)
        if table_play.is_private_message(interaction):
            await interaction.response.edit_message(content=left_text(left), embed=None, view=None)
        else:
            await tell(interaction, left_text(left))


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by ``load_extension``."""
    await bot.add_cog(Play(bot))
