"""Standings: ``/stats`` and ``/history``, ``/leaderboard`` and ``/season``.

One extension (``cogs.standings``) with three cogs: :class:`~.stats.Stats` counts finished
games into ratings and answers a member's stats and history (other cogs use
:func:`~.stats.count_pending`, or find it as ``get_cog("Stats")``),
:class:`~.leaderboard.Leaderboard` shows and exports boards and lists the seasons,
:class:`~.seasons.Seasons` lets moderators start a season. Reading boards is shared in
:mod:`.boards`.
"""

from __future__ import annotations

from discord.ext import commands

from .leaderboard import Leaderboard
from .seasons import Seasons
from .stats import Stats


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by ``load_extension``: Stats first, so results are being
    counted before the boards are read."""
    await bot.add_cog(Stats(bot))
    await bot.add_cog(Leaderboard(bot))
    await bot.add_cog(Seasons(bot))
