"""The stats card's view: built from the member's stats, path and seasons; each later
season's start named where its first game is; every figure of its alt text in the text."""

from __future__ import annotations

import re

from bot.store.standings.paths import PathPoint, SeasonRecord
from bot.store.standings.ratings import RatingRecord
from bot.store.standings.seasons import Board, Season
from bot.store.standings.stats import PlayerGameStats
from bot.store.standings.values import SeatRecords, Skill
from bot.ui.stats.card import card_alt, stats_card, text_lines
from bot.ui.stats.message import stats_embed

GUILD = 123456789012345678
SPRING = Season(GUILD, 2, "Spring", "2026-01-10T12:00:00.000+00:00")
FIGURE = re.compile(r"-?\d+(?:\.\d+)?")


def stats(season: bool) -> PlayerGameStats:
    rating = RatingRecord(GUILD, "euchre", 7, None, Skill(30.5, 4.5), 6, 4)
    now = RatingRecord(GUILD, "euchre", 7, None, Skill(27.0, 6.0), 2, 1, Board(2))
    return PlayerGameStats("euchre", rating, now if season else None, 2 if season else None,
                           9, SeatRecords(loners=3, loners_made=2, euchred=1), 40)


PATH = [PathPoint(1, 2.0), PathPoint(1, 5.5), PathPoint(1, 4.25), PathPoint(1, 6.0),
        PathPoint(2, 1.0), PathPoint(2, 3.0)]
SEASONS = [SeasonRecord(1, 4, 3, 6.0), SeasonRecord(2, 2, 1, 3.0)]


def test_the_card_names_each_later_season_where_it_starts() -> None:
    card = stats_card("Alice", stats(True), PATH, SEASONS, {2: "Spring"}, season=SPRING)
    assert card.season_starts == ((4, "Spring"),)
    assert card.points == (2.0, 5.5, 4.25, 6.0, 1.0, 3.0)
    assert card.skill == 9.0 and card.place == "#2 of 9 in Spring"
    assert card.seasons[0] == "Season 1: 4 games · 3 won (75%) · skill 6.0"
    assert ("Loners", "3 (2 made)") in card.numbers


def test_every_figure_of_the_alt_text_is_in_the_text() -> None:
    for season in (SPRING, None):
        found = stats(season is not None)
        card = stats_card("Alice", found, PATH, SEASONS, {2: "Spring"}, season=season)
        embed = stats_embed(7, "Alice", [found], season=season,
                            extras={"euchre": text_lines(card)})
        text = " ".join([str(embed.description), *(str(f.value) for f in embed.fields),
                         str(embed.footer.text)])
        text += " " + " ".join(str(f.name) for f in embed.fields)
        assert set(FIGURE.findall(card_alt(card))) <= set(FIGURE.findall(text))
        assert "lowest 1.0, highest 6.0, now 3.0" in text
