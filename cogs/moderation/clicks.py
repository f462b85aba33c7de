"""Clicks on the moderation buttons that no button of theirs will answer.

discord.py calls a ``DynamicItem`` only when the clicked custom id matches its template
and is still on the message. Anything else with one of our prefixes (a forged or
malformed id) would leave the member with "This interaction failed"; the moderation cogs
answer it privately instead, and change nothing.
"""

from __future__ import annotations

import re

import discord

NOT_VALID = "That button is not valid: nothing was changed."


def clicked_id(interaction: discord.Interaction) -> str:
    """The custom id of a clicked component ("" for anything else)."""
    if interaction.type != discord.InteractionType.component:
        return ""
    return str((interaction.data or {}).get("custom_id", ""))


def is_stray_click(interaction: discord.Interaction, prefix: str, pattern: str) -> bool:
    """A click on an id starting ``prefix:`` that no dynamic item of ``pattern`` answers:
    it does not match, or the message it came with does not carry it."""
    custom_id = clicked_id(interaction)
    if not custom_id.startswith(prefix + ":"):
        return False
    if re.fullmatch(pattern, custom_id) is None:
        return True
    message = interaction.message
    rows = message.components if message is not None else []
    carried = {getattr(c, "custom_id", None) for row in rows for c in getattr(row, "children", [])}
    return custom_id not in carried
