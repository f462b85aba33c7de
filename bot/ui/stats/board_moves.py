"""How many places each member of a leaderboard page has moved, and since when.

The earlier board is the one just before the asking member's last game on it, when that
game finished in the last 7 days; otherwise (an older last game, or none) the board of 7
days ago. So a member who just played sees what their game and everyone's since did to
the board, and anyone else sees the week's moves. A past season's final standings no
longer move: they show no moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.store.standings.stats import LeaderboardEntry

WEEK = timedelta(days=7)
NEW = "new"
SAME = "same place"


@dataclass(frozen=True)
class MovesWindow:
    """Since when a page's moves are counted (ISO time), and whether that is just before
    the asking member's last game (else it is 7 days ago)."""

    since: str
    since_last_game: bool

    @property
    def heading(self) -> str:
        """The picture's column heading."""
        return "Since last game" if self.since_last_game else "Last 7 days"

    @property
    def note(self) -> str:
        """What the moves mean, under the picture and the text."""
        when = (
            "since just before your last game on this board"
            if self.since_last_game
            else "in the last 7 days"
        )
        return f"▲▼ Places moved {when} ({NEW}: not on the board then)."


def moves_window(now: datetime, asker_last_played: str | None) -> MovesWindow:
    """The window of a page asked for at ``now`` by a member whose last game on the
    board finished at ``asker_last_played`` (None: they have none)."""
    week_ago = (now.astimezone(UTC) - WEEK).isoformat(timespec="milliseconds")
    if asker_last_played and asker_last_played >= week_ago:
        return MovesWindow(asker_last_played, True)
    return MovesWindow(week_ago, False)


def places_moved(
    entries: Sequence[LeaderboardEntry], earlier: Mapping[int, int | None]
) -> dict[int, int | None]:
    """Per listed member, places gained (negative: lost) since the earlier board; None
    for one not listed then."""
    moved: dict[int, int | None] = {}
    for entry in entries:
        user = entry.rating.user_id
        if user is None or user not in earlier:
            continue
        then = earlier[user]
        moved[user] = None if then is None else then - entry.place
    return moved


def move_text(places: int | None) -> str:
    """``▲ 2``, ``▼ 1``, ``same place`` or ``new``: a row's move in the text answer."""
    if places is None:
        return NEW
    if places == 0:
        return SAME
    return f"{'▲' if places > 0 else '▼'} {abs(places)}"


def move_alt(places: int | None) -> str:
    """``up 2 places``, ``down 1 place``, ``same place`` or ``new``: in the alt text."""
    if places is None or places == 0:
        return move_text(places)
    count = abs(places)
    return f"{'up' if places > 0 else 'down'} {count} place{'' if count == 1 else 's'}"
