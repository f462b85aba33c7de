"""Discord's shard formula, the ``owns`` predicate of a client, and shard ranges in words."""

from __future__ import annotations

from types import SimpleNamespace

from bot.shards import describe, guild_owner, owns_all, shard_of


def test_a_guild_is_on_the_shard_of_its_timestamp_bits() -> None:
    guild = (1234 << 22) | 0x3FFFFF  # the low 22 bits do not count
    assert shard_of(guild, 1) == 0
    assert shard_of(guild, 2) == 0 and shard_of(guild + (1 << 22), 2) == 1
    assert shard_of(guild, 10) == 4


def test_a_client_without_settings_owns_every_guild() -> None:
    assert guild_owner(object()) is owns_all and owns_all(12345)
    settings = SimpleNamespace(owns_guild=lambda guild: guild == 7)
    owns = guild_owner(SimpleNamespace(settings=settings))
    assert owns(7) and not owns(8)


def test_shard_ranges_in_words() -> None:
    assert describe([2], 4) == "shard 2 of 4"
    assert describe([3, 1, 2], 8) == "shards 1-3 of 8"
    assert describe([0, 2], 4) == "shards 0,2 of 4"
