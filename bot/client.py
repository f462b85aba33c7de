"""The Discord client: where Bower's cogs are loaded and its slash commands synced."""

from __future__ import annotations

import logging

import discord
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.config import Settings

log = logging.getLogger(__name__)

# Bower has no voice features: don't warn on every start that voice libraries are missing.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

#: Extensions loaded at start-up, in order. Add each new cog here.
EXTENSIONS: tuple[str, ...] = ("cogs.help",)


def apply_discord_endpoints(api_base: str, gateway_url: str) -> None:
    """Point discord.py's REST client and gateway at `api_base` and `gateway_url`.

    discord.py keeps both endpoints as class attributes: `Route.BASE` prefixes every REST
    route (webhook and interaction-callback routes included) and
    `DiscordWebSocket.DEFAULT_GATEWAY` is where the first gateway connection goes (resumes
    follow the `resume_gateway_url` the gateway itself hands out). Setting them is how a
    large bot routes REST through a proxy, and how the test suite points the real bot at
    its Discord emulator. With the defaults this changes nothing. Call it before the
    client connects; it affects every client in the process.
    """
    Route.BASE = api_base.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


class BowerBot(commands.Bot):
    """Bower's client: slash commands only, so no privileged intents are needed."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=discord.Intents.default(),
            activity=discord.Game("Euchre · /help"),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
        )
        self.settings = settings

    async def setup_hook(self) -> None:
        """Prepare everything before the gateway connects: cogs, then command sync.

        The store (bot/store) opens here first, once it exists, and live tables are
        restored here after the cogs are loaded.
        """
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        synced = await self.tree.sync()
        log.info(
            "Synced %d application commands: %s", len(synced), ", ".join(c.name for c in synced)
        )

    async def on_ready(self) -> None:
        """Log once the gateway has delivered every guild."""
        log.info("Bower is online as %s in %d guild(s)", self.user, len(self.guilds))
