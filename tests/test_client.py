"""The start-up layer points discord.py where the settings say and loads every cog."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.client import EXTENSIONS, apply_discord_endpoints


@pytest.fixture
def restore_endpoints() -> Iterator[None]:
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    yield
    Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


@pytest.mark.usefixtures("restore_endpoints")
def test_endpoints_are_applied_to_rest_routes_and_the_gateway() -> None:
    apply_discord_endpoints("http://127.0.0.1:9/api/v10/", "ws://127.0.0.1:9/")
    assert Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9/"


@pytest.mark.usefixtures("restore_endpoints")
def test_discords_own_endpoints_are_the_defaults() -> None:
    apply_discord_endpoints("https://discord.com/api/v10", "wss://gateway.discord.gg/")
    assert Route.BASE == "https://discord.com/api/v10"
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "wss://gateway.discord.gg/"


@pytest.mark.parametrize("name", EXTENSIONS)
def test_every_extension_has_a_setup_function(name: str) -> None:
    assert callable(importlib.import_module(name).setup)
