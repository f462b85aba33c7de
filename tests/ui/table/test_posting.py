"""A table's post is repeatable: the same nonce for the same post, another once the message
it replaces is gone; an old table looks for its message first."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import discord

from bot.ui.table.posting import NONCE_TRUSTED, is_past_nonces, post_nonce, shows
from tests.ui.helpers import lobby_table


def test_a_repeated_post_has_the_same_short_nonce() -> None:
    table = lobby_table()
    nonce = post_nonce(table, "table")
    assert nonce == post_nonce(replace(table, status="playing"), "table")
    assert nonce.isdigit() and len(nonce) <= 25
    assert post_nonce(table, "thread") != nonce
    assert post_nonce(replace(table, id=table.id + 1), "table") != nonce
    assert post_nonce(replace(table, guild_id=table.guild_id + 1), "table") != nonce  # clusters


def test_a_post_replacing_a_deleted_message_has_a_new_nonce() -> None:
    table = lobby_table()
    assert post_nonce(replace(table, message_id=123), "table") != post_nonce(table, "table")


def test_only_a_table_older_than_the_nonce_window_looks_for_its_message() -> None:
    now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    fresh = lobby_table(created_at=(now - timedelta(seconds=5)).isoformat())
    old = lobby_table(created_at=(now - timedelta(seconds=NONCE_TRUSTED + 1)).isoformat())
    assert not is_past_nonces(fresh, now) and is_past_nonces(old, now)
    assert not is_past_nonces(lobby_table(created_at=""), now)


def test_a_message_shows_an_embed_when_its_words_match() -> None:
    embed = discord.Embed(title="Euchre · table #7", description="Seat 1: bob")
    embed.set_footer(text="to 10")
    message = discord.Message.__new__(discord.Message)
    message.embeds = [discord.Embed.from_dict(embed.to_dict())]
    assert shows(message, embed)
    changed = discord.Embed(title="Euchre · table #7", description="Seat 1: bob\nSeat 2: carol")
    changed.set_footer(text="to 10")
    assert not shows(message, changed)
    message.embeds = []
    assert not shows(message, embed)
