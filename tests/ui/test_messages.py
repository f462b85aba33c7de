"""Text cut into the messages Discord takes."""

from __future__ import annotations

from bot.ui.messages import chunks


def test_long_narration_is_split_into_messages_discord_accepts() -> None:
    messages = chunks(["x" * 1500, "y" * 1500, "z" * 3000])
    assert [len(c) for c in messages] == [1500, 1500, 2000]


def test_lines_that_fit_share_a_message_in_order() -> None:
    assert chunks(["a", "b", "c" * 5], limit=5) == ["a\nb", "ccccc"]
    assert chunks([]) == []
