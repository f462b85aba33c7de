"""The leaderboard message: page buttons of both custom id formats, the board in the title,
a past season's final standings, who inactivity leaves out, empty boards."""

from __future__ import annotations

import re

import pytest

from bot.store.standings.ratings import RatingRecord
from bot.store.standings.seasons import ALL_TIME, Board, Season
from bot.store.standings.stats import LeaderboardEntry
from bot.store.standings.values import Skill
from bot.ui.stats.boards import ShownBoard
from bot.ui.stats.leaderboard import (
    BOARD_PATTERN,
    board_button_id,
    leaderboard_embed,
    leaderboard_view,
    parse_board_id,
)

GUILD = 123456789012345678
PAST = Season(GUILD, 1, "Season 1", "", "2026-01-10T12:00:00.000+00:00")
NOW = Season(GUILD, 2, "Spring", "2026-01-10T12:00:00.000+00:00")


def entry(place: int, user: int) -> LeaderboardEntry:
    return LeaderboardEntry(place, RatingRecord(GUILD, "euchre", user, None, Skill(30, 2), 4, 3))


def test_a_button_posted_before_seasons_still_parses_as_the_current_season() -> None:
    old = parse_board_id(f"bower-board:{GUILD}:euchre:3")
    assert old is not None and (old.guild_id, old.variant, old.page, old.board) == (
        GUILD,
        "euchre",
        3,
        None,
    )


@pytest.mark.parametrize(
    "board", [Board(1), Board(ALL_TIME), Board(ALL_TIME, 10), Board(999_999_999, 6)]
)
def test_a_button_carries_its_board(board: Board) -> None:
    custom_id = board_button_id(GUILD, "over_the_rhine", board, 12)
    assert len(custom_id) <= 100 and re.fullmatch(BOARD_PATTERN, custom_id)
    page = parse_board_id(custom_id)
    assert page is not None and (page.board, page.page) == (board, 12)


@pytest.mark.parametrize(
    "custom_id",
    [
        "bower-board:1:euchre",
        "bower-board:1:euchre:s1:3",  # half a board
        "bower-board:1:Euchre:2",
        "bower-board:1:euchre:s1:p0:12345",
        "bower-board:99999999999999999999:euchre:1",  # more than a 64-bit id
        "bower-board:1:euchre:s-1:p0:1",
        "bower-board:1:euchre:s1:p0:1:extra",
    ],
)
def test_other_ids_are_not_page_buttons(custom_id: str) -> None:
    assert parse_board_id(custom_id) is None


def test_pages_never_run_past_what_an_id_can_carry() -> None:
    assert board_button_id(1, "flip", Board(1), -5).endswith(":0")
    assert parse_board_id(board_button_id(1, "flip", Board(1), 10**6)) is not None


def test_the_buttons_lead_to_the_same_board() -> None:
    shown = ShownBoard("flip", None, 6)
    view = leaderboard_view(GUILD, shown, 1, 35)
    pages = [parse_board_id(b["custom_id"]) for b in view.children]
    assert [(p.board, p.page) for p in pages if p] == [(Board(0, 6), 0), (Board(0, 6), 2)]


def test_the_title_names_the_game_season_and_count() -> None:
    assert leaderboard_embed(ShownBoard("euchre", NOW), [], 0, 0).title == (
        "🏆 Euchre leaderboard · Spring"
    )
    flip = leaderboard_embed(ShownBoard("flip", None, 6), [], 0, 0)
    assert flip.title == "🏆 Flip Euchre leaderboard · All time · 6 players"


def test_a_past_season_shows_its_final_standings_whatever_the_server_sets() -> None:
    embed = leaderboard_embed(ShownBoard("euchre", PAST, inactive_days=30), [entry(1, 5)], 0, 1)
    text = embed.description or ""
    assert text.startswith("*Final standings of the season that ran from the first game to <t:")
    assert "🥇 <@5>" in text
    assert "not listed" not in (embed.footer.text or "")


def test_a_running_board_says_who_inactivity_leaves_out() -> None:
    embed = leaderboard_embed(ShownBoard("euchre", NOW, inactive_days=30), [entry(1, 5)], 0, 1)
    assert "Page 1 of 1 · 1 ranked · Players with no game in the last 30 days are not listed." in (
        embed.footer.text or ""
    )
    quiet = leaderboard_embed(ShownBoard("euchre", None, inactive_days=1), [], 0, 0)
    assert (quiet.description or "").startswith(
        "Nobody has finished a game of Euchre in this server in the last 1 day. Open a table"
    )


def test_empty_boards_say_what_is_empty() -> None:
    fresh = leaderboard_embed(ShownBoard("euchre", NOW), [], 0, 0).description or ""
    assert fresh.startswith("Nobody has finished a game of Euchre this season yet. Open a table")
    past = leaderboard_embed(ShownBoard("flip", PAST, 5), [], 0, 0).description or ""
    assert past.endswith("Nobody finished a game of Flip Euchre with 5 players in Season 1.")


def test_a_former_member_is_shown_as_such() -> None:
    embed = leaderboard_embed(ShownBoard("euchre", NOW), [entry(1, -4)], 0, 1)
    assert "🥇 former member — skill" in (embed.description or "")
