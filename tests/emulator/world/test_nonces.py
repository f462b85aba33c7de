"""Nonces as Discord honours them: a post repeated with the same nonce and
``enforce_nonce`` gives back the first message instead of a second one; threads started on
a message are one per message."""

from __future__ import annotations

import discord
import pytest

from tests.emulator.harness.env import DiscordEnv
from tests.emulator.world.nonces import NONCE_WINDOW


async def _euchre(client: discord.Client) -> discord.TextChannel:
    channel = discord.utils.get(client.guilds[0].text_channels, name="euchre")
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_the_same_nonce_gives_back_the_first_message(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    channel = await _euchre(client)
    first = await channel.send("Table 1 is open", nonce="table-1")
    again = await channel.send("Table 1 is open (again)", nonce="table-1")
    other = await channel.send("Table 2 is open", nonce="table-2")
    shown = emulator_env.channel("euchre").public_messages()
    assert again.id == first.id and again.content == "Table 1 is open"
    assert [m.text for m in shown] == ["Table 1 is open", "Table 2 is open"]
    assert first.nonce == "table-1" and other.id != first.id


async def test_a_nonce_is_forgotten_after_a_few_minutes_or_once_its_message_is_gone(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    channel = await _euchre(client)
    first = await channel.send("one", nonce="n")
    emulator_env.clock.advance(NONCE_WINDOW + 1)
    later = await channel.send("two", nonce="n")
    assert later.id != first.id
    await later.delete()
    third = await channel.send("three", nonce="n")
    assert third.id != later.id
    assert [m.text for m in emulator_env.channel("euchre").public_messages()] == ["one", "three"]


async def test_random_nonces_from_discordpy_never_merge_posts(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    channel = await _euchre(client)
    for _ in range(3):
        await channel.send("same text")  # discord.py adds a random nonce and enforce_nonce
    assert len(emulator_env.channel("euchre").public_messages()) == 3


async def test_a_nonce_longer_than_25_characters_is_refused(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    channel = await _euchre(client)
    with (
        emulator_env.expect_violations() as seen,
        pytest.raises(discord.HTTPException) as refused,
    ):
        await channel.send("too long", nonce="n" * 26)
    assert refused.value.code == 50035 and seen.kinds == ["nonconforming"]
    assert emulator_env.channel("euchre").public_messages() == []


async def test_a_message_carries_one_thread(client: discord.Client) -> None:
    channel = await _euchre(client)
    starter = await channel.send("Table 3 is open: join in the thread.")
    thread = await starter.create_thread(name="Table 3")
    assert thread.id == starter.id
    with pytest.raises(discord.HTTPException) as refused:
        await starter.create_thread(name="Table 3 again")
    assert refused.value.status == 400 and refused.value.code == 160004


async def test_a_late_answer_comes_after_the_work_is_done(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    channel = await _euchre(client)
    emulator_env.faults.late_answer("POST /channels/{channel_id}/messages", 0, status=502)
    sent = await channel.send("posted once", nonce="late")  # discord.py retries the 502
    assert [m.text for m in emulator_env.channel("euchre").public_messages()] == ["posted once"]
    assert sent.content == "posted once"
