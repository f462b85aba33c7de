"""``/rating reset member:<member> game:<game>``: a moderator clears a member's rating.

The command asks first, privately, saying what is cleared (the current season's and the
all-time rating in that game) and what stays (past seasons, games); **Reset rating**
clears it through :meth:`RatingRepository.reset`, which logs it, and the action is then
announced in the mod-log channel. Manage Server is checked when the command runs and
again when the button is clicked.
"""

from __future__ import annotations

import logging
import time

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import VARIANTS
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import SeasonRepository
from bot.store.standings.stats import PlayerGameStats, StatsRepository
from bot.ui.moderation.rating_reset import (
    RATING_PATTERN,
    RATING_PREFIX,
    ResetRequest,
    confirm_embed,
    confirm_view,
    kept_text,
    nothing_to_reset,
    parse_reset_id,
    reset_done_embed,
)
from bot.ui.replies import in_time, tell

from ..clicks import NOT_VALID, IdButton, is_stray_click
from ..moderators import moderator_or_refused
from ..store_access import database
from ..table_lookup import game_choices
from .announce import announce_mod_actions

log = logging.getLogger(__name__)


REFUSED = "Only members with the **Manage Server** permission can reset ratings."
NOT_IN_SERVER = "Ratings belong to a server: use /rating reset in one."
UNKNOWN_GAME = "Choose one of the games from the list."
NEW_SEASON = (
    "A new season has started since you asked: nothing was reset. "
    "Run /rating reset again to see what a reset clears now."
)


class Ratings(commands.Cog):
    """Moderators' rating tools."""

    rating = app_commands.Group(
        name="rating",
        description="Moderators: members' ratings (Manage Server only)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Register the confirmation buttons."""
        self.bot.add_dynamic_items(RatingResetButton)

    async def cog_unload(self) -> None:
        """Stop answering the confirmation buttons."""
        self.bot.remove_dynamic_items(RatingResetButton)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a forged or malformed confirmation button privately: it changes nothing."""
        if is_stray_click(interaction, RATING_PREFIX, RATING_PATTERN):
            await interaction.response.send_message(NOT_VALID, ephemeral=True)

    @rating.command(name="reset", description="Moderators: clear a member's rating in a game")
    @app_commands.describe(member="Whose rating", game="Which game's rating")
    @app_commands.choices(game=game_choices())
    async def reset(
        self,
        interaction: discord.Interaction,
        member: discord.Member | discord.User,
        game: str,
    ) -> None:
        """Ask privately whether to clear the member's rating, saying what goes and stays."""
        if interaction.guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return
        if not await moderator_or_refused(interaction, "/rating reset", REFUSED):
            return
        if game not in VARIANTS:
            await interaction.response.send_message(UNKNOWN_GAME, ephemeral=True)
            return
        started = time.monotonic()
        season = await SeasonRepository(database(self.bot)).current(interaction.guild_id)
        request = ResetRequest(interaction.guild_id, member.id, game, season.number)
        found = await in_time(interaction, self.rating_of(request), started=started)
        if found is None:
            await tell(interaction, nothing_to_reset(member.id, game))
            return
        await tell(
            interaction,
            embed=confirm_embed(request, season.name, found),
            view=confirm_view(request),
        )

    async def rating_of(self, request: ResetRequest) -> PlayerGameStats | None:
        """The member's rating in the game (None if they have none to clear), once every
        finished game is counted (so none comes back right after the reset)."""
        await count_pending(self.bot)
        found = await StatsRepository(database(self.bot)).player(
            request.guild_id, request.member_id, request.season, variant=request.variant
        )
        return found[0] if found else None

    async def confirmed(self, interaction: discord.Interaction, request: ResetRequest) -> None:
        """Clear the rating the moderator confirmed, then announce it."""
        started = time.monotonic()
        season = await SeasonRepository(database(self.bot)).current(request.guild_id)
        if season.number != request.season:
            await answer_in_place(interaction, content=NEW_SEASON)
            return
        cleared = await in_time(
            interaction, self._reset(request, interaction.user.id), started=started
        )
        if not cleared:
            text = nothing_to_reset(request.member_id, request.variant)
            await answer_in_place(interaction, content=text)
            return
        log.info(
            "Guild %d: %d reset the %s rating of %d (%d ratings)",
            request.guild_id,
            interaction.user.id,
            request.variant,
            request.member_id,
            cleared,
        )
        await answer_in_place(interaction, embed=reset_done_embed(request, season.name))
        await announce_mod_actions(self.bot, request.guild_id)

    async def _reset(self, request: ResetRequest, moderator_id: int) -> int:
        """Count what finished since the question, then clear (and log) the rating."""
        await count_pending(self.bot)
        return await RatingRepository(database(self.bot)).reset(
            request.guild_id,
            request.variant,
            request.member_id,
            request.season,
            moderator_id=moderator_id,
        )


async def answer_in_place(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
) -> None:
    """Replace the question (its buttons taken off) by the answer, deferred or not."""
    if not interaction.response.is_done():
        await interaction.response.edit_message(content=content, embed=embed, view=None)
    else:
        await interaction.edit_original_response(content=content, embed=embed, view=None)


async def count_pending(bot: commands.Bot) -> None:
    """Let the Stats cog count finished games not counted yet (it waits briefly)."""
    catch_up = getattr(bot.get_cog("Stats"), "catch_up", None)
    if catch_up is not None:
        await catch_up()


class RatingResetButton(IdButton, template=RATING_PATTERN):
    """The "Reset rating" / "Keep" buttons of a ``/rating reset`` question."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Check the id and the member (Manage Server, now), then reset or keep."""
        parsed = parse_reset_id(self.custom_id)
        if parsed is None or parsed[1].guild_id != interaction.guild_id:
            await interaction.response.send_message(NOT_VALID, ephemeral=True)
            return
        if not await moderator_or_refused(interaction, "a rating reset", REFUSED):
            return
        op, request = parsed
        if op == "keep":
            await answer_in_place(interaction, content=kept_text(request))
            return
        client = interaction.client
        cog = client.get_cog("Ratings") if isinstance(client, commands.Bot) else None
        if not isinstance(cog, Ratings):
            await interaction.response.send_message(
                "Ratings cannot be reset right now: nothing was changed.", ephemeral=True
            )
            return
        await cog.confirmed(interaction, request)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by ``load_extension``."""
    await bot.add_cog(Ratings(bot))
