"""A member's stats card for one game, built from the same stored results as ``/stats``'s
text: the view the drawing workers draw (:class:`bot.pictures.boards.card.StatsCard`),
its alt text, and the lines the text adds so that it holds every figure the card shows
(the chart's range and the record by season)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.pictures.boards.card import StatsCard
from bot.ratings import COMPUTER_SKILL
from bot.store.standings.paths import PathPoint, SeasonRecord
from bot.store.standings.seasons import Season
from bot.store.standings.stats import PlayerGameStats
from bot.ui.stats.message import game_name, place_text, record_items
from bot.ui.stats.skill import LEVELS, count_of, skill_words


def card_file(variant: str) -> str:
    """The card's file name: ``stats-euchre.png``."""
    return f"stats-{variant.replace('_', '-')}.png"


def season_name(number: int, names: Mapping[int, str]) -> str:
    """A season's name (``Season 1`` for the first, which may have no stored row)."""
    return names.get(number) or f"Season {number}"


def season_line(record: SeasonRecord, names: Mapping[int, str]) -> str:
    """``Spring: 18 games · 11 won (61%) · skill 12.0``."""
    share = record.wins / record.games if record.games else 0.0
    return (
        f"{season_name(record.season, names)}: {count_of(record.games, 'game')} · "
        f"{record.wins} won ({share:.0%}) · skill {record.skill:.1f}"
    )


def chart_line(points: Sequence[float]) -> str:
    """``Skill after each of the last 48 games: lowest -1.2, highest 12.3, now 8.9``."""
    if not points:
        return "No game counted yet for the chart."
    return (
        f"Skill after each of the last {count_of(len(points), 'game')}: lowest "
        f"{min(points):.1f}, highest {max(points):.1f}, now {points[-1]:.1f}"
    )


def card_lines(stats: PlayerGameStats, season: Season | None) -> tuple[float, str, list[str]]:
    """The skill the card leads with, its words, and the lines of games and wins."""
    rating = stats.rating
    totals = (
        f"{count_of(rating.games, 'game')} · {rating.wins} won ({rating.win_rate:.0%}) · "
        f"{count_of(stats.hands_played, 'hand')}"
    )
    now = stats.season_rating if season is not None else None
    if season is None or now is None:
        words = skill_words(rating.ordinal, rating.skill.sigma, rating.games)
        lines = [totals] if season is None else [f"No game in {season.name} yet",
                                                 f"All time: {totals}"]
        return rating.ordinal, words, lines
    words = skill_words(now.ordinal, now.skill.sigma, now.games)
    this_season = f"{season.name}: {count_of(now.games, 'game')} · {now.wins} won"
    return now.ordinal, words, [this_season, f"All time: skill {rating.ordinal:.1f} · {totals}"]


def stats_card(
    name: str,
    stats: PlayerGameStats,
    path: Sequence[PathPoint],
    seasons: Sequence[SeasonRecord],
    season_names: Mapping[int, str],
    *,
    season: Season | None = None,
    inactive_days: int = 0,
) -> StatsCard:
    """The card of one game: ``season`` is the current season once a server has started
    a second (None before), as for the text."""
    skill, words, lines = card_lines(stats, season)
    starts = tuple(
        (i, season_name(point.season, season_names))
        for i, point in enumerate(path)
        if i and point.season != path[i - 1].season
    )
    return StatsCard(
        name=name,
        game=game_name(stats.variant),
        place=place_text(stats, season, inactive_days),
        skill=skill,
        words=words,
        lines=tuple(lines),
        points=tuple(p.skill for p in path),
        season_starts=starts,
        levels=tuple((level, COMPUTER_SKILL[level].ordinal) for level in LEVELS),
        seasons=tuple(season_line(r, season_names) for r in seasons) if season else (),
        numbers=tuple(record_items(stats.variant, stats.records, stats.calls_kept)),
    )


def text_lines(card: StatsCard) -> list[str]:
    """What the text adds to the game's field so it holds every figure of the card."""
    lines = [chart_line(card.points)]
    if card.seasons:
        lines.append("By season: " + " — ".join(card.seasons))
    return lines


def card_alt(card: StatsCard) -> str:
    """The card's alt text: every figure it shows, in words."""
    parts = [
        f"{card.name}'s {card.game} card: {card.place}",
        f"skill {card.skill:.1f}, {card.words}",
        *card.lines,
        chart_line(card.points) + " (computer levels: "
        + ", ".join(f"{level} {skill:.0f}" for level, skill in card.levels) + ")",
        *card.seasons,
        *(f"{label} {value}" for label, value in card.numbers),
    ]
    return ". ".join(parts) + "."
