"""``/season start``: a moderator closes the current season and opens the next.

The closed season keeps its final standings (``/leaderboard show season:<name>``); the
new one starts everyone with a fresh rating, all-time ratings carrying on. Results still
pending are counted first, so a game that just ended counts in the season it finished in.
The moderator is answered privately, the channel gets an announcement with the closed
season's winners and its story per game (final standings with a picture of the podium,
games played, most games, best pair, biggest climb), and the action (logged by the store
with the season) is posted in the server's mod-log channel.

Discord hides ``/season`` from members without Manage Server (``default_permissions``); a
server can change that, so the command checks again when it runs. (The list of seasons,
for everyone, is ``/leaderboard seasons``: a subcommand here would be hidden too.)
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.store.standings.seasons import (
    MAX_SEASON_NAME,
    Season,
    SeasonError,
    SeasonRepository,
)
from bot.ui.replies import in_time, tell
from bot.ui.stats.boards import BoardChoiceError, check_season_name
from bot.ui.stats.seasons import announcement_embed, started_text
from cogs.moderation.announce import announce_mod_actions

from ..moderators import moderator_or_refused
from ..store_access import database
from .boards import season_leaders
from .stats import NOT_IN_SERVER, count_pending
from .story import season_story

log = logging.getLogger(__name__)


class Seasons(commands.Cog):
    """Starting a new season of the leaderboards."""

    season = app_commands.Group(
        name="season",
        description="Seasons of the leaderboards (Manage Server only)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @season.command(
        name="start", description="End the current season (its standings are kept) and start anew"
    )
    @app_commands.describe(name="The new season's name, e.g. Spring 2025")
    async def start(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, MAX_SEASON_NAME]
    ) -> None:
        """Close the current season, open ``name``; answer privately and announce it."""
        guild_id = interaction.guild_id
        if guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return
        if not await moderator_or_refused(interaction, "/season start"):
            return
        try:
            closed, opened = await in_time(
                interaction, self._start(guild_id, name, interaction.user.id), new_message=True
            )
        except (SeasonError, BoardChoiceError) as refusal:
            await tell(interaction, str(refusal))
            return
        log.info("Guild %d: season %d (%s) started", guild_id, opened.number, opened.name)
        await tell(interaction, started_text(closed, opened))
        await self._announce(interaction, closed, opened)
        await announce_mod_actions(self.bot, guild_id)

    async def _start(self, guild_id: int, name: str, moderator: int) -> tuple[Season, Season]:
        seasons = SeasonRepository(database(self.bot))
        current = await seasons.current(guild_id)
        check_season_name(name, current.number + 1)
        await count_pending(self.bot)
        return await seasons.start(guild_id, name, moderator)

    async def _announce(
        self, interaction: discord.Interaction, closed: Season, opened: Season
    ) -> None:
        """Tell the channel, with the closed season's winners (a failure is only logged)."""
        winners = await season_leaders(self.bot, opened.guild_id, closed, 0)
        stories, files = await season_story(self.bot, opened.guild_id, closed, winners)
        try:
            await interaction.followup.send(
                embeds=[announcement_embed(closed, opened, winners), *stories],
                files=files,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            log.warning("Guild %d: could not announce the new season: %s", opened.guild_id, error)
