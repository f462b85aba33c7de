"""Helpers for testing the emulator itself: a raw REST client holding the bot token."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.client import apply_discord_endpoints
from tests.emulator.harness.env import DiscordEnv
from tests.emulator.server import Emulator

HELP_COMMAND = {"name": "help", "description": "How to play", "type": 1, "options": []}


class Rest:
    """Talks to the emulator's REST API like a bot would; returns (status, json body)."""

    def __init__(self, session: aiohttp.ClientSession, emulator: Emulator) -> None:
        self.session = session
        self.emulator = emulator

    async def call(
        self, method: str, path: str, body: Any = None, *, auth: bool = True, **params: str
    ) -> tuple[int, Any]:
        """One request; the body is sent as JSON."""
        headers = {"Authorization": f"Bot {self.emulator.token}"} if auth else {}
        url = self.emulator.api_base + path
        async with self.session.request(
            method, url, json=body, headers=headers, params=params
        ) as response:
            assert response.headers.get("Content-Type") in (None, "application/json")
            data = await response.json() if response.status != 204 else None
            return response.status, data

    async def register(self, *commands: dict[str, Any]) -> list[dict[str, Any]]:
        """Sync global commands, as the bot does at start-up."""
        app_id = self.emulator.world.app.id
        status, data = await self.call("PUT", f"/applications/{app_id}/commands", list(commands))
        assert status == 200 and isinstance(data, list), data
        return data

    async def post_message(self, channel_id: int, body: dict[str, Any]) -> tuple[int, Any]:
        """Create a channel message."""
        return await self.call("POST", f"/channels/{channel_id}/messages", body)

    async def callback(self, interaction: Any, body: dict[str, Any]) -> tuple[int, Any]:
        """Answer an interaction (with_response, as discord.py asks)."""
        path = f"/interactions/{interaction.id}/{interaction.token}/callback"
        return await self.call("POST", path, body, auth=False, with_response="true")

    async def webhook(
        self, interaction: Any, method: str, suffix: str = "", body: Any = None
    ) -> tuple[int, Any]:
        """A followup (suffix "") or a webhook message route (suffix "/messages/@original")."""
        app_id = self.emulator.world.app.id
        path = f"/webhooks/{app_id}/{interaction.token}{suffix}"
        params = {"wait": "true"} if method == "POST" else {}
        return await self.call(method, path, body, auth=False, **params)


@pytest.fixture
async def rest(emulator: Emulator) -> AsyncIterator[Rest]:
    """A REST client for the emulator."""
    async with aiohttp.ClientSession() as session:
        yield Rest(session, emulator)


@pytest.fixture
def commands() -> Callable[[app_commands.CommandTree[discord.Client]], None] | None:
    """Slash commands the in-process `client` registers (override in a test module)."""
    return None


@pytest.fixture
async def client(
    emulator_env: DiscordEnv,
    commands: Callable[[app_commands.CommandTree[discord.Client]], None] | None,
) -> AsyncIterator[discord.Client]:
    """A discord.py client in this process, logged in to the emulator, synced and READY."""
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    emulator = emulator_env.emulator
    apply_discord_endpoints(emulator.api_base, emulator.gateway_url)
    bot = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(bot)
    if commands is not None:
        commands(tree)
    await bot.login(emulator.token)
    await tree.sync()
    runner = asyncio.create_task(bot.connect())
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        yield bot
    finally:
        await bot.close()
        await asyncio.gather(runner, return_exceptions=True)
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
