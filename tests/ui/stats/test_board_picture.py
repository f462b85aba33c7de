"""The leaderboard picture's view and alt text: built from the entries the text lists,
every figure of the alt text the text's own (places moved included), the asking member's
row marked, names as the picture shows them (a former member stays one)."""

from __future__ import annotations

import re

from bot.store.standings.ratings import RatingRecord
from bot.store.standings.seasons import Season
from bot.store.standings.stats import LeaderboardEntry
from bot.store.standings.values import Skill
from bot.ui.stats.board_moves import MovesWindow
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
MOVES: dict[int, int | None] = {11: 2, -12: -1, 13: None, 14: 0, 99: 12}
WEEK = MovesWindow("2026-01-20T12:00:00.000+00:00", since_last_game=False)
NAMES = {11: "Alice", 13: "Carol", 14: "Dave", 99: "Zed"}


def texts(moves: dict[int, int | None] | None) -> tuple[list[str], list[str]]:
    """The text's lines and the alt text's sentences of one page (the asker below it)."""
    shown = ShownBoard("euchre", SEASON)
    window = WEEK if moves is not None else None
    embed = leaderboard_embed(shown, ENTRIES, 0, 17, moves=moves, own=OWN, window=window)
    picture = board_picture(shown, ENTRIES, page_notes(shown, 0, 17), NAMES, moves=moves,
                            window=window, asker=99, own=OWN)
    alt = board_alt(picture)
    head, rows = alt.split(": ", 1)
    assert head == "Euchre leaderboard, Spring"
    if moves is not None:  # the alt text ends with what the moves mean, as the text does
        rows = rows.removesuffix(f". {WEEK.note}")
        assert WEEK.note in str(embed.footer.text) and WEEK.note in picture.notes
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


def test_each_row_says_how_many_places_it_moved_in_words_and_figures() -> None:
    lines, sentences = texts(MOVES)
    ends = [(line.rsplit(" · ", 1)[1], sentence.rsplit(", ", 1)[1])
            for line, sentence in zip(lines, sentences, strict=True)]
    assert ends == [("▲ 2", "up 2 places"), ("▼ 1", "down 1 place"), ("new", "new"),
                    ("same place", "same place"), ("▲ 12", "up 12 places")]


def test_the_asker_is_marked_and_names_are_as_the_picture_shows_them() -> None:
    shown = ShownBoard("euchre", SEASON)
    picture = board_picture(shown, ENTRIES, [], NAMES, moves=MOVES, window=WEEK, asker=13)
    assert [row.own for row in picture.rows] == [False, False, True, False]
    assert [row.name for row in picture.rows] == ["Alice", "former member", "Carol", "Dave"]
    assert picture.own is None
    assert picture_name(123456789, {}) == "Member …6789"


def test_a_board_without_moves_has_no_moves_column_nor_note() -> None:
    shown = ShownBoard("flip", None, players=6)
    picture = board_picture(shown, ENTRIES, ["Page 1 of 1 · 4 ranked"], NAMES)
    assert not picture.moves and picture.scope == "All time · 6 players"
    assert picture.notes == ("Page 1 of 1 · 4 ranked",)
    assert "place" not in board_alt(picture) and "▲" not in board_alt(picture)
    lines, _ = texts(None)
    assert not any("▲" in line or "same place" in line for line in lines)
