"""``member.forged_slash``: what a tampered client sends (a choice no list offers, a value
of any length) reaches the bot as sent, while ``member.slash`` refuses it as Discord's
client does."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest
from discord import app_commands

from tests.emulator.errors import ClientRefusal
from tests.emulator.harness.env import DiscordEnv

Register = Callable[[app_commands.CommandTree[discord.Client]], None]


def register(tree: app_commands.CommandTree[discord.Client]) -> None:
    @tree.command(name="pick", description="Echo the chosen game")
    @app_commands.choices(
        game=[app_commands.Choice(name=n, value=n) for n in ("euchre", "railroad")]
    )
    async def pick(interaction: discord.Interaction, game: str, rounds: int = 1) -> None:
        await interaction.response.send_message(f"{game} × {rounds}", ephemeral=True)


@pytest.fixture
def commands() -> Register:
    return register


async def test_a_forged_choice_reaches_the_bot_and_the_other_options_are_checked(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    bob = emulator_env.member("bob")
    with pytest.raises(ClientRefusal, match="must be one of"):
        await bob.slash("pick", game="poker")
    out = await bob.forged_slash("pick", {"game": "poker" * 30}, game="euchre", rounds=2)
    assert out.message.content == f"{'poker' * 30} × 2"
    with pytest.raises(ClientRefusal, match="takes a number"):
        await bob.forged_slash("pick", {"game": "poker"}, game="euchre", rounds="two")
