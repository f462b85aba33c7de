"""The CSV export of a board: readable back by csv, names with commas and quotes kept,
names that look like formulas kept as text, former members without id or name."""

from __future__ import annotations

import csv
import io

import pytest

from bot.store.standings.ratings import RatingRecord
from bot.store.standings.seasons import Season
from bot.store.standings.stats import LeaderboardEntry
from bot.store.standings.values import Skill
from bot.ui.stats.boards import ShownBoard
from bot.ui.stats.export import (
    HEADER,
    export_filename,
    export_text,
    spreadsheet_safe,
    standings_csv,
)

NOW = Season(7, 2, "Spring", "2026-01-10T12:00:00.000+00:00")


def entry(place: int, user: int, games: int = 8, wins: int = 5) -> LeaderboardEntry:
    rating = RatingRecord(
        7,
        "euchre",
        user,
        None,
        Skill(27.5, 3.25),
        games,
        wins,
        last_played="2026-03-01T18:04:05.123+00:00",
    )
    return LeaderboardEntry(place, rating)


def rows_of(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # a BOM: spreadsheets read the names as UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_a_board_becomes_rows_best_first() -> None:
    names = {11: 'Smith, "Ace" Jr.', 12: "Zoë 🂡"}
    rows = rows_of(standings_csv([entry(1, 11), entry(2, 12, 3, 0), entry(3, 13)], names))
    assert rows[0] == list(HEADER)
    assert rows[1] == [
        "1",
        "11",
        'Smith, "Ace" Jr.',
        "17.75",
        "27.500",
        "3.250",
        "8",
        "5",
        "62.5",
        "2026-03-01 18:04:05",
    ]
    assert rows[2][:3] == ["2", "12", "Zoë 🂡"] and rows[2][6:9] == ["3", "0", "0.0"]
    assert rows[3][:3] == ["3", "13", ""]  # a name Bower does not know stays empty


@pytest.mark.parametrize(
    ("name", "cell"),
    [
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("  =1", "'  =1"),
        ("Mary-Jane", "Mary-Jane"),
        ("a=b", "a=b"),
    ],
)
def test_a_name_that_looks_like_a_formula_stays_text(name: str, cell: str) -> None:
    assert spreadsheet_safe(name) == cell
    rows = rows_of(standings_csv([entry(1, 11)], {11: name}))
    assert rows[1][2] == cell


def test_a_former_member_has_no_id_or_name() -> None:
    rows = rows_of(standings_csv([entry(1, -3)], {-3: "old name"}))
    assert rows[1][1:3] == ["", "former member"]


def test_the_file_is_named_after_its_board() -> None:
    assert export_filename(ShownBoard("over_the_rhine", NOW)) == "bower-over-the-rhine-season-2.csv"
    assert export_filename(ShownBoard("flip", None, 6)) == "bower-flip-6-players-all-time.csv"


def test_the_message_says_which_board_and_who_is_left_out() -> None:
    text = export_text(ShownBoard("euchre", NOW, inactive_days=30), 12)
    assert text.startswith("Standings of the **Euchre · Spring** leaderboard: 12 players")
    assert "no game in the last 30 days are not listed" in text
    assert "nothing to export" in export_text(ShownBoard("euchre", NOW), 0)
