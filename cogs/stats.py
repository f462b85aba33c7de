"""``/leaderboard``, ``/stats`` and ``/history``: ratings and records of finished games.

Counting results is :class:`bot.ratings.updater.RatingUpdater`'s job; this cog runs it at
start-up (results recorded while the bot was down), after every finished game and before
every read (so an answer includes a game that just ended), and renders the answers
with :mod:`bot.ui.stats.leaderboard` and :mod:`bot.ui.stats.message`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import VARIANTS
from bot.ratings.updater import RatingUpdater
from bot.store.standings.seasons import Board, SeasonRepository
from bot.store.standings.stats import BoardQuery, StatsRepository
from bot.tables import GameFinished, TableEvent
from bot.ui.stats.leaderboard import (
    BOARD_PATTERN,
    BOARD_PREFIX,
    PAGE_SIZE,
    board_button_id,
    clamp_page,
    leaderboard_embed,
    leaderboard_view,
)
from bot.ui.stats.message import history_controls, history_embed, stats_embed
from bot.ui.views import as_view

from .store_access import database, maybe_table_service

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=info.name, value=key) for key, info in VARIANTS.items()]
HISTORY_LENGTH = 10
#: How long a command waits for pending results to be counted before it answers anyway.
READ_WAIT = 1.5
NOT_IN_SERVER = "Leaderboards and stats belong to a server: use this command in one."
NOT_A_BOARD = "That button belongs on a leaderboard: nothing was changed."


class Stats(commands.Cog):
    """Leaderboards, member stats and recent games."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._updater: RatingUpdater | None = None
        self._unsubscribe: Any = None
        self._counting: set[asyncio.Task[None]] = set()

    # ----- life cycle ------------------------------------------------------------------------
    async def cog_load(self) -> None:
        """Register the page buttons, follow finished games and count what is pending."""
        self.bot.add_dynamic_items(LeaderboardPageButton)
        service = maybe_table_service(self.bot)
        if service is None:
            log.warning("No table service at load time: results are counted on first use")
            return
        self._unsubscribe = service.subscribe(self._on_table_event)
        await self.catch_up(wait=None)

    async def cog_unload(self) -> None:
        """Stop following games."""
        self.bot.remove_dynamic_items(LeaderboardPageButton)
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

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

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a page button that is not on its leaderboard: it changes nothing."""
        if is_stray_board_click(interaction):
            await interaction.response.send_message(NOT_A_BOARD, ephemeral=True)

    # ----- commands --------------------------------------------------------------------------
    @app_commands.command(name="leaderboard", description="The best players of a game here")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game",
        page="The page to open (10 players a page)",
        share="Post the answer for everyone to see",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        page: app_commands.Range[int, 1, 1000] = 1,
        share: bool = False,
    ) -> None:
        """A page of the game's leaderboard with page buttons: privately, or for everyone."""
        if interaction.guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return
        await self.catch_up()
        embed, view = await self.board_page(interaction.guild_id, game, page - 1)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=not share)

    async def board_page(
        self, guild_id: int, variant: str, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        """The embed and buttons of one leaderboard page (kept within the pages that exist)."""
        stats = self._stats()
        season = await SeasonRepository(database(self.bot)).current(guild_id)
        query = BoardQuery(guild_id, variant, Board(season.number))
        total = await stats.ranked_count(query)
        page = clamp_page(page, total)
        entries = await stats.leaderboard(query, offset=page * PAGE_SIZE, limit=PAGE_SIZE)
        embed = leaderboard_embed(variant, entries, page, total)
        return embed, leaderboard_view(guild_id, variant, page, total)

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
        """A member's rating, place, games, wins and records per game in this server."""
        if interaction.guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return
        who = member or interaction.user
        await self.catch_up()
        season = await SeasonRepository(database(self.bot)).current(interaction.guild_id)
        found = await self._stats().player(
            interaction.guild_id, who.id, season.number, variant=game
        )
        embed = stats_embed(who.id, who.display_name, found, game)
        await interaction.response.send_message(embed=embed, ephemeral=not share)

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
        embed = history_embed(who.id, who.display_name, entries)
        view = as_view(history_controls(entries))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=not share)


def is_stray_board_click(interaction: discord.Interaction) -> bool:
    """A leaderboard page button's custom id sent for a message that does not carry it
    (only a tampered client sends one): discord.py then calls no page button at all."""
    data = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if interaction.type != discord.InteractionType.component or not custom_id.startswith(
        BOARD_PREFIX + ":"
    ):
        return False
    message = interaction.message
    rows = message.components if message is not None else []
    carried = {getattr(c, "custom_id", None) for row in rows for c in getattr(row, "children", [])}
    return custom_id not in carried


class LeaderboardPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BOARD_PATTERN):
    """A Previous / Next button of a leaderboard message (works after restarts too)."""

    def __init__(self, guild_id: int, variant: str, page: int) -> None:
        super().__init__(discord.ui.Button(custom_id=board_button_id(guild_id, variant, page)))
        self.guild_id, self.variant, self.page = guild_id, variant, page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LeaderboardPageButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["guild"]), match["variant"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the page the button leads to, in place."""
        client = interaction.client
        cog = client.get_cog("Stats") if isinstance(client, commands.Bot) else None
        if not isinstance(cog, Stats) or self.variant not in VARIANTS:
            await interaction.response.send_message(
                "That leaderboard is not available right now.", ephemeral=True
            )
            return
        await cog.catch_up()
        # the board of the server the message is in, whatever a custom id may claim
        guild_id = interaction.guild_id or self.guild_id
        embed, view = await cog.board_page(guild_id, self.variant, self.page)
        await interaction.response.edit_message(embed=embed, view=view)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by ``load_extension``."""
    await bot.add_cog(Stats(bot))
