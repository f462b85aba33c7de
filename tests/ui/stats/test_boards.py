"""Reading the /leaderboard options: season (any text a client sends), player count, the
autocomplete choices, season names that would read as something else, inactivity."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.store.standings.seasons import ALL_TIME, Board, Season
from bot.ui.stats.boards import (
    BoardChoiceError,
    ShownBoard,
    check_season_name,
    pick_game,
    pick_players,
    pick_season,
    players_choices,
    season_choices,
)

GUILD = 7
OLD = Season(GUILD, 1, "Season 1", "", "2026-01-10T12:00:00.000+00:00")
SPRING = Season(
    GUILD, 2, "Spring", "2026-01-10T12:00:00.000+00:00", "2026-04-01T00:00:00.000+00:00"
)
SUMMER = Season(GUILD, 3, "Summer 2026", "2026-04-01T00:00:00.000+00:00")
SEASONS = [SUMMER, SPRING, OLD]  # the current one first, as the store gives them


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, SUMMER),
        ("", SUMMER),
        ("  current ", SUMMER),
        ("3", SUMMER),
        ("2", SPRING),
        ("Season 1", OLD),
        ("season 2", SPRING),
        ("#1", OLD),
        ("spring", SPRING),
        ("SUMMER   2026", SUMMER),
        ("all", None),
        ("All time", None),
        ("all-time", None),
        ("0", None),
    ],
)
def test_a_season_option_names_a_season_or_all_time(value: str | None, expected: Season) -> None:
    assert pick_season(value, SEASONS) == expected


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("4", "no season 4 (its current season is number 3)"),
        ("999999999", "no season 999999999"),
        ("Winter", "no season called “Winter”"),
        ("@everyone", "no season called “@\u200beveryone”"),
        ("**bold**", "“\\*\\*bold\\*\\*”"),
        ("x" * 300, "“" + "x" * 39 + "…”"),
        ("²", "no season called “²”"),
    ],
)
def test_a_season_that_is_not_there_is_refused_with_a_sentence(value: str, words: str) -> None:
    with pytest.raises(BoardChoiceError) as refused:
        pick_season(value, SEASONS)
    assert words in str(refused.value)


def test_a_season_named_like_a_number_is_found_by_its_name_when_no_season_has_it() -> None:
    odd = Season(GUILD, 2, "2024", "2026-01-10T12:00:00.000+00:00")
    assert pick_season("2024", [odd, OLD]) == odd
    assert pick_season("2", [odd, OLD]) == odd  # the number first


def test_the_season_choices_offer_current_all_time_and_past_seasons() -> None:
    choices = season_choices(SEASONS, "")
    assert [(c.name, c.value) for c in choices] == [
        ("Summer 2026 (season 3) — current", "3"),
        ("All time", "all"),
        ("Spring (season 2) — ended 2026-04-01", "2"),
        ("Season 1 — ended 2026-01-10", "1"),
    ]
    assert [c.value for c in season_choices(SEASONS, "spr")] == ["2"]
    assert [c.value for c in season_choices(SEASONS, "season 1")] == ["1"]
    many = [Season(GUILD, n, f"S{n}", "x", None if n == 40 else "y") for n in range(40, 0, -1)]
    assert len(season_choices(many, "")) == 25


def test_player_counts_only_for_games_played_at_several() -> None:
    assert pick_players("flip", None) == 0
    assert pick_players("flip", 6) == 6
    assert pick_players("railroad", 4) == 4
    assert pick_players("euchre", 4) == 0  # its only count: the board of every count
    with pytest.raises(BoardChoiceError, match="played by 2 to 10 players: choose one"):
        pick_players("flip", 11)
    with pytest.raises(BoardChoiceError, match="played by 4 or 6 players"):
        pick_players("railroad", 5)
    with pytest.raises(BoardChoiceError, match="always played by 4 players.*leave `players` out"):
        pick_players("euchre", 6)
    assert [c.value for c in players_choices("railroad", "")] == [4, 6]
    assert [c.name for c in players_choices("flip", "1")] == ["10 players"]
    assert players_choices("euchre", "") == [] and players_choices("nonsense", "") == []


def test_a_game_must_be_one_of_bowers() -> None:
    assert pick_game("flip") == "flip"
    with pytest.raises(BoardChoiceError, match="no such game.*Euchre") as refused:
        pick_game("chess")
    assert "chess" not in str(refused.value)


@pytest.mark.parametrize("name", ["all time", "Current", "0", "Season 5", "#9", "7"])
def test_a_season_name_that_would_read_as_another_board_is_refused(name: str) -> None:
    with pytest.raises(BoardChoiceError):
        check_season_name(name, 4)


@pytest.mark.parametrize("name", ["Season 4", "4", "Spring 2026", "Allstars"])
def test_ordinary_season_names_are_fine(name: str) -> None:
    check_season_name(name, 4)


def test_inactivity_hides_players_on_running_boards_only() -> None:
    now = datetime(2026, 5, 31, 12, tzinfo=UTC)
    current = ShownBoard("euchre", SUMMER, inactive_days=30)
    assert current.active_since(now) == "2026-05-01T12:00:00.000+00:00"
    assert ShownBoard("euchre", None, inactive_days=30).hides_inactive  # all time runs on
    assert ShownBoard("euchre", SPRING, inactive_days=30).active_since(now) == ""  # final
    assert ShownBoard("euchre", SUMMER).active_since(now) == ""  # the server keeps everyone
    assert ShownBoard("flip", None, 6).board == Board(ALL_TIME, 6)
    assert ShownBoard("flip", SPRING, 0).board == Board(2, 0)
