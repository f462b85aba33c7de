"""Messages about seasons: the list with each game's winner, starting a season, and /stats
once a server has seasons (this season's place and skill, all time, why someone is off)."""

from __future__ import annotations

from bot.store.standings.ratings import RatingRecord
from bot.store.standings.seasons import Season, first_season
from bot.store.standings.stats import LeaderboardEntry, PlayerGameStats
from bot.store.standings.values import SeatRecords, Skill
from bot.ui.stats.message import stats_embed
from bot.ui.stats.seasons import (
    LISTED_SEASONS,
    announcement_embed,
    seasons_embed,
    started_text,
)

GUILD = 7
OLD = Season(GUILD, 1, "Season 1", "", "2026-01-10T12:00:00.000+00:00")
NOW = Season(GUILD, 2, "Spring *2026*", "2026-01-10T12:00:00.000+00:00")


def rating(user: int, mu: float, games: int, wins: int, last: str = "") -> RatingRecord:
    return RatingRecord(GUILD, "euchre", user, None, Skill(mu, 3.0), games, wins, last_played=last)


def test_the_list_shows_each_season_with_its_winners() -> None:
    leaders = {
        2: [("euchre", LeaderboardEntry(1, rating(5, 30, 3, 3)))],
        1: [
            ("euchre", LeaderboardEntry(1, rating(6, 31, 9, 7))),
            ("flip", LeaderboardEntry(1, rating(5, 25, 2, 1))),
        ],
    }
    embed = seasons_embed([NOW, OLD], leaders)
    assert [f.name for f in embed.fields] == ["Spring *2026* (season 2) · current", "Season 1"]
    current, past = (f.value or "" for f in embed.fields)
    assert current.startswith("Running from <t:1768046400:D> until now.")
    assert "Euchre: leading: <@5>, skill 21.0 (3 games)" in current
    assert past.startswith("Ran from the first game to <t:1768046400:D>.")
    assert "Euchre: 🏆 <@6>, skill 22.0 (9 games)" in past and "Flip Euchre: 🏆 <@5>" in past
    assert "/leaderboard show season:" in (embed.footer.text or "")


def test_a_first_season_and_seasons_without_games() -> None:
    embed = seasons_embed([first_season(GUILD)], {})
    assert "first season" in (embed.description or "") and "/season start" in (
        embed.description or ""
    )
    assert "No games finished yet." in (embed.fields[0].value or "")
    many = [Season(GUILD, n, f"S{n}", "2026-01-01T00:00:00+00:00", None) for n in range(15, 0, -1)]
    listed = seasons_embed(many, {})
    assert len(listed.fields) == LISTED_SEASONS and "5 earlier seasons not shown" in (
        listed.footer.text or ""
    )


def test_starting_a_season_says_what_closed_and_where_its_standings_are() -> None:
    text = started_text(OLD, NOW)
    assert text.startswith("**Spring \\*2026\\*** (season 2) has begun")
    assert "**Season 1** is closed" in text and "`/leaderboard show season:Season 1`" in text
    embed = announcement_embed(OLD, NOW, [("euchre", LeaderboardEntry(1, rating(6, 31, 9, 7)))])
    assert embed.title == "🏁 A new season has begun: Spring *2026*"
    assert embed.fields[0].name == "Winners of Season 1"
    assert "Euchre: 🏆 <@6>" in (embed.fields[0].value or "")
    assert not announcement_embed(OLD, NOW, []).fields


def game(season: RatingRecord | None, place: int | None) -> PlayerGameStats:
    return PlayerGameStats("euchre", rating(5, 28, 12, 8), season, place, 9, SeatRecords(), 40)


def test_stats_with_seasons_show_this_season_and_all_time() -> None:
    embed = stats_embed(5, "Alice", [game(rating(5, 30, 3, 3), 2)], season=NOW)
    assert embed.fields[0].name == "Euchre — #2 of 9 in Spring *2026*"
    lines = (embed.fields[0].value or "").splitlines()
    assert lines[0].startswith("Spring *2026*: skill **21.0** (") and "3 games · 3 won" in lines[0]
    assert lines[1] == "All time: skill **19.0** · 12 games · 8 won (67%) · 40 hands"
    assert "12 games · 8 won (67%) all time" in (embed.description or "")


def test_stats_say_why_a_member_is_off_the_leaderboard() -> None:
    fresh = stats_embed(5, "Alice", [game(None, None)], season=NOW)
    assert fresh.fields[0].name == "Euchre — no game in Spring *2026* yet"
    assert (fresh.fields[0].value or "").startswith("All time: skill **19.0**")
    away = rating(5, 30, 3, 3, last="2026-01-01T00:00:00.000+00:00")
    gone = stats_embed(5, "Alice", [game(away, None)], season=NOW, inactive_days=30)
    assert gone.fields[0].name == "Euchre — off the leaderboard: no game in the last 30 days"
    assert "Last game <t:1767225600:R>" in (gone.fields[0].value or "")
    single = stats_embed(5, "Alice", [game(away, None)], inactive_days=1)
    assert single.fields[0].name == "Euchre — off the leaderboard: no game in the last 1 day"
    assert (single.fields[0].value or "").startswith("Skill **19.0**")  # one season: one skill
