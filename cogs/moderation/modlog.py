"""``/modlog``: the server's moderator actions, newest first, for members with Manage Server.

The actions are logged by the store as they happen (see
:mod:`bot.store.moderation.modlog`); this cog lists them, ten a page, filtered by
moderator or kind, with Previous / Next buttons that carry the filter in their custom id
(so they work after a restart) and check Manage Server again on every click. Loading
this cog also starts the mod-log channel announcer (:mod:`cogs.moderation.announce`).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.store.moderation.modlog import MOD_KINDS, ModLogFilter, ModLogRepository
from bot.ui.moderation.modlog import (
    KIND_NAMES,
    MODLOG_PATTERN,
    MODLOG_PREFIX,
    PAGE_SIZE,
    clamp_page,
    modlog_embed,
    modlog_view,
    parse_modlog_id,
)
from bot.ui.views import StaticView, as_view

from ..clicks import NOT_VALID, IdButton, is_stray_click
from ..moderators import moderator_or_refused
from ..store_access import database, maybe_table_service
from .announce import start_announcing, stop_announcing

log = logging.getLogger(__name__)

KIND_CHOICES = [app_commands.Choice(name=KIND_NAMES[kind], value=kind) for kind in MOD_KINDS]
REFUSED = "Only members with the **Manage Server** permission can read the moderation log."
NOT_IN_SERVER = "The moderation log belongs to a server: use /modlog in one."
UNKNOWN_KIND = "Choose a kind of action from the list: " + ", ".join(KIND_NAMES.values()) + "."


class ModLog(commands.Cog):
    """The moderation log and its mod-log channel."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Register the page buttons and start announcing new actions."""
        self.bot.add_dynamic_items(ModLogPageButton)
        if maybe_table_service(self.bot) is None:
            log.warning("No store at load time: moderator actions are not announced")
            return
        await start_announcing(self.bot)

    async def cog_unload(self) -> None:
        """Stop answering page buttons and announcing."""
        self.bot.remove_dynamic_items(ModLogPageButton)
        stop_announcing(self.bot)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a forged or malformed page button privately: it changes nothing."""
        if is_stray_click(interaction, MODLOG_PREFIX, MODLOG_PATTERN):
            await interaction.response.send_message(NOT_VALID, ephemeral=True)

    @app_commands.command(name="modlog", description="Moderators: every moderator action here")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        moderator="Only this moderator's actions",
        kind="Only this kind of action",
        page=f"The page to open ({PAGE_SIZE} actions a page, newest first)",
    )
    @app_commands.choices(kind=KIND_CHOICES)
    async def modlog(
        self,
        interaction: discord.Interaction,
        moderator: discord.Member | discord.User | None = None,
        kind: str | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
    ) -> None:
        """A page of the server's moderation log, privately."""
        if not await self._allowed(interaction):
            return
        if kind is not None and kind not in MOD_KINDS:
            await interaction.response.send_message(UNKNOWN_KIND, ephemeral=True)
            return
        assert interaction.guild_id is not None
        where = ModLogFilter(moderator.id if moderator is not None else None, kind)
        embed, view = await self.log_page(interaction.guild_id, where, page - 1)
        await interaction.response.send_message(embed=embed, view=as_view(view), ephemeral=True)

    async def _allowed(self, interaction: discord.Interaction) -> bool:
        """Check Manage Server at run time; refuse privately otherwise."""
        if interaction.guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return False
        return await moderator_or_refused(interaction, "/modlog", REFUSED)

    async def log_page(
        self, guild_id: int, where: ModLogFilter, page: int
    ) -> tuple[discord.Embed, StaticView]:
        """One page (from 0, kept within those that exist) of the log, and its buttons."""
        repo = ModLogRepository(database(self.bot))
        total = await repo.count(guild_id, where)
        page = clamp_page(page, total)
        actions = await repo.page(guild_id, where, offset=page * PAGE_SIZE, limit=PAGE_SIZE)
        return modlog_embed(actions, where, page, total), modlog_view(guild_id, where, page, total)


class ModLogPageButton(IdButton, template=MODLOG_PATTERN):
    """A Previous / Next button of a ``/modlog`` answer (works after restarts too)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Check the member and the id, then show the page in place."""
        client = interaction.client
        cog = client.get_cog("ModLog") if isinstance(client, commands.Bot) else None
        wanted = parse_modlog_id(self.custom_id)
        if wanted is None or wanted.guild_id != interaction.guild_id:
            await interaction.response.send_message(NOT_VALID, ephemeral=True)
            return
        if not await moderator_or_refused(interaction, "a /modlog page", REFUSED):
            return
        if not isinstance(cog, ModLog):
            await interaction.response.send_message(
                "The moderation log is not available right now.", ephemeral=True
            )
            return
        embed, view = await cog.log_page(wanted.guild_id, wanted.where, wanted.page)
        await interaction.response.edit_message(embed=embed, view=as_view(view))


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by ``load_extension``."""
    await bot.add_cog(ModLog(bot))
