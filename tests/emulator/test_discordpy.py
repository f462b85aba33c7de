"""discord.py itself, in-process, against the emulator: the payloads parse into the right
objects, its REST calls work, and its rate-limit and retry handling ride out faults."""

from __future__ import annotations

import io
import time

import discord
import pytest
from discord.http import Route

from tests.emulator.harness.env import DiscordEnv


async def test_guild_channels_roles_and_permissions_parse(client: discord.Client) -> None:
    guild = client.guilds[0]
    assert guild.name == "Bower Test Club"
    assert [c.name for c in guild.text_channels] == ["general", "euchre", "staff-only"]
    assert guild.me.guild_permissions.send_messages
    staff = discord.utils.get(guild.text_channels, name="staff-only")
    moderator = discord.utils.get(guild.roles, name="Moderator")
    assert moderator is not None and moderator.permissions.manage_guild
    assert staff is not None and not staff.permissions_for(guild.default_role).view_channel
    assert staff.permissions_for(guild.me).view_channel


async def test_message_create_edit_fetch_delete(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    channel = discord.utils.get(client.guilds[0].text_channels, name="euchre")
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Join", custom_id="table:1:join"))
    sent = await channel.send(
        "Table 1", embed=discord.Embed(title="Euchre", description="4 seats"), view=view
    )
    assert sent.author == client.user and sent.embeds[0].title == "Euchre"
    shown = emulator_env.channel("euchre").last_public()
    assert shown.text == "Table 1\nEuchre\n4 seats"
    assert [b["label"] for b in shown.buttons()] == ["Join"]

    edited = await sent.edit(content="Table 1 (full)", view=None)
    assert edited.content == "Table 1 (full)" and shown.edited_timestamp is not None
    assert shown.components == []
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == "Table 1 (full)"
    history = [m.content async for m in channel.history(limit=10)]
    assert history == ["Table 1 (full)"]
    await sent.delete()
    assert emulator_env.channel("euchre").public_messages() == []
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(sent.id)


async def test_threads_and_files(client: discord.Client, emulator_env: DiscordEnv) -> None:
    channel = discord.utils.get(client.guilds[0].text_channels, name="euchre")
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="Table 7", type=discord.ChannelType.private_thread)
    bob = emulator_env.member("bob")
    await thread.add_user(discord.Object(bob.id))
    card = discord.File(io.BytesIO(b"\x89PNG fake"), filename="hand.png")
    await thread.send(
        "Your cards", file=card, embed=discord.Embed().set_image(url="attachment://hand.png")
    )
    [view] = emulator_env.channel("euchre").threads()
    message = view.last_public()
    assert message.attachments[0].data == b"\x89PNG fake"
    assert message.embed is not None and message.embed["image"]["url"] == message.attachments[0].url
    assert bob.can_see(message) and not emulator_env.member("carol").can_see(message)


async def test_rate_limit_is_waited_out(client: discord.Client, emulator_env: DiscordEnv) -> None:
    channel = client.guilds[0].text_channels[0]
    emulator_env.faults.rate_limit("POST /channels/*/messages", retry_after=0.3)
    started = time.monotonic()
    await channel.send("after the rate limit")
    assert time.monotonic() - started >= 0.3
    assert emulator_env.channel("general").last_public().content == "after the rate limit"
    statuses = [r.status for r in emulator_env.emulator.requests if "messages" in r.route]
    assert statuses == [429, 200]


async def test_server_errors_are_retried_or_raised(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    channel = client.guilds[0].text_channels[0]
    emulator_env.faults.server_error("POST /channels/*/messages", status=502)
    await channel.send("after a 502")
    assert emulator_env.channel("general").last_public().content == "after a 502"
    emulator_env.faults.server_error("POST /channels/*/messages", status=503)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("lost to a 503")
    assert [r.status for r in emulator_env.faults.served] == [502, 503]


async def test_delay_slows_the_answer(client: discord.Client, emulator_env: DiscordEnv) -> None:
    channel = client.guilds[0].text_channels[0]
    emulator_env.faults.delay("POST /channels/*/messages", 0.4, times=1)
    started = time.monotonic()
    await channel.send("slow")
    assert time.monotonic() - started >= 0.4


async def test_unknown_route_is_404_with_discords_body(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    with emulator_env.expect_violations() as seen, pytest.raises(discord.NotFound) as caught:
        await client.http.request(Route("GET", "/stickers/{sticker_id}", sticker_id=1))
    assert caught.value.text == "404: Not Found" and caught.value.code == 0
    assert seen.kinds == ["unknown_route"]
