"""The words of a table's news messages."""

from __future__ import annotations

from bot.ui.table.news import chunks


def test_long_narration_is_split_into_messages_discord_accepts() -> None:
    messages = chunks(["x" * 1500, "y" * 1500, "z" * 3000])
    assert [len(c) for c in messages] == [1500, 1500, 2000]


def test_play_greeting_pings_once_and_says_whose_turn_it_is() -> None:
    """Issue point 5: one greeting that pings everyone and says whose turn it is, with no
    second line pinging the person to play."""
    from dataclasses import replace

    from bot.engine import new_game
    from bot.ui.table.news import ping_lines
    from tests.ui.helpers import playing_table

    game = new_game("euchre", 4, seed=1)
    table = playing_table(game)
    people, first = list(table.people), table.current_user
    assert first in people
    lines = ping_lines(table, people, [first])
    mentions = " ".join(f"<@{u}>" for u in people)
    assert lines == [f"{mentions}: your game at table #7 is on! <@{first}>, it's your turn."]
    computer_first = replace(table, seats=tuple(
        replace(s, user_id=None, computer_level="normal") if s.user_id == first else s
        for s in table.seats))
    others = list(computer_first.people)
    assert ping_lines(computer_first, others, []) == [
        " ".join(f"<@{u}>" for u in others) + ": your game at table #7 is on!"]
