"""``/config show|set|reset``: a server's Bower settings, for members with Manage Server.

Discord hides the command from other members (``default_permissions``), but a server can
override that in its integration settings, so every subcommand checks Manage Server again
when it runs. Values are read by :mod:`bot.ui.config.setting_input`, validated and stored (with
who and when, in the settings log) by the table service's settings repository, so the
service sees a change at once.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.store.guild_settings import DESCRIPTIONS, SettingError, setting_names
from bot.store.settings import SettingsRepository
from bot.ui.config.message import changed_embed, config_embed, reset_all_embed
from bot.ui.config.setting_input import (
    ChannelLookup,
    RoleLookup,
    parse_setting_value,
    setting_label,
    value_suggestions,
)

from .moderation.announce import announce_mod_actions
from .moderators import is_moderator, moderator_or_refused
from .store_access import settings_repository

log = logging.getLogger(__name__)

SETTING_CHOICES = [
    app_commands.Choice(name=setting_label(name, DESCRIPTIONS), value=name)
    for name in setting_names()
]
RESET_ALL = "all"
RESET_CHOICES = [app_commands.Choice(name="all — every setting", value=RESET_ALL), *SETTING_CHOICES]
REFUSED = "Only members with the **Manage Server** permission can view or change Bower's settings."
NOT_IN_SERVER = "Settings belong to a server: use /config in one."
RECENT_CHANGES = 5


class Config(commands.Cog):
    """Moderator settings of a server."""

    config = app_commands.Group(
        name="config",
        description="Bower's settings for this server (Manage Server only)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    def _settings(self) -> SettingsRepository:
        return settings_repository(self.bot)

    async def _allowed(self, interaction: discord.Interaction) -> bool:
        """Check the member at run time; answer privately and log a refusal."""
        if interaction.guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return False
        return await moderator_or_refused(interaction, "/config", REFUSED)

    @config.command(name="show", description="Show this server's Bower settings")
    async def show(self, interaction: discord.Interaction) -> None:
        """Every setting with its value and the last few changes, privately."""
        if not await self._allowed(interaction):
            return
        assert interaction.guild_id is not None
        repo = self._settings()
        settings = await repo.get(interaction.guild_id)
        stored = await repo.stored(interaction.guild_id)
        recent = await repo.history(interaction.guild_id, limit=RECENT_CHANGES)
        await interaction.response.send_message(
            embed=config_embed(settings, stored, recent), ephemeral=True
        )

    @config.command(name="set", description="Change one of this server's Bower settings")
    @app_commands.describe(
        setting="The setting to change",
        value="The new value: a number, yes/no, a level, channels, or name=value options",
    )
    @app_commands.choices(setting=SETTING_CHOICES)
    async def set_setting(
        self,
        interaction: discord.Interaction,
        setting: str,
        value: app_commands.Range[str, 0, 400],
    ) -> None:
        """Validate and store one setting; a clear private error for a bad value."""
        if not await self._allowed(interaction):
            return
        guild = interaction.guild
        assert guild is not None
        try:
            parsed = parse_setting_value(
                setting, value, _channel_finder(guild), _role_finder(guild)
            )
            _check_channels(setting, parsed, guild)
            repo = self._settings()
            settings = await repo.set(guild.id, setting, parsed, changed_by=interaction.user.id)
        except SettingError as error:
            await interaction.response.send_message(f"❌ {error}", ephemeral=True)
            return
        log.info("Guild %d: %s set %s to %r", guild.id, interaction.user.id, setting, parsed)
        stored = await repo.stored(guild.id)
        await interaction.response.send_message(
            embed=changed_embed(setting, settings, stored), ephemeral=True
        )
        await announce_mod_actions(self.bot, guild.id)

    @set_setting.autocomplete("value")
    async def _value_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Suggest values that fit the chosen setting."""
        if not is_moderator(interaction):
            return []
        name = str(getattr(interaction.namespace, "setting", "") or "")
        guild = interaction.guild
        channels = [c.name for c in guild.text_channels] if guild else []
        roles = [r.name for r in guild.roles if not r.is_default()] if guild else []
        return [
            app_commands.Choice(name=label, value=value)
            for label, value in value_suggestions(name, current, channels, roles)
        ]

    @config.command(name="reset", description="Return a setting (or all of them) to the default")
    @app_commands.describe(setting="The setting to reset, or all")
    @app_commands.choices(setting=RESET_CHOICES)
    async def reset(self, interaction: discord.Interaction, setting: str) -> None:
        """Reset one setting or every setting, logging each change."""
        if not await self._allowed(interaction):
            return
        guild_id = interaction.guild_id
        assert guild_id is not None
        repo = self._settings()
        who = interaction.user.id
        if setting == RESET_ALL:
            names = list(await repo.stored(guild_id))
            for name in names:
                await repo.reset(guild_id, name, changed_by=who)
            log.info("Guild %d: %s reset every setting (%s)", guild_id, who, ", ".join(names))
            await interaction.response.send_message(embed=reset_all_embed(names), ephemeral=True)
            await announce_mod_actions(self.bot, guild_id)
            return
        try:
            settings = await repo.reset(guild_id, setting, changed_by=who)
        except SettingError as error:
            await interaction.response.send_message(f"❌ {error}", ephemeral=True)
            return
        log.info("Guild %d: %s reset %s", guild_id, who, setting)
        await interaction.response.send_message(
            embed=changed_embed(setting, settings, {}, reset=True), ephemeral=True
        )
        await announce_mod_actions(self.bot, guild_id)


def _channel_finder(guild: discord.Guild) -> ChannelLookup:
    """Look a text channel up by name (``euchre`` or ``#euchre``)."""

    def find(name: str) -> int | None:
        channel = discord.utils.get(guild.text_channels, name=name.lower())
        return channel.id if channel is not None else None

    return find


def _role_finder(guild: discord.Guild) -> RoleLookup:
    """Look a role up by name (case-insensitive)."""

    def find(name: str) -> int | None:
        wanted = name.strip().lower()
        role = next((r for r in guild.roles if r.name.lower() == wanted), None)
        return role.id if role is not None and not role.is_default() else None

    return find


def _check_channels(setting: str, value: Any, guild: discord.Guild) -> None:
    """Every channel named for ``table_channels`` must be a channel of this server; the
    ``modlog_channel`` a text channel of it where Bower may post."""
    if setting == "modlog_channel" and value:
        _check_modlog_channel(value, guild)
    if setting == "tournament_role" and value and guild.get_role(value) is None:
        raise SettingError(f"There is no role {value} in this server.")
    if setting != "table_channels":
        return
    for channel_id in value:
        if guild.get_channel(channel_id) is None:
            raise SettingError(f"There is no channel {channel_id} in this server.")


def _check_modlog_channel(channel_id: int, guild: discord.Guild) -> None:
    channel = guild.get_channel(channel_id)
    if channel is None:
        raise SettingError(f"There is no channel {channel_id} in this server.")
    if not isinstance(channel, discord.TextChannel):
        raise SettingError(f"<#{channel_id}> is not a text channel: choose one to post in.")
    me = guild.me
    if me is not None:
        can = channel.permissions_for(me)
        if not (can.view_channel and can.send_messages):
            raise SettingError(
                f"Bower cannot post in <#{channel_id}>: give it View Channel and Send "
                "Messages there, or choose another channel."
            )


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by ``load_extension``."""
    await bot.add_cog(Config(bot))
