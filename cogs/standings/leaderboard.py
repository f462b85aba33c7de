"""``/leaderboard show|export|seasons``: a game's board of a season or all time, paged;
its standings as CSV for moderators; the server's seasons with their winners.

``season`` and ``players`` are autocompleted, but a client may send anything: every
value is read by :mod:`bot.ui.stats.boards`, and one that names no board is answered
privately with why, changing nothing. ``export`` is for moderators (Manage Server),
checked when it runs; the group stays visible to everyone for ``show`` and ``seasons``.
"""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.store.standings.seasons import SeasonRepository
from bot.store.standings.stats import LeaderboardEntry
from bot.ui.replies import in_time
from bot.ui.runtime import runtime_of
from bot.ui.stats.boards import (
    BoardChoiceError,
    ShownBoard,
    players_choices,
    season_choices,
)
from bot.ui.stats.export import export_filename, export_text, standings_csv
from bot.ui.stats.pairs import check_pairs_board
from bot.ui.stats.seasons import LISTED_SEASONS, seasons_embed

from ..moderators import moderator_or_refused
from ..store_access import database
from .boards import board_page, inactive_days, season_leaders, shown_board, standings
from .pages import NOT_A_BOARD, LeaderboardPageButton, is_stray_board_click
from .pairs import pairs_page
from .pictures import send_answer
from .stats import GAME_CHOICES, NOT_IN_SERVER, count_pending

log = logging.getLogger(__name__)

#: How many unknown display names an export looks up (one REST call each).
EXPORT_LOOKUPS = 25
SEASON_HELP = "Which season (the current one if left out), or All time"
PLAYERS_HELP = "Only games with this many players (Flip and Railroad Euchre)"


class Leaderboard(commands.Cog):
    """Leaderboards of each game, their export, and the list of seasons."""

    leaderboard = app_commands.Group(
        name="leaderboard", description="The best players of each game here", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Register the page buttons."""
        self.bot.add_dynamic_items(LeaderboardPageButton)

    async def cog_unload(self) -> None:
        """Forget the page buttons."""
        self.bot.remove_dynamic_items(LeaderboardPageButton)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a page button that is not on its leaderboard: it changes nothing."""
        if is_stray_board_click(interaction):
            await interaction.response.send_message(NOT_A_BOARD, ephemeral=True)

    async def _board(
        self, interaction: discord.Interaction, game: str, season: str | None, players: int | None
    ) -> ShownBoard | None:
        """The board the options name, or None once the member was told why not."""
        if interaction.guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return None
        try:
            return await shown_board(self.bot, interaction.guild_id, game, season, players)
        except BoardChoiceError as refusal:
            await interaction.response.send_message(str(refusal), ephemeral=True)
            return None

    # ----- /leaderboard show -----------------------------------------------------------------
    @leaderboard.command(
        name="show", description="A game's leaderboard: this season, a past one or all time"
    )
    @app_commands.describe(
        game="Which game",
        season=SEASON_HELP,
        players=PLAYERS_HELP,
        page="The page to open (10 players a page)",
        share="Post the answer for everyone to see",
        pairs="Rank pairs of partners instead (games played in partnerships)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def show(
        self,
        interaction: discord.Interaction,
        game: str,
        season: str | None = None,
        players: int | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
        share: bool = False,
        pairs: bool = False,
    ) -> None:
        """A page of the board (or of its pairs) with its picture: privately, or for
        everyone."""
        await count_pending(self.bot)
        shown = await self._board(interaction, game, season, players)
        guild_id = interaction.guild_id
        if shown is None or guild_id is None:
            return
        if pairs:
            try:
                check_pairs_board(shown)
            except BoardChoiceError as refusal:
                await interaction.response.send_message(str(refusal), ephemeral=True)
                return
            await send_answer(interaction, pairs_page(self.bot, guild_id, shown, page - 1),
                              share=share)
            return
        work = board_page(self.bot, guild_id, shown, page - 1, interaction.user.id)
        await send_answer(interaction, work, share=share)

    @show.autocomplete("season")
    async def season_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The server's seasons and All time."""
        if interaction.guild_id is None:
            return []
        seasons = await SeasonRepository(database(self.bot)).all(interaction.guild_id)
        return season_choices(seasons, current)

    @show.autocomplete("players")
    async def players_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The chosen game's player counts, for a game played at several."""
        return players_choices(str(getattr(interaction.namespace, "game", "") or ""), current)

    # ----- /leaderboard export ---------------------------------------------------------------
    @leaderboard.command(
        name="export", description="A leaderboard's standings as a CSV file (Manage Server)"
    )
    @app_commands.describe(game="Which game", season=SEASON_HELP, players=PLAYERS_HELP)
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(season=season_autocomplete)
    @app_commands.autocomplete(players=players_autocomplete)
    async def export(
        self,
        interaction: discord.Interaction,
        game: str,
        season: str | None = None,
        players: int | None = None,
    ) -> None:
        """Privately, the board's standings (inactivity applied as on the board) as CSV."""
        if interaction.guild_id is not None and not await moderator_or_refused(
            interaction, "/leaderboard export"
        ):
            return
        shown = await self._board(interaction, game, season, players)
        if shown is None or interaction.guild is None:
            return
        guild = interaction.guild
        work = self._export(guild, shown)
        text, file = await in_time(interaction, work, new_message=True)
        files = [file] if file is not None else []
        if not interaction.response.is_done():
            await interaction.response.send_message(text, files=files, ephemeral=True)
        else:
            await interaction.followup.send(text, files=files, ephemeral=True)

    async def _export(
        self, guild: discord.Guild, shown: ShownBoard
    ) -> tuple[str, discord.File | None]:
        await count_pending(self.bot)
        entries = await standings(self.bot, guild.id, shown)
        if not entries:
            return export_text(shown, 0), None
        names = await self._names(guild, entries)
        data = io.BytesIO(standings_csv(entries, names))
        return export_text(shown, len(entries)), discord.File(data, export_filename(shown))

    async def _names(self, guild: discord.Guild, entries: list[LeaderboardEntry]) -> dict[int, str]:
        """Display names Bower knows (or looks up, for the first few it does not)."""
        people = [e.rating.user_id for e in entries if e.rating.user_id and e.rating.user_id > 0]
        known: dict[int, str] = {}
        try:
            book = runtime_of(self.bot).names
        except RuntimeError:
            book = None
        if book is not None:
            missing = [p for p in people if p not in book.names][:EXPORT_LOOKUPS]
            await book.ensure(guild.id, missing)
            known.update(book.names)
        for user_id in people:
            member = guild.get_member(user_id)
            if member is not None:
                known.setdefault(user_id, member.display_name)
        return {p: known[p] for p in people if p in known}

    # ----- /leaderboard seasons --------------------------------------------------------------
    @leaderboard.command(name="seasons", description="This server's seasons and their winners")
    @app_commands.describe(share="Post the answer for everyone to see")
    async def seasons(self, interaction: discord.Interaction, share: bool = False) -> None:
        """Each season (newest first) with its dates and each game's winner."""
        guild_id = interaction.guild_id
        if guild_id is None:
            await interaction.response.send_message(NOT_IN_SERVER, ephemeral=True)
            return
        await count_pending(self.bot)
        seasons = await SeasonRepository(database(self.bot)).all(guild_id)
        days = await inactive_days(self.bot, guild_id)
        leaders = {
            s.number: await season_leaders(self.bot, guild_id, s, days)
            for s in seasons[:LISTED_SEASONS]
        }
        embed = seasons_embed(seasons, leaders)
        await interaction.response.send_message(embed=embed, ephemeral=not share)
