"""The table's news: who is pinged, and how."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from bot.ui.table.news import ping_lines
from tests.ui.helpers import playing_table


def test_play_greeting_pings_once_and_says_whose_turn_it_is() -> None:
    """Issue point 5: one greeting that pings everyone and says whose turn it is, with no
    second line pinging the person to play."""
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


def test_a_greeting_for_one_person_whose_turn_it_is_names_them_once() -> None:
    game = new_game("euchre", 4, seed=1)
    table = playing_table(game)
    first = table.current_user
    assert ping_lines(table, [first], [first]) == [
        f"<@{first}>: your game at table #7 is on, and it's your turn."]
