"""Stand-ins for the table service around a hand session."""

from __future__ import annotations

from bot.store.guild_settings import GuildSettings
from bot.tables.models import HandView


class OneHand:
    """Open tables where everyone sees ``hand``; pictures on."""

    def __init__(self, hand: HandView) -> None:
        self.hand_view = hand
        self.settings = self

    async def get(self, guild_id: int) -> GuildSettings:
        return GuildSettings(guild_id=guild_id)

    async def settled(self, table_id: int) -> None:
        return None

    def is_open(self, table_id: int) -> bool:
        return True

    def hand(self, table_id: int, user_id: int) -> HandView:
        return self.hand_view
