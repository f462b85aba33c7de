"""Rendering leaderboards, stats, history and settings within Discord's limits."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.ratings.skill import NEW_PLAYER
from bot.store.departures import Departure
from bot.store.guild_settings import GuildSettings
from bot.store.results import ResultPlayer, ResultRecord
from bot.store.settings import SettingChange
from bot.store.standings.ratings import RatingRecord
from bot.store.standings.seasons import Board, first_season
from bot.store.standings.stats import HistoryEntry, LeaderboardEntry, PlayerGameStats
from bot.store.standings.values import SeatRecords, Skill
from bot.ui.config.message import config_embed
from bot.ui.stats.boards import ShownBoard
from bot.ui.stats.leaderboard import (
    PAGE_SIZE,
    board_button_id,
    clamp_page,
    leaderboard_embed,
    leaderboard_view,
    page_count,
    parse_board_id,
)
from bot.ui.stats.message import history_line, records_text, stats_embed
from bot.ui.stats.skill import skill_words

EUCHRE = ShownBoard("euchre", first_season(1))


def rating(user: int, mu: float = 30.0, games: int = 4, wins: int = 3) -> RatingRecord:
    return RatingRecord(1, "euchre", user, None, Skill(mu, 2.0), games, wins)


def test_board_ids_round_trip_and_fit() -> None:
    custom_id = board_button_id(123456789012345678, "over_the_rhine", Board(123456789, 10), 7)
    assert len(custom_id) <= 100
    page = parse_board_id(custom_id)
    assert page is not None and (page.guild_id, page.variant, page.page, page.board) == (
        123456789012345678,
        "over_the_rhine",
        7,
        Board(123456789, 10),
    )
    assert parse_board_id("bower:table:1:join") is None


@pytest.mark.parametrize(("total", "pages"), [(0, 1), (1, 1), (10, 1), (11, 2), (25, 3)])
def test_page_count(total: int, pages: int) -> None:
    assert page_count(total) == pages


def test_pages_are_clamped() -> None:
    assert clamp_page(-3, 25) == 0 and clamp_page(9, 25) == 2 and clamp_page(1, 0) == 0


def test_buttons_disable_at_the_ends_and_have_distinct_ids() -> None:
    for page, total in [(0, 0), (0, 25), (1, 25), (2, 25)]:
        buttons = leaderboard_view(1, EUCHRE, page, total).children
        assert [b["label"] for b in buttons] == ["Previous", "Next"]
        assert buttons[0]["custom_id"] != buttons[1]["custom_id"]
        assert bool(buttons[0].get("disabled")) == (page == 0)
        assert bool(buttons[1].get("disabled")) == (page == page_count(total) - 1)


def test_a_full_page_is_well_within_limits() -> None:
    entries = [LeaderboardEntry(i + 1, rating(10**17 + i, 30 - i)) for i in range(PAGE_SIZE)]
    embed = leaderboard_embed(EUCHRE, entries, 0, 25)
    assert len(embed) < 2000
    assert "🥇 <@100000000000000000>" in (embed.description or "")
    assert "**4.**" in (embed.description or "") and "75% won" in (embed.description or "")
    assert "Page 1 of 3" in (embed.footer.text or "")


def test_an_empty_board_invites_a_first_game() -> None:
    embed = leaderboard_embed(ShownBoard("railroad", first_season(1)), [], 0, 0)
    assert "Nobody has finished a game of Railroad Euchre" in (embed.description or "")


def test_records_text_shows_what_matters_in_each_game() -> None:
    records = SeatRecords(loners=3, loners_made=2, euchred=1, moons=1)
    assert records_text("euchre", records) == ("Loners 3 (2 made) · Times euchred 1 · Moons made 1")
    assert records_text("railroad", SeatRecords()) == (
        "Loners 0 · Jambones 0 · Jamborees 0 · Times euchred 0"
    )


def test_stats_embed() -> None:
    stats = [
        PlayerGameStats(
            "euchre", rating(5), rating(5), 2, 9, SeatRecords(loners=1, loners_made=1), 30
        ),
        PlayerGameStats("flip", rating(5, games=1, wins=0), None, 1, 1, SeatRecords(), 4),
    ]
    embed = stats_embed(5, "Alice", stats)
    assert embed.title == "📊 Alice's stats"
    assert "5 games · 3 won (60%)" in (embed.description or "")
    names = [f.name for f in embed.fields]
    assert names == ["Euchre — #2 of 9", "Flip Euchre — #1 of 1"]
    assert "Skill **24.0** (between the normal and hard computers · settled)" in (
        embed.fields[0].value or ""
    )
    assert "μ" not in str(embed.to_dict()) and "normal computer 22" in (embed.footer.text or "")
    empty = stats_embed(5, "Alice", [], "euchre")
    assert "hasn't finished a game of Euchre" in (empty.description or "")


def test_skill_is_told_against_the_computer_players_and_how_sure_it_is() -> None:
    assert skill_words(0.0, 8.3, 1) == "below the easy computer · still settling after 1 game"
    assert skill_words(23.0, 2.0, 40) == "between the normal and hard computers · settled"
    assert skill_words(30.0, 2.0, 40).startswith("above the hard computer")


def test_a_new_players_skill_says_it_starts_at_0_and_is_still_settling() -> None:
    """The number is explained in words, in /stats and under the leaderboard alike."""
    new = RatingRecord(1, "euchre", 5, None, Skill(23.0, 6.5), 3, 2)
    embed = stats_embed(5, "Alice", [PlayerGameStats("euchre", new, new, 1, 4, SeatRecords(), 12)])
    assert "Skill **3.5** (below the easy computer · still settling after 3 games)" in (
        embed.fields[0].value or ""
    )
    note = "it starts at 0, rises as you win (more against strong players) and settles after"
    assert note in (embed.footer.text or "")
    board = leaderboard_embed(EUCHRE, [LeaderboardEntry(1, new)], 0, 1)
    assert "skill **3.5**" in (board.description or "") and note in (board.footer.text or "")


def test_history_line() -> None:
    result = ResultRecord(
        table_id=9,
        guild_id=1,
        variant="euchre",
        players=4,
        winner_side=1,
        final_scores=(6, 10),
        hands_played=5,
        hand_scores=(),
        seats=(
            ResultPlayer(0, 0, 5, None, False),
            ResultPlayer(1, 1, None, "hard", True),
            ResultPlayer(2, 0, 6, None, False),
            ResultPlayer(3, 1, 7, None, True),
        ),
        finished_at="2026-01-02T03:04:05.000+00:00",
    )
    entry = HistoryEntry(result, 0, NEW_PLAYER, Skill(23.0, 8.0))
    line = history_line(entry)
    assert line.startswith("❌ **Euchre** #9 · <@5> & <@6>: **6** — 🤖 Bolt (hard) & <@7>: 10")
    assert "· skill -1.0 ·" in line
    assert "<t:1767323045:R>" in line


def test_a_game_the_member_left_is_lost_and_says_when() -> None:
    result = ResultRecord(
        table_id=9,
        guild_id=1,
        variant="euchre",
        players=4,
        winner_side=1,
        final_scores=(6, 10),
        hands_played=5,
        hand_scores=(),
        seats=(
            ResultPlayer(0, 0, 5, None, False),
            ResultPlayer(1, 1, None, "normal", True),  # Bob's seat, a computer won it
            ResultPlayer(2, 0, 6, None, False),
            ResultPlayer(3, 1, 7, None, True),
        ),
        finished_at="2026-01-02T03:04:05.000+00:00",
    )
    left = Departure(
        9, 1, 8, "normal", "left", 3, True, id=1, departed_at="2026-01-02T03:00:00+00:00"
    )
    entry = HistoryEntry(result, 1, NEW_PLAYER, Skill(23.0, 8.2), left, {1: 8})
    line = history_line(entry)
    assert line.startswith(
        "❌ **Euchre** #9 · left during hand 3 · <@8> (left, 🤖 plays on) & <@7>: **10**"
    )
    assert "skill -1.6" in line
    uncounted = replace(left, counts_as_loss=False, why="replaced")
    line = history_line(HistoryEntry(result, 1, None, None, uncounted, {1: 8}, frozenset({1})))
    assert line.startswith("🚪 **Euchre** #9 · replaced by a moderator during hand 3 (not counted")
    assert "<@8> (replaced, 🤖 plays on) & <@7>" in line and "(left" not in line
    assert "skill" not in line


def test_config_embed_marks_defaults_and_lists_changes() -> None:
    settings = GuildSettings.from_stored(
        1, {"max_tables": 3, "options:euchre": {"target": 11}, "table_channels": [42]}
    )
    change = SettingChange(1, 1, "max_tables", None, 3, 77, "2026-01-02T03:04:05.000+00:00")
    embed = config_embed(settings, {"max_tables": 3, "table_channels": [42]}, [change])
    text = embed.description or ""
    assert "**max_tables**: 3\n" in text and "**turn_timer**: 2 min *(default)*" in text
    assert "**table_channels**: <#42>" in text
    fields = {f.name: f.value or "" for f in embed.fields}
    assert "**Euchre**: target=11" in fields["Default table options"]
    assert "<@77> set **max_tables** to 3" in fields["Recent changes"]
    assert len(embed) < 6000
