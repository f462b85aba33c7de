"""Since when a leaderboard page counts the places moved: just before the asking member's
last game when it is within a week, else the last 7 days; each row's move in words."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.store.standings.ratings import RatingRecord
from bot.store.standings.stats import LeaderboardEntry
from bot.store.standings.values import Skill
from bot.ui.stats.board_moves import move_alt, move_text, moves_window, places_moved

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)


def test_a_member_who_played_this_week_sees_moves_since_their_last_game() -> None:
    window = moves_window(NOW, "2026-03-18T09:30:00.000+00:00")
    assert window.since == "2026-03-18T09:30:00.000+00:00" and window.since_last_game
    assert window.heading == "Since last game"
    assert "since just before your last game on this board" in window.note


def test_a_member_with_no_game_this_week_or_none_sees_the_weeks_moves() -> None:
    for last in ("2026-02-01T09:30:00.000+00:00", None, ""):
        window = moves_window(NOW, last)
        assert window.since == "2026-03-13T12:00:00.000+00:00" and not window.since_last_game
        assert window.heading == "Last 7 days" and "in the last 7 days" in window.note


def test_places_moved_are_the_earlier_place_less_the_current_one() -> None:
    def entry(place: int, user: int) -> LeaderboardEntry:
        return LeaderboardEntry(place, RatingRecord(1, "euchre", user, None, Skill(25, 8), 1, 0))

    entries = [entry(1, 11), entry(2, 12), entry(3, 13), entry(4, 14)]
    moved = places_moved(entries, {11: 3, 12: 2, 13: 1, 14: None})
    assert moved == {11: 2, 12: 0, 13: -2, 14: None}
    assert [move_text(m) for m in moved.values()] == ["▲ 2", "same place", "▼ 2", "new"]
    assert [move_alt(m) for m in (1, -3, 0, None)] == [
        "up 1 place", "down 3 places", "same place", "new"]
