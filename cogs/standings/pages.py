"""The Previous / Next buttons of leaderboard messages (of members, or of pairs).

Each button carries its board and page in its custom id (see
:mod:`bot.ui.stats.leaderboard`), so it works after a restart; buttons posted before
seasons existed carry no board and show the current season. The board shown is always of
the server the message is in, whatever a custom id claims.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.ui.replies import in_time, show
from bot.ui.stats.boards import BoardChoiceError
from bot.ui.stats.leaderboard import BOARD_PATTERN, BOARD_PREFIX, BoardPage, parse_board_id
from bot.ui.stats.pairs import check_pairs_board

from ..clicks import IdButton, is_stray_click
from .boards import NO_SUCH_BOARD, board_page, button_board
from .pairs import pairs_page
from .stats import count_pending

log = logging.getLogger(__name__)

NOT_A_BOARD = "That button belongs on a leaderboard: nothing was changed."


def is_stray_board_click(interaction: discord.Interaction) -> bool:
    """A leaderboard page button's custom id that no page button answers: malformed, or
    sent for a message that does not carry it (only a tampered client sends one)."""
    return is_stray_click(interaction, BOARD_PREFIX, BOARD_PATTERN)


class LeaderboardPageButton(IdButton, template=BOARD_PATTERN):
    """A Previous / Next button of a leaderboard message."""

    @property
    def page(self) -> BoardPage | None:
        """The board and page the button leads to (None: a number too big to be one)."""
        return parse_board_id(self.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the page the button leads to, in place."""
        client = interaction.client
        guild_id = interaction.guild_id
        if self.page is None or guild_id is None or not isinstance(client, commands.Bot):
            await interaction.response.send_message(NO_SUCH_BOARD, ephemeral=True)
            return
        await count_pending(client)
        try:
            shown = await button_board(client, guild_id, self.page)
        except BoardChoiceError as refusal:
            log.info("Guild %s: a page button named no board: %s", guild_id, self.page)
            await interaction.response.send_message(str(refusal), ephemeral=True)
            return
        if self.page.pairs:
            try:
                check_pairs_board(shown)
            except BoardChoiceError as refusal:
                log.info("Guild %s: a pairs page button named no pairs board: %s", guild_id,
                         self.page)
                await interaction.response.send_message(str(refusal), ephemeral=True)
                return
            work = pairs_page(client, guild_id, shown, self.page.page)
        else:
            work = board_page(client, guild_id, shown, self.page.page, interaction.user.id)
        embed, view, files = await in_time(interaction, work)
        await show(interaction, embed=embed, view=view, files=files)
