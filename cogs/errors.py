"""One global error handler for slash commands: the user gets a short private answer,
the log gets the rest."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables import TableError
from bot.ui.replies import tell

log = logging.getLogger(__name__)

SOMETHING_WRONG = "Something went wrong on my side; nothing was changed. Please try again."
UNKNOWN_INTERACTION = 10062


def interaction_gone(error: BaseException) -> bool:
    """Discord no longer knows the interaction (answered too late): nobody to tell."""
    original = getattr(error, "original", error)
    return isinstance(original, discord.NotFound) and original.code == UNKNOWN_INTERACTION


def user_message(error: app_commands.AppCommandError) -> str | None:
    """What to tell the user about ``error``; None when it is a bug (logged)."""
    original = getattr(error, "original", error)
    if isinstance(original, TableError):
        return original.message
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} s."
    if isinstance(error, app_commands.MissingPermissions | app_commands.CheckFailure):
        return "You can't use this command here."
    return None


async def on_app_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    """Answer the user privately; log anything that is not their mistake."""
    if interaction_gone(error):
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error("Command /%s was answered too late: Discord dropped the interaction", command)
        return
    message = user_message(error)
    if message is None:
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error("Command /%s failed", command, exc_info=error)
        message = SOMETHING_WRONG
    try:
        await tell(interaction, message)
    except discord.HTTPException as exc:
        log.warning("Could not tell the user about an error: %s", exc)


class Errors(commands.Cog):
    """Installs the handler on the command tree (and removes it when unloaded)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error
        bot.tree.on_error = on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        """Restore the tree's previous handler."""
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by `load_extension`."""
    await bot.add_cog(Errors(bot))
