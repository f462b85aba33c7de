"""Every way discord.py answers an interaction works against the emulator and shows the
member what Discord would: defers, edits, followups, views, selects, modals, autocomplete.
The bot here is an in-process discord.py client with test commands."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands

from tests.emulator.errors import ClientRefusal
from tests.emulator.harness.env import DiscordEnv

GAMES = ["euchre", "railroad", "flip", "cincinnati"]


class TargetModal(discord.ui.Modal, title="Table settings"):
    target: discord.ui.TextInput[TargetModal] = discord.ui.TextInput(
        label="Points to play to", custom_id="target", max_length=2
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Playing to {self.target.value}", ephemeral=True)


class SeatView(discord.ui.View):
    @discord.ui.button(label="Join", custom_id="table:join")
    async def join(
        self, interaction: discord.Interaction, button: discord.ui.Button[SeatView]
    ) -> None:
        button.disabled = True
        await interaction.response.edit_message(content=f"{interaction.user} joined", view=self)

    @discord.ui.button(label="Settings", custom_id="table:settings")
    async def settings(
        self, interaction: discord.Interaction, _: discord.ui.Button[SeatView]
    ) -> None:
        await interaction.response.send_modal(TargetModal())

    @discord.ui.select(
        custom_id="table:card",
        placeholder="Play a card",
        options=[discord.SelectOption(label=c, value=c) for c in ("JH", "JD", "AS")],
    )
    async def card(
        self, interaction: discord.Interaction, select: discord.ui.Select[SeatView]
    ) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"played {select.values[0]}")


def register(tree: app_commands.CommandTree[discord.Client]) -> None:
    @tree.command(name="think", description="Defer, then answer")
    async def think(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("done thinking")

    @tree.command(name="table", description="Open a table")
    async def table(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Table open", view=SeatView())
        await interaction.followup.send("seat list", ephemeral=True)

    @tree.command(name="rules", description="Rules of a game")
    @app_commands.describe(game="Which game")
    async def rules(interaction: discord.Interaction, game: str, target: int = 10) -> None:
        await interaction.response.send_message(f"{game} to {target}", ephemeral=True)

    @rules.autocomplete("game")
    async def games(_: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g.title(), value=g) for g in GAMES if typed in g]

    @tree.command(name="seat", description="Seat a player")
    async def seat(
        interaction: discord.Interaction,
        player: discord.Member,
        table: discord.TextChannel,
        role: discord.Role,
    ) -> None:
        perms = table.permissions_for(player)
        await interaction.response.send_message(
            f"{player.name} at #{table.name} as {role.name}; can send: {perms.send_messages}"
        )

    @tree.command(name="config", description="Server settings")
    @app_commands.default_permissions(manage_guild=True)
    async def config(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(TargetModal())


@pytest.fixture
def commands() -> object:
    return register


async def test_thinking_defer_is_filled_in_by_the_first_followup(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    outcome = await emulator_env.member("bob").slash("think")
    assert outcome.kind == "deferred" and outcome.ephemeral
    assert outcome.message.content == "done thinking" and not outcome.message.loading
    assert outcome.followups == []


async def test_buttons_edit_the_message_and_disable_themselves(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    outcome = await emulator_env.member("alice").slash("table")
    seat_list = await outcome.followup_count(1)
    assert seat_list[0].ephemeral and seat_list[0].content == "seat list"
    table = emulator_env.default_channel.last_public()
    assert table is outcome.message and table.content == "Table open"

    joined = await emulator_env.member("bob").click(table, "Join")
    assert joined.kind == "update" and table.content == "bob joined"
    assert [b.get("disabled", False) for b in table.buttons()] == [True, False]
    with pytest.raises(ClientRefusal, match="disabled"):
        await emulator_env.member("carol").click(table, "Join")


async def test_select_with_deferred_update_then_edit(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    await emulator_env.member("alice").slash("table")
    table = emulator_env.default_channel.last_public()
    chosen = await emulator_env.member("dave").choose(table, "Play a card", "JD")
    assert chosen.kind == "deferred_update"
    await emulator_env.wait_for(lambda: table.content == "played JD")


async def test_modal_opens_and_its_submission_is_answered(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    await emulator_env.member("alice").slash("table")
    table = emulator_env.default_channel.last_public()
    erin = emulator_env.member("erin")
    opened = await erin.click(table, "Settings")
    assert opened.kind == "modal" and opened.modal["title"] == "Table settings"
    with pytest.raises(ClientRefusal, match="2"):
        await erin.submit_modal(opened, {"target": "100"})
    submitted = await erin.submit_modal(opened, {"Points to play to": "11"})
    assert submitted.ephemeral and submitted.message.content == "Playing to 11"
    with pytest.raises(ClientRefusal, match="already submitted"):
        await erin.submit_modal(opened, {"target": "12"})


async def test_autocomplete_offers_choices_and_options_are_checked(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    carol = emulator_env.member("carol")
    choices = await carol.autocomplete("rules", "game", "r")
    assert [c["value"] for c in choices] == ["euchre", "railroad"]
    answer = await carol.slash("rules", game="flip", target=7)
    assert answer.message.content == "flip to 7"
    with pytest.raises(ClientRefusal, match="needs option 'game'"):
        await carol.slash("rules")
    with pytest.raises(ClientRefusal, match="takes a number"):
        await carol.slash("rules", game="flip", target="seven")


async def test_permission_gated_command_is_hidden_from_members_without_it(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    with pytest.raises(ClientRefusal, match="hidden from bob"):
        await emulator_env.member("bob").slash("config")
    opened = await emulator_env.member("alice").slash("config")
    assert opened.kind == "modal"


async def test_settle_waits_until_the_bot_has_finished(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    outcome = await emulator_env.member("alice").slash("table", wait=False)
    await emulator_env.settle()
    assert outcome.kind == "message"
    assert [m.content for m in outcome.followups] == ["seat list"]


async def test_member_channel_and_role_options_resolve(
    client: discord.Client, emulator_env: DiscordEnv
) -> None:
    carol = emulator_env.member("carol")
    answer = await emulator_env.member("alice").slash(
        "seat", player=carol, table=emulator_env.channel("euchre"), role="Moderator"
    )
    assert answer.message.content == "carol at #euchre as Moderator; can send: True"
