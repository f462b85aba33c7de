"""The leaderboard picture's view and alt text: built from the entries the text lists,
every figure of the alt text the text's own, the asking member's row marked, names as
the picture shows them (a former member stays one)."""

from __future__ import annotations

import re

from bot.store.standings.ratings import RatingRecord
from bot.store.standings.seasons import Season
from bot.store.standings.stats import LeaderboardEntry
from bot.store.standings.values import Skill
from bot.ui.stats.board_picture import board_alt, board_picture, picture_name
from bot.ui.stats.boards import ShownBoard
from bot.ui.stats.leaderboard import MEDALS, leaderboard_embed, page_notes

GUILD = 123456789012345678
SEASON = Season(GUILD, 2, "Spring", "2026-01-10T12:00:00.000+00:00")
FIGURE = re.compile(r"\d+(?:\.\d+)?")


def entry(place: int, user: int, mu: float, games: int, wins: int) -> LeaderboardEntry:
    rating = RatingRecord(GUILD, "euchre", user, None, Skill(mu, 2.5), games, wins)
    return LeaderboardEntry(place, rating)


ENTRIES = [entry(1, 11, 34.0, 12, 9), entry(2, -12, 31.25, 7, 4), entry(3, 13, 30.0, 1, 0),
           entry(4, 14, 27.5, 30, 14)]
OWN = entry(17, 99, 22.0, 5, 2)
MOVES = {11: 1.24, -12: -0.5, 14: 0.0, 99: 2.0}
NAMES = {11: "Alice", 13: "Carol", 14: "Dave", 99: "Zed"}


def texts(moves: dict[int, float] | None) -> tuple[list[str], list[str]]:
    """The text's lines and the alt text's sentences of one page (the asker below it)."""
    shown = ShownBoard("euchre", SEASON)
    embed = leaderboard_embed(shown, ENTRIES, 0, 17, moves=moves, own=OWN)
    picture = board_picture(shown, ENTRIES, page_notes(shown, 0, 17), NAMES, moves=moves,
                            asker=99, own=OWN)
    alt = board_alt(picture)
    head, rows = alt.split(": ", 1)
    assert head == "Euchre leaderboard, Spring"
    return str(embed.description).splitlines(), rows.split("; ")


def test_every_figure_of_the_alt_text_is_the_texts() -> None:
    for moves in (MOVES, None):
        lines, sentences = texts(moves)
        assert len(lines) == len(sentences) == 5
        for line, sentence in zip(lines, sentences, strict=True):
            line = line.removeprefix("Your place: ")
            sentence = sentence.removeprefix("your place: ")
            place = int(sentence.split()[0].removeprefix("#"))
            rest = sentence.split(", ", 1)[1]
            assert line.startswith(MEDALS.get(place, f"**{place}.**"))
            assert FIGURE.findall(line.split(" — ", 1)[1]) == FIGURE.findall(rest)


def test_the_asker_is_marked_and_names_are_as_the_picture_shows_them() -> None:
    shown = ShownBoard("euchre", SEASON)
    picture = board_picture(shown, ENTRIES, [], NAMES, moves=MOVES, asker=13)
    assert [row.own for row in picture.rows] == [False, False, True, False]
    assert [row.name for row in picture.rows] == ["Alice", "former member", "Carol", "Dave"]
    assert picture.own is None
    assert picture_name(123456789, {}) == "Member …6789"


def test_a_board_without_changes_has_no_last_game_column_nor_note() -> None:
    shown = ShownBoard("flip", None, players=6)
    picture = board_picture(shown, ENTRIES, ["Page 1 of 1 · 4 ranked"], NAMES)
    assert not picture.moves and picture.scope == "All time · 6 players"
    assert picture.notes == ("Page 1 of 1 · 4 ranked",)
    assert "last game" not in board_alt(picture)
    lines, _ = texts(None)
    assert not any("last game" in line for line in lines)
