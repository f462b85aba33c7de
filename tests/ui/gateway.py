"""Interactions as discord.py makes them from the gateway's payloads."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
from discord.user import ClientUser

BOWER = {"id": "1", "username": "bower", "discriminator": "0", "avatar": None, "bot": True}


def logged_in_state() -> Any:
    """discord.py's connection state, logged in as Bower."""
    state = discord.Client(intents=discord.Intents(guilds=True))._connection
    state.user = ClientUser(state=state, data=BOWER)  # type: ignore[arg-type]
    return state


def hand_click(state: Any) -> discord.Interaction:
    """A click on a private hand's button, as discord.py makes it from the gateway."""
    player = {"id": "5", "username": "bob", "discriminator": "0", "avatar": None}
    button = {"type": 2, "style": 1, "label": "9♠", "custom_id": "bower:play:1:9S"}
    message = {
        "id": "10", "channel_id": "3", "author": BOWER, "content": "", "tts": False,
        "timestamp": "2026-11-28T12:00:00+00:00", "edited_timestamp": None, "pinned": False,
        "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [{"title": "Your hand"}], "type": 0, "flags": 64,
        "components": [{"type": 1, "components": [button]}],
    }
    payload = {
        "id": "100", "application_id": "1", "type": 3, "token": "token", "version": 1,
        "channel_id": "3", "user": player, "message": message, "app_permissions": "0",
        "data": {"custom_id": "bower:play:1:9S", "component_type": 2}, "locale": "en-US",
        "entitlements": [], "authorizing_integration_owners": {}, "context": 1,
        "attachment_size_limit": 10_000_000,
    }
    return discord.Interaction(data=payload, state=state)  # type: ignore[arg-type]


@contextmanager
def collector_off() -> Iterator[None]:
    """The cycle collector paused (after a pass), so that ``gc.collect()`` then counts
    the cyclic garbage made meanwhile."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
