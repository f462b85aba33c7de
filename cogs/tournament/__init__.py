"""``/tournament``: Euchre nights of many tables, round after round (see :mod:`.cog`)."""

from __future__ import annotations

from discord.ext import commands

from .cog import Tournaments


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by ``load_extension``."""
    await bot.add_cog(Tournaments(bot))
