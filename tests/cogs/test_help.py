"""/help's answer fits Discord's limits and mentions every command and game."""

from __future__ import annotations

from cogs.help import COMMANDS, GAMES, build_help_embed
from tests.emulator.rules import limits


def test_help_embed_fits_discords_limits() -> None:
    limits.check_message({"embeds": [build_help_embed().to_dict()]})


def test_help_lists_every_command_and_game() -> None:
    embed = build_help_embed()
    assert [f.name for f in embed.fields] == [name for name, _ in COMMANDS]
    assert all(game in (embed.description or "") for game in GAMES)


def test_help_promises_only_buttons_that_exist() -> None:
    footer = build_help_embed().footer.text or ""
    assert "watch" not in footer.lower()
    assert "My hand" in footer and "follow a game on the table message" in footer
