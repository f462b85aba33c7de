"""The bot as it really runs: log in, sync commands, answer a slash command."""

from __future__ import annotations

import time

from tests.emulator import DiscordEnv


async def test_bot_logs_in_syncs_help_and_answers_it_privately(discord_env: DiscordEnv) -> None:
    env = discord_env
    registered = [c["name"] for c in env.emulator.world.commands.global_commands]
    assert "help" in registered

    alice, bob = env.member("alice"), env.member("bob")
    outcome = await alice.slash("help")

    assert outcome.kind == "message"
    assert outcome.ephemeral
    assert outcome.message is not None
    assert "/table create" in outcome.message.text
    assert alice.can_see(outcome.message)
    assert not bob.can_see(outcome.message)
    assert outcome.message in alice.ephemerals()
    assert bob.ephemerals() == []
    assert env.default_channel.public_messages() == []


async def test_a_hundred_commands_in_a_row_are_answered_quickly(discord_env: DiscordEnv) -> None:
    members = [discord_env.member(name) for name in ("bob", "carol", "dave", "erin")]
    started = time.monotonic()
    for turn in range(100):
        outcome = await members[turn % 4].slash("help")
        assert outcome.ephemeral
    elapsed = time.monotonic() - started
    assert elapsed < 10, f"100 round trips took {elapsed:.1f}s"
    assert [len(m.ephemerals()) for m in members] == [25, 25, 25, 25]
