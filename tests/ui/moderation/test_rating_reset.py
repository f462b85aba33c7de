"""What ``/rating reset`` asks and answers, and its buttons' custom ids."""

from __future__ import annotations

import pytest

from bot.store.standings.ratings import RatingRecord
from bot.store.standings.seasons import Board
from bot.store.standings.stats import PlayerGameStats
from bot.store.standings.values import SeatRecords, Skill
from bot.ui.moderation.rating_reset import (
    RATING_PREFIX,
    ResetRequest,
    confirm_embed,
    confirm_view,
    kept_text,
    nothing_to_reset,
    parse_reset_id,
    reset_button_id,
    reset_done_embed,
)
from tests.emulator.rules import limits

BOB = 222
REQUEST = ResetRequest(guild_id=5, member_id=BOB, variant="euchre", season=2)


def rating(games: int, season: int) -> RatingRecord:
    return RatingRecord(5, "euchre", BOB, None, Skill(30.0, 5.0), games, games // 2, Board(season))


def test_the_question_says_whose_rating_what_goes_and_what_stays() -> None:
    stats = PlayerGameStats("euchre", rating(40, 0), rating(8, 2), 3, 9, SeatRecords(), 100)
    embed = confirm_embed(REQUEST, "Spring", stats)
    text = f"{embed.title}\n{embed.description}"
    assert f"Reset <@{BOB}>'s **Euchre** rating?" in text
    assert "this season (Spring) and all-time" in text
    assert "**Kept:** their standings in past seasons" in text and "/history" in text
    assert "This season: skill **15.0** over 8 games · All-time: skill **15.0** over 40 games" in (
        text
    )
    assert "cannot be undone" in text and "/modlog" in text
    limits.check_message({"embeds": [embed.to_dict()]})


def test_without_a_rating_this_season_only_the_all_time_one_is_shown() -> None:
    stats = PlayerGameStats("euchre", rating(1, 0), None, None, 0, SeatRecords(), 5)
    text = confirm_embed(REQUEST, "Spring", stats).description or ""
    assert "This season:" not in text and "All-time: skill **15.0** over 1 game\n" in text


def test_the_buttons_reset_or_keep_the_same_rating() -> None:
    row = confirm_view(REQUEST).to_components()[0]["components"]
    assert [b["label"] for b in row] == ["Reset rating", "Keep"]
    assert [parse_reset_id(b["custom_id"]) for b in row] == [
        ("reset", REQUEST),
        ("keep", REQUEST),
    ]
    limits.check_message({"content": "x", "components": confirm_view(REQUEST).to_components()})


def test_the_longest_button_id_fits() -> None:
    big = ResetRequest(2**63 - 1, 2**63 - 1, "over_the_rhine", 999999)
    custom_id = reset_button_id("reset", big)
    assert custom_id.startswith(RATING_PREFIX + ":") and len(custom_id) <= 100
    assert parse_reset_id(custom_id) == ("reset", big)


@pytest.mark.parametrize(
    "custom_id",
    [
        "bower-rating:reset:5:222:chess:2",  # not a game
        "bower-rating:wipe:5:222:euchre:2",
        "bower-rating:reset:5:222:euchre",
        "bower-rating:reset:5:9999999999999999999:euchre:2",  # beyond a 64-bit integer
        "bower-rating:reset:5:-222:euchre:2",
        "bower-rating:reset:5:222:euchre:2:extra",
    ],
)
def test_malformed_button_ids_are_not_read(custom_id: str) -> None:
    assert parse_reset_id(custom_id) is None


def test_the_answers_say_what_happened() -> None:
    done = reset_done_embed(REQUEST, "Spring")
    assert f"<@{BOB}>'s Euchre rating is reset" in (done.description or "")
    assert "Recorded in /modlog" in (done.description or "")
    assert kept_text(REQUEST) == f"Nothing was reset: <@{BOB}>'s Euchre rating stays as it was."
    assert "has no Railroad Euchre rating to reset" in nothing_to_reset(BOB, "railroad")
    assert "nothing was changed" in nothing_to_reset(BOB, "railroad")
