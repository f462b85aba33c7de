"""``/stats`` and ``/history``, and counting finished games into ratings.

Other cogs count pending results first with :func:`count_pending` (or find this cog as
``get_cog("Stats")``).

Counting results is :class:`bot.ratings.updater.RatingUpdater`'s job; this cog runs it at
start-up (results recorded while the bot was down; then it fills in the calls and
euchring of games counted before those were kept, :mod:`bot.ratings.backfill`), after
every finished game and before every read (so an answer includes a game that just ended:
:func:`count_pending`), and renders the answers with :mod:`bot.ui.stats.message`.
``/stats`` shows everyone, also players the leaderboard leaves out for inactivity, and says
why they are off it.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import VARIANTS
from bot.ratings.backfill import backfill_calls
from bot.ratings.updater import RatingUpdater
from bot.store.standings.seasons import FIRST_SEASON, SeasonRepository
from bot.store.standings.stats import StatsRepository
from bot.store.tournaments import TournamentRepository
from bot.tables import GameFinished, TableEvent
from bot.ui.stats.boards import ShownBoard, unknown_game
from bot.ui.stats.message import history_controls, history_embed, stats_embed
from bot.ui.views import as_view

from ..store_access import database, maybe_table_service, settings_repository
from ..table_lookup import game_choices
from .cards import stats_answer
from .pictures import send_answer

log = logging.getLogger(__name__)

GAME_CHOICES = game_choices()
HISTORY_LENGTH = 10
#: How long a command waits for pending results to be counted before it answers anyway.
READ_WAIT = 1.5
NOT_IN_SERVER = "Leaderboards and stats belong to a server: use this command in one."


class Stats(commands.Cog):
    """Member stats and recent games; counts finished games."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._updater: RatingUpdater | None = None
        self._unsubscribe: Any = None
        self._counting: set[asyncio.Task[None]] = set()
        self._backfilling: asyncio.Task[None] | None = None

    # ----- life cycle ------------------------------------------------------------------------
    async def cog_load(self) -> None:
        """Follow finished games and count what is pending."""
        service = maybe_table_service(self.bot)
        if service is None:
            log.warning("No table service at load time: results are counted on first use")
            return
        self._unsubscribe = service.subscribe(self._on_table_event)
        await self.catch_up(wait=None)
        # Games counted before calls were kept: in the background, stopped on unload.
        self._backfilling = asyncio.create_task(self._backfill())

    async def _backfill(self) -> None:
        try:
            await backfill_calls(database(self.bot))
        except Exception:
            log.exception("Could not fill in the calls of older games; will retry at start-up")

    async def cog_unload(self) -> None:
        """Stop following games and filling in older ones; let the counting under way end
        (each game is counted whole or not at all)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._backfilling is not None:  # what it has written stays; the rest is redone
            self._backfilling.cancel()
            await asyncio.wait({self._backfilling})
        if self._counting:
            await asyncio.wait(set(self._counting))

    async def _on_table_event(self, event: TableEvent) -> None:
        if isinstance(event, GameFinished):
            await self.catch_up(wait=None)

    def updater(self) -> RatingUpdater:
        """The one updater of this bot (created on first use)."""
        if self._updater is None:
            self._updater = RatingUpdater(database(self.bot))
        return self._updater

    async def catch_up(self, wait: float | None = READ_WAIT) -> None:
        """Count every result not counted yet, waiting at most ``wait`` seconds.

        The counting runs as its own task, so a slow one finishes in the background (and
        is never cut off mid-way) while a command answers in time; tasks take turns on
        the updater's lock, and each one looks for results recorded before it started.
        """
        task = asyncio.create_task(self._count_pending())
        self._counting.add(task)
        task.add_done_callback(self._counting.discard)
        await asyncio.wait({task}, timeout=wait)

    async def _count_pending(self) -> None:
        try:
            await self.updater().apply_pending()
        except Exception:
            log.exception("Could not count finished games; will retry")

    def _stats(self) -> StatsRepository:
        return StatsRepository(database(self.bot))

    # ----- commands --------------------------------------------------------------------------
    @app_commands.command(name="stats", description="Games, wins, skill and records of a member")
    @app_commands.guild_only()
    @app_commands.describe(
        member="Whose stats (you if left out)",
        game="Only this game",
        share="Post the answer for everyone to see",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        member: discord.Member | discord.User | None = None,
        game: str | None = None,
        share: bool = False,
    ) -> None:
        """A member's place this season, skill, games, wins and records per game here."""
        guild_id = interaction.guild_id
        if guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return
        if game is not None and game not in VARIANTS:  # no list offers it: a forged option
            await interaction.response.send_message(unknown_game(), ephemeral=True)
            return
        who = member or interaction.user
        await self.catch_up()
        season = await SeasonRepository(database(self.bot)).current(guild_id)
        days = (await settings_repository(self.bot).get(guild_id)).inactive_days
        since = ShownBoard(game or "", season, inactive_days=days).active_since(datetime.now(UTC))
        found = await self._stats().player(
            guild_id, who.id, season.number, variant=game, active_since=since
        )
        shown = season if season.number > FIRST_SEASON else None
        if not found:  # nothing to show: said privately, whatever ``share`` asked
            embed = stats_embed(who.id, who.display_name, found, game, season=shown)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        work = stats_answer(self.bot, guild_id, who, found, game, shown, days)
        await send_answer(interaction, work, share=share)

    @app_commands.command(name="history", description="A member's recent games with scores")
    @app_commands.guild_only()
    @app_commands.describe(
        member="Whose games (you if left out)", share="Post the answer for everyone to see"
    )
    async def history(
        self,
        interaction: discord.Interaction,
        member: discord.Member | discord.User | None = None,
        share: bool = False,
    ) -> None:
        """The member's last finished games in this server, newest first."""
        if interaction.guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return
        who = member or interaction.user
        await self.catch_up()
        entries = await self._stats().history(interaction.guild_id, who.id, limit=HISTORY_LENGTH)
        tournaments = TournamentRepository(database(self.bot))
        placings = await tournaments.placings_of(who.id, interaction.guild_id)
        embed = history_embed(who.id, who.display_name, entries, placings)
        view = as_view(history_controls(entries))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=not share)


async def count_pending(bot: commands.Bot) -> None:
    """Count finished games not counted yet (waiting briefly), so an answer includes a game
    that just ended; nothing to do without the Stats cog."""
    cog = bot.get_cog("Stats")
    if isinstance(cog, Stats):
        await cog.catch_up()
