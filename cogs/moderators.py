"""Who counts as a moderator: a member with Manage Server (or Administrator).

Discord hides moderator commands from other members (``default_permissions``), but a
server can override that in its integration settings, so every moderator command checks
again when it runs, with :func:`is_moderator`.
"""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)

MODERATORS_ONLY = "Only moderators (people with Manage Server) can do that."


def is_moderator(interaction: discord.Interaction) -> bool:
    """Whether the member running the interaction has Manage Server (or Administrator)."""
    if interaction.guild is None:
        return False
    permissions = interaction.permissions
    if permissions.manage_guild or permissions.administrator:
        return True
    user = interaction.user
    return isinstance(user, discord.Member) and user.guild_permissions.manage_guild


async def moderator_or_refused(
    interaction: discord.Interaction, what: str, refusal: str = MODERATORS_ONLY
) -> bool:
    """True for a moderator; otherwise answer privately with ``refusal``, note the refusal
    of ``what`` in the log, and return False."""
    if is_moderator(interaction):
        return True
    log.info(
        "Guild %s: refused %s to %s (no Manage Server)",
        interaction.guild_id,
        what,
        interaction.user.id,
    )
    await interaction.response.send_message(refusal, ephemeral=True)
    return False
