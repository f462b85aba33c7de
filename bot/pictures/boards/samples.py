"""Made-up standings for the README's pictures (``python -m bot.pictures.samples``): a
Euchre leaderboard page asked for by a member off it, a member's Euchre stats card over
two seasons, and a season's closing standings."""

from __future__ import annotations

import random

from .card import StatsCard, render_card
from .leaderboard import BoardPicture, BoardRow, render_leaderboard
from .podium import SeasonPicture, render_season

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy")
LEVELS = (("easy", 17.0), ("normal", 22.0), ("hard", 26.0))
#: The board as it stood before the asking member's last game (Ivan was not on it yet), so
#: that the places moved agree with each other.
EARLIER = ("Bob", "Alice", "Carol", "Erin", "Dave", "Grace", "Frank", "Judy", "Heidi")


def _rows(count: int) -> tuple[BoardRow, ...]:
    """The first ``count`` places of a made-up board, each a little behind the last."""
    rng = random.Random(38)
    rows, skill = [], 24.6
    for place, name in enumerate(NAMES[:count], start=1):
        games = rng.randint(12, 60)
        won = round(rng.uniform(0.4, 0.75) * games) / games
        moved = EARLIER.index(name) + 1 - place if name in EARLIER else None
        rows.append(BoardRow(place, name, round(skill, 1), games, won, moved))
        skill -= rng.uniform(0.6, 2.2)
    return tuple(rows)


def leaderboard_sample() -> bytes:
    """Page 1 of a Euchre board, asked for by Zoe, who is 14th."""
    own = BoardRow(14, "Zoe", 6.3, 21, 10 / 21, 2, own=True)
    board = BoardPicture(
        "Euchre leaderboard", "Spring · current season", _rows(10), own,
        ("Page 1 of 3 · 27 ranked",
         "▲▼ Places moved since just before your last game on this board (new: not on the"
         " board then)."),
        moves_heading="Since last game",
    )
    return render_leaderboard(board)


def card_sample() -> bytes:
    """Alice's Euchre card: 30 games of season 1, then 18 of Spring."""
    rng = random.Random(5)
    points, skill = [], 0.0
    for game in range(48):
        skill = 0.0 if game == 30 else skill
        skill += rng.uniform(-1.2, 1.9)
        points.append(round(skill, 2))
    card = StatsCard(
        "Alice", "Euchre", "#3 of 27 in Spring", points[-1],
        "below the easy computer · settled",
        ("Spring: 18 games · 11 won", "All time: skill 16.2 · 48 games · 27 won (56%) · 431 hands"),
        tuple(points), ((30, "Spring"),), LEVELS,
        ("Season 1: 30 games · 16 won (53%) · skill 13.9",
         f"Spring: 18 games · 11 won (61%) · skill {points[-1]:.1f}"),
        (("Calls", "31 (24 made)"), ("Loners", "5 (3 made)"), ("Times euchred", "7"),
         ("Makers euchred", "12"), ("With Bob", "22 games · 14 won (64%)"),
         ("With Carol", "9 games · 4 won (44%)")),
    )
    return render_card(card)


def season_sample() -> bytes:
    """The closing standings of a Euchre season."""
    season = SeasonPicture(
        "Euchre · Season 1 is over", "Final standings · 27 players ranked", _rows(7),
        ("412 games played", "Most games: Erin (60)",
         "Best pair: Alice & Carol, 9 won of 12 (75%)",
         "Biggest climb: Erin, skill +14.2 from their lowest"),
    )
    return render_season(season)
