"""The answer to a settings change says when the change starts to count."""

from __future__ import annotations

import pytest

from bot.store.guild_settings import GuildSettings
from bot.ui.config.message import changed_embed


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("turn_timer", "from their next turn"),
        ("max_tables", "tables opened from now on"),
        ("leaver_penalty", "members who leave a game from now on"),
        ("modlog_channel", "/modlog keeps them all"),
        ("options:euchre", "tables opened from now on"),
    ],
)
def test_a_change_says_when_it_counts(name: str, said: str) -> None:
    embed = changed_embed(name, GuildSettings(guild_id=1), {})
    assert embed.footer.text is not None and said in embed.footer.text
