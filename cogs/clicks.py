"""Buttons that carry what they do in their custom id, and clicks none of them answers.

:class:`IdButton` is the base of such buttons (leaderboard and moderation-log pages,
rating-reset and privacy confirmations): discord.py rebuilds one from the clicked custom
id, so it works after a restart; its callback reads the id again and checks who clicks.
discord.py calls a ``DynamicItem`` only when the clicked custom id matches its template
and is still on the message. Anything else with one of our prefixes (a forged or
malformed id) would leave the member with "This interaction failed"; the cogs answer it
privately instead (:func:`is_stray_click`), and change nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Self

import discord

NOT_VALID = "That button is not valid: nothing was changed."


def clicked_id(interaction: discord.Interaction) -> str:
    """The custom id of a clicked component ("" for anything else)."""
    if interaction.type != discord.InteractionType.component:
        return ""
    data: Mapping[str, Any] = interaction.data or {}
    return str(data.get("custom_id", ""))


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


class IdButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A button rebuilt from its custom id alone; subclasses give the ``template`` and
    read ``self.custom_id`` when clicked (this base matches no id)."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        """Rebuild the button from the clicked custom id."""
        return cls(match.string)
