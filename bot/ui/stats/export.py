"""``/leaderboard export``: a board's standings as a CSV file for moderators.

Written with :mod:`csv` (a name with a comma, a quote or a line break is quoted as RFC 4180
says) and encoded UTF-8 with a byte-order mark, so spreadsheet programs read names in any
script correctly. A display name is text the member chose: one that starts like a formula
(``=``, ``+``, ``-``, ``@``, a tab or a carriage return, even after spaces) gets a leading
apostrophe, so a spreadsheet shows it as text instead of running it (CSV injection).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from bot.store.standings.stats import LeaderboardEntry
from bot.ui.names import FORMER_MEMBER
from bot.ui.stats.boards import ShownBoard
from bot.ui.stats.leaderboard import inactivity_note
from bot.ui.stats.skill import count_of

HEADER = (
    "place",
    "member id",
    "display name",
    "skill",
    "mu",
    "sigma",
    "games",
    "wins",
    "win rate (%)",
    "last game (UTC)",
)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
ENCODING = "utf-8-sig"


def spreadsheet_safe(text: str) -> str:
    """``text``, with a leading apostrophe if a spreadsheet would read it as a formula."""
    if text.startswith(FORMULA_START) or text.lstrip(" ").startswith(FORMULA_START):
        return "'" + text
    return text


def utc_time(iso: str) -> str:
    """``2025-03-01 18:04:05`` for a stored ISO time (empty if unreadable)."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return ""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def standings_row(entry: LeaderboardEntry, names: Mapping[int, str]) -> list[str | int]:
    """One CSV row: a member's place and rating (a former member without id or name)."""
    rating = entry.rating
    user_id = rating.user_id if rating.user_id is not None else 0
    former = user_id < 0
    name = FORMER_MEMBER if former else names.get(user_id, "")
    return [
        entry.place,
        "" if former else str(user_id),
        spreadsheet_safe(name),
        f"{rating.ordinal:.2f}",
        f"{rating.skill.mu:.3f}",
        f"{rating.skill.sigma:.3f}",
        rating.games,
        rating.wins,
        f"{rating.win_rate * 100:.1f}",
        utc_time(rating.last_played),
    ]


def standings_csv(entries: Sequence[LeaderboardEntry], names: Mapping[int, str]) -> bytes:
    """The CSV file: a header row, then one row per member, best first."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(HEADER)
    writer.writerows(standings_row(entry, names) for entry in entries)
    return out.getvalue().encode(ENCODING)


def export_filename(shown: ShownBoard) -> str:
    """``bower-euchre-season-2.csv``, ``bower-flip-6-players-all-time.csv``."""
    parts = ["bower", shown.variant.replace("_", "-")]
    if shown.players:
        parts.append(f"{shown.players}-players")
    parts.append("all-time" if shown.season is None else f"season-{shown.season.number}")
    return re.sub(r"[^a-z0-9-]", "", "-".join(parts)) + ".csv"


def export_text(shown: ShownBoard, count: int) -> str:
    """The private message the file comes with (or, with nobody listed, instead of it)."""
    board = f"{shown.game} · {shown.scope}" + (
        f" · {shown.players} players" if shown.players else ""
    )
    note = inactivity_note(shown)
    if not count:
        text = f"Nobody is on the **{board}** leaderboard, so there is nothing to export."
    else:
        text = (
            f"Standings of the **{board}** leaderboard: {count_of(count, 'player')}, best "
            "first. Display names are filled in for members Bower knows by name."
        )
    return f"{text} {note}" if note else text
