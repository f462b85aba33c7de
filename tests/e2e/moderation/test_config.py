"""/config end to end: only members with Manage Server, validated, logged, and in effect."""

from __future__ import annotations

import pytest

from tests.emulator import DiscordEnv
from tests.emulator.errors import ClientRefusal


def allow_everyone(env: DiscordEnv, command: str) -> None:
    """What a server owner can do in Server Settings → Integrations: let everyone use a
    command that Discord hides by default. Only the bot's own check is left."""
    for registered in env.emulator.world.commands.global_commands:
        if registered["name"] == command:
            registered["default_member_permissions"] = None


async def test_config_is_hidden_from_and_refused_to_members_without_manage_server(
    discord_env: DiscordEnv,
) -> None:
    env = discord_env
    bob, alice = env.member("bob"), env.member("alice")
    with pytest.raises(ClientRefusal, match="hidden"):
        await bob.slash("config show")

    allow_everyone(env, "config")
    for command, options in [
        ("config show", {}),
        ("config set", {"setting": "max_tables", "value": "1"}),
        ("config reset", {"setting": "all"}),
    ]:
        outcome = await bob.slash(command, **options)
        assert outcome.ephemeral
        assert "Manage Server" in outcome.message.text
    assert await bob.autocomplete("config set", "value", "", setting="computer_level") == []

    shown = await alice.slash("config show")
    assert "**max_tables**: 10 *(default)*" in shown.message.text
    assert "Recent changes" not in shown.message.text
    assert env.default_channel.public_messages() == []


async def test_a_moderator_sets_shows_and_resets_settings(discord_env: DiscordEnv) -> None:
    env = discord_env
    alice = env.member("alice")

    changed = await alice.slash("config set", setting="max_tables", value="3")
    assert changed.ephemeral and "max_tables changed" in changed.message.text
    assert "**max_tables**: 3" in changed.message.text

    bad = await alice.slash("config set", setting="max_tables", value="500")
    assert bad.ephemeral and "max_tables must be a whole number from 1 to 100" in bad.message.text
    unreadable = await alice.slash("config set", setting="turn_timer", value="soon")
    assert "turn_timer must be a number of seconds" in unreadable.message.text

    channel = env.channel("euchre")
    await alice.slash("config set", setting="table_channels", value="#euchre")
    await alice.slash("config set", setting="options:euchre", value="target=7")
    shown = (await alice.slash("config show")).message.text
    assert "**max_tables**: 3\n" in shown
    assert f"**table_channels**: <#{channel.id}>" in shown
    assert "**Euchre**: target=7" in shown
    assert f"<@{alice.id}> set **max_tables** to 3" in shown

    reset = await alice.slash("config reset", setting="max_tables")
    assert "max_tables reset to its default" in reset.message.text
    everything = await alice.slash("config reset", setting="all")
    assert (
        "table_channels" in everything.message.text and "options:euchre" in everything.message.text
    )
    shown = (await alice.slash("config show")).message.text
    assert "**table_channels**: any channel *(default)*" in shown
    assert f"<@{alice.id}> reset **options:euchre**" in shown


async def test_value_suggestions_follow_the_chosen_setting(discord_env: DiscordEnv) -> None:
    alice = discord_env.member("alice")
    levels = await alice.autocomplete("config set", "value", "", setting="computer_level")
    assert [c["value"] for c in levels] == ["random", "easy", "normal", "hard"]
    channels = await alice.autocomplete("config set", "value", "eu", setting="table_channels")
    assert [c["value"] for c in channels] == ["#euchre"]
