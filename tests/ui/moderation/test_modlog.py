"""The moderation log's wording, pages and page-button custom ids."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.store.moderation.modlog import MOD_KINDS, ModAction, ModLogFilter
from bot.ui.moderation.modlog import (
    KIND_NAMES,
    MODLOG_PREFIX,
    PAGE_SIZE,
    action_line,
    announcement_lines,
    clamp_page,
    filter_summary,
    modlog_button_id,
    modlog_embed,
    modlog_view,
    page_count,
    parse_modlog_id,
)
from tests.emulator.rules import limits

MOD, BOB = 111, 222
WHEN = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def action(kind: Any, **fields: Any) -> ModAction:
    base: dict[str, Any] = {
        "guild_id": 1,
        "kind": kind,
        "moderator_id": MOD,
        "id": 7,
        "created_at": WHEN.isoformat(),
    }
    return ModAction(**(base | fields))


def test_every_line_starts_with_when_the_kind_in_words_and_the_moderator() -> None:
    line = action_line(action("setting", detail={"key": "max_tables", "old": 3, "new": 5}))
    assert line.startswith(f"<t:{int(WHEN.timestamp())}:R> **Setting changed** · <@{MOD}> ")
    assert set(KIND_NAMES) == set(MOD_KINDS)


@pytest.mark.parametrize(
    ("detail", "wording"),
    [
        ({"key": "turn_timer", "old": 120, "new": 60}, "set **turn_timer** from 2 min to 1 min"),
        ({"key": "max_tables", "old": None, "new": 3}, "set **max_tables** from 10 to 3"),
        (
            {"key": "leaver_penalty", "old": False, "new": None},
            "reset **leaver_penalty** to its default (yes; was no)",
        ),
        ({"key": "modlog_channel", "old": None, "new": 55}, "from none to <#55>"),
        (
            {"key": "options:euchre", "old": None, "new": {"target": 7}},
            "set **options:euchre** from game defaults to target=7",
        ),
    ],
)
def test_a_setting_change_says_from_what_to_what(detail: dict[str, Any], wording: str) -> None:
    assert wording in action_line(action("setting", detail=detail))


def test_an_ended_game_says_nobody_was_rated_and_names_the_table() -> None:
    game = action("table_end", table_id=12, detail={"status": "abandoned", "variant": "euchre"})
    assert (
        f"**Table ended** · <@{MOD}> ended Euchre table #12 "
        "(a game in progress: abandoned, nobody rated)"
    ) in action_line(game)
    lobby = action("table_end", table_id=3, detail={"status": "cancelled", "variant": "flip"})
    assert "ended Flip Euchre table #3 (a lobby: closed before the game started)" in (
        action_line(lobby)
    )


def test_a_replaced_seat_names_the_seat_table_member_and_level() -> None:
    line = action_line(
        action(
            "table_replace",
            table_id=12,
            member_id=BOB,
            detail={"seat": 3, "level": "hard", "status": "playing"},
        )
    )
    assert f"gave seat 3 of table #12 (<@{BOB}>) to a Hard computer during the game" in line
    lobby = action("table_replace", table_id=4, member_id=BOB, detail={"seat": 1, "level": "easy"})
    assert "to an Easy computer in the lobby" in action_line(lobby)


def test_season_rating_and_deletion_lines() -> None:
    season = action(
        "season_start",
        detail={"number": 2, "name": "Spring", "closed": "Season 1", "closed_number": 1},
    )
    assert "**Season started** · " in action_line(season)
    assert "started season 2 'Spring' (closed 'Season 1')" in action_line(season)
    reset = action("rating_reset", member_id=BOB, detail={"variant": "euchre", "season": 2})
    assert f"**Rating reset** · <@{MOD}> reset <@{BOB}>'s Euchre rating (season 2 and all-time" in (
        action_line(reset)
    )
    erased = action("data_deletion", member_id=-4)
    line = action_line(erased)
    assert "**Member's data erased**" in line and "erased a member's data" in line
    assert "-4" not in line  # the pseudonym is never shown as a mention


def test_former_members_and_missing_moderators_are_shown_in_words() -> None:
    line = action_line(action("rating_reset", moderator_id=-3, member_id=-9, detail={}))
    assert line.count("former member") == 2 and "<@-" not in line
    assert "Someone " in action_line(action("table_end", moderator_id=None, table_id=1))
    assert action_line(action("setting", created_at="not a time")).startswith("**Setting")


def test_the_filter_is_summed_up_in_words() -> None:
    assert filter_summary(ModLogFilter()) == "Every moderator action, newest first."
    assert filter_summary(ModLogFilter(MOD, "table_end")) == (
        f"Only <@{MOD}>'s actions · only “Table ended”, newest first."
    )
    assert filter_summary(ModLogFilter(kind="rating_reset")).startswith("Only “Rating reset”")


def test_a_page_has_its_lines_filter_and_footer_within_discord_limits() -> None:
    actions = [
        action("table_end", id=i, table_id=i, detail={"status": "abandoned", "variant": "euchre"})
        for i in range(PAGE_SIZE)
    ]
    embed = modlog_embed(actions, ModLogFilter(kind="table_end"), 1, 23)
    assert embed.footer.text == "Page 2 of 3 · 23 entries"
    assert "Only “Table ended”" in (embed.description or "")
    assert all(f"table #{i} " in (embed.description or "") for i in range(PAGE_SIZE))
    limits.check_message({"embeds": [embed.to_dict()]})
    one = modlog_embed(actions[:1], ModLogFilter(), 0, 1)
    assert one.footer.text == "Page 1 of 1 · 1 entry"


def test_empty_pages_say_why() -> None:
    assert "No moderator action has been taken" in (
        modlog_embed([], ModLogFilter(), 0, 0).description or ""
    )
    assert "No moderator action matches this filter" in (
        modlog_embed([], ModLogFilter(MOD), 0, 0).description or ""
    )


def test_page_numbers_stay_within_the_pages_that_exist() -> None:
    assert page_count(0) == 1 and page_count(10) == 1 and page_count(11) == 2
    assert clamp_page(-1, 30) == 0 and clamp_page(7, 30) == 2 and clamp_page(1, 0) == 0


@pytest.mark.parametrize(
    "where",
    [
        ModLogFilter(),
        ModLogFilter(MOD),
        ModLogFilter(kind="table_replace"),
        ModLogFilter(MOD, "setting"),
    ],
)
def test_page_button_ids_keep_the_filter_and_read_back(where: ModLogFilter) -> None:
    custom_id = modlog_button_id(2**63 - 1, ModLogFilter(where.moderator_id, where.kind), 41)
    assert custom_id.startswith(MODLOG_PREFIX + ":") and len(custom_id) <= 100
    found = parse_modlog_id(custom_id)
    assert found is not None and found.where == where and found.page == 41
    assert found.guild_id == 2**63 - 1


def test_the_longest_page_button_id_fits() -> None:
    longest = modlog_button_id(2**63 - 1, ModLogFilter(2**63 - 1, "table_replace"), 9999)
    assert len(longest) <= 100 and parse_modlog_id(longest) is not None


@pytest.mark.parametrize(
    "custom_id",
    [
        "bower-modlog:1:0:all",
        "bower-modlog:1:0:bogus:0",
        "bower-modlog:x:0:all:0",
        "bower-modlog:1:0:all:-1",
        "bower-modlog:1:0:all:12345",
        "bower-modlog:99999999999999999999:0:all:0",
        "bower-modlog:9999999999999999999:0:all:0",  # 19 digits, beyond a 64-bit integer
        "bower-modlog:1:٣:all:0",
        "bower:modlog:1:0:all:0",
    ],
)
def test_malformed_page_button_ids_are_not_read(custom_id: str) -> None:
    assert parse_modlog_id(custom_id) is None


def test_the_buttons_are_disabled_at_the_ends() -> None:
    where = ModLogFilter(kind="setting")
    first = modlog_view(5, where, 0, 25).to_components()[0]["components"]
    assert [b["label"] for b in first] == ["Previous", "Next"]
    assert first[0].get("disabled") and not first[1].get("disabled")
    assert parse_modlog_id(first[1]["custom_id"]) == parse_modlog_id(modlog_button_id(5, where, 1))
    last = modlog_view(5, where, 2, 25).to_components()[0]["components"]
    assert not last[0].get("disabled") and last[1].get("disabled")
    limits.check_message(
        {"content": "x", "components": modlog_view(5, where, 1, 25).to_components()}
    )


def test_announcements_are_one_line_each_packed_within_2000_characters() -> None:
    actions = [
        action("setting", id=i, detail={"key": "max_tables", "old": i, "new": i + 1})
        for i in range(60)
    ]
    messages = announcement_lines(actions)
    assert len(messages) > 1 and all(len(m) <= 2000 for m in messages)
    lines = "\n".join(messages).split("\n")
    assert lines == [action_line(a) for a in actions]  # oldest first, none lost or split
    assert announcement_lines([]) == []
