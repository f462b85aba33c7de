"""The words of a table's news messages."""

from __future__ import annotations

from bot.ui.table.news import chunks


def test_long_narration_is_split_into_messages_discord_accepts() -> None:
    messages = chunks(["x" * 1500, "y" * 1500, "z" * 3000])
    assert [len(c) for c in messages] == [1500, 1500, 2000]
