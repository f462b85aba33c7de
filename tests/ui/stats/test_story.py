"""A season's story of one game: the text lists the places the picture shows and the
season's figures, every figure of the alt text is the text's, names as the picture shows
them (a former member stays one)."""

from __future__ import annotations

import re

from bot.store.standings.pairs import PairEntry
from bot.store.standings.ratings import RatingRecord
from bot.store.standings.seasons import Season
from bot.store.standings.stats import LeaderboardEntry
from bot.store.standings.story import SeasonFigures
from bot.store.standings.values import Skill
from bot.ui.stats.story import story_alt, story_embed, story_picture

GUILD = 123456789012345678
CLOSED = Season(GUILD, 1, "Season 1", "", "2026-02-01T00:00:00.000+00:00")
FIGURE = re.compile(r"\d+(?:\.\d+)?")
ENTRIES = [
    LeaderboardEntry(i + 1, RatingRecord(GUILD, "euchre", user, None, Skill(30 - i, 3), 9 - i,
                                         5 - i // 2))
    for i, user in enumerate((11, -12, 13, 14, 15))
]
FIGURES = SeasonFigures(40, (11, 9), PairEntry(1, 11, 13, 6, 5), (14, 7.25))
NAMES = {11: "Alice", 13: "Carol", 14: "Dave", 15: "Erin"}


def test_the_text_holds_every_figure_of_the_picture() -> None:
    embed = story_embed("euchre", CLOSED, ENTRIES, 5, FIGURES)
    picture = story_picture("euchre", CLOSED, ENTRIES, 5, FIGURES, NAMES)
    text = f"{embed.title}\n{embed.description}"
    assert "40 games played" in text and "Most games: <@11> (9)" in text
    assert "Best pair: <@11> & <@13>, 5 won of 6 (83%)" in text
    assert "Biggest climb: <@14>, skill +7.2 from their lowest" in text
    alt = story_alt(picture)
    assert alt.startswith("Euchre · Season 1 is over. Final standings · 5 players ranked: ")
    assert "#2 former member, skill 20.0, 8 games" in alt
    assert "Best pair: Alice & Carol, 5 won of 6 (83%)" in alt
    places = re.sub(r"#\d+ ", "", alt)  # the text shows the top three's places as medals
    assert set(FIGURE.findall(places)) <= set(FIGURE.findall(text))


def test_a_season_without_pairs_or_climbs_tells_what_there_is() -> None:
    quiet = SeasonFigures(1, (11, 1), None, None)
    text = str(story_embed("flip", CLOSED, ENTRIES[:1], 1, quiet).description)
    assert "1 game played" in text and "Best pair" not in text and "Biggest climb" not in text
