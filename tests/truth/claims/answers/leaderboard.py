"""Claims of ``/leaderboard show`` (``🏆 Euchre leaderboard · Season 1``): the board it
names, each row's place, member, skill, games, share won and places moved, the asking
member's own place, the page and count ranked, who the board leaves out, and the empty
board; each against the store's counted results at the moment the message was shown."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta

from tests.truth.claims.answers.stats import (
    NAMES,
    NOTE,
    Finding,
    counted,
    note_finding,
    share_truth,
)
from tests.truth.stored.ratings import Ledger, Standing

TITLE = re.compile(r"^🏆 (?P<game>.+) leaderboard · (?P<scope>.+?)"
                   r"(?: · (?P<players>\d+) players)?$")
ROW = re.compile(r"^(?P<own>Your place: )?(?P<place>🥇|🥈|🥉|\*\*\d+\.\*\*) <@(?P<user>\d+)>"
                 r" — skill \*\*(?P<skill>-?\d+\.\d)\*\* · (?P<games>\d+) games?"
                 r" · (?P<share>\d+)% won(?: · (?P<move>.+))?$")
PAGE = re.compile(r"^Page (?P<page>\d+) of (?P<pages>\d+) · (?P<ranked>\d+) ranked$")
HIDDEN = re.compile(r"^Players with no game in the last (?P<days>\d+) days? are not listed\.$")
EMPTY = re.compile(r"^Nobody has finished a game of (?P<game>.+?) (?:in this server|this season)"
                   r"(?: in the last (?P<days>\d+) days?\.| yet\.) ")
WINDOW = re.compile(r"^▲▼ Places moved (?P<when>since just before your last game on this"
                    r" board|in the last 7 days) \(new: not on the board then\)\.$")
MEDALS = {"🥇": 1, "🥈": 2, "🥉": 3}
#: The first season's name while no moderator has started another.
FIRST_SEASON = "Season 1"
ALL_TIME = "All time"
PAGE_SIZE = 10
WEEK = timedelta(days=7).total_seconds()
#: The store keeps times to the millisecond.
TICK = 0.001


@dataclass(frozen=True)
class Truth:
    """A board as it stood when shown: who it ranks, best first, and since when the
    places moved are counted (None: no asker known)."""

    board: list[Standing]
    days: int
    since: float | None
    since_last_game: bool


def leaderboard_findings(text: str, member: int | None, ledger: Ledger,
                         at: float) -> list[Finding]:
    """(kind, said, truth or None) for each statement of a ``/leaderboard show`` answer
    shown at ``at`` privately to ``member``; nothing for another message, a board of one
    player count, or a server whose seasons have begun (the ledger keeps one board)."""
    lines = [raw.strip() for raw in text.splitlines() if raw.strip()]
    title = TITLE.match(lines[0]) if lines else None
    if title is None or ledger.seasons or title.group("players"):
        return []
    game, scope = title.group("game"), title.group("scope")
    if game not in NAMES:
        return [("leaderboard_title", lines[0], "no such game")]
    variant = NAMES[game]
    truth = board_truth(ledger, variant, member, at)
    found: list[Finding] = [("leaderboard_title", lines[0], None if scope in (
        FIRST_SEASON, ALL_TIME) else f"the board is {FIRST_SEASON} (or {ALL_TIME})")]
    page = 1
    for line in lines[1:]:
        shown = PAGE.match(line)
        if shown:
            page = int(shown.group("page"))
            found.append(page_finding(line, shown, truth.board))
    rows = [text_row(m) for m in map(ROW.match, lines) if m]
    found += rows_findings(rows, truth, page, member, ledger, variant, at)
    for line in lines[1:]:
        found += note_findings(line, truth, member, ledger, variant, at)
    return found


def board_truth(ledger: Ledger, variant: str, member: int | None, at: float) -> Truth:
    """The board at ``at`` without members inactive longer than ``inactive_days``, and
    the moves' window: just before the member's last game on it when that finished in
    the last 7 days, else 7 days ago."""
    days = int(ledger.settings.value("inactive_days", at) or 0)
    board = active(ledger.board(variant, at), days, at)
    mine = ledger.standing(member, variant, at) if member is not None else None
    if member is None:
        return Truth(board, days, None, False)
    if mine is not None and mine.last_played >= at - WEEK - TICK:
        return Truth(board, days, mine.last_played, True)
    return Truth(board, days, at - WEEK, False)


def active(board: list[Standing], days: int, at: float) -> list[Standing]:
    """The members of a board whose last game finished within ``days`` of ``at``."""
    if not days:
        return board
    since = at - timedelta(days=days).total_seconds()
    return [s for s in board if s.last_played >= since - TICK]


def earlier_places(ledger: Ledger, variant: str, truth: Truth, at: float) -> dict[int, int]:
    """Each member's place on the board just before ``truth.since``: only the games that
    finished before then, inactivity counted from then."""
    assert truth.since is not None
    before = replace(ledger, outcomes=[o for o in ledger.outcomes
                                       if o.finished_at < truth.since - TICK / 2])
    board = active(before.board(variant, at), truth.days, truth.since)
    return {s.user_id: n for n, s in enumerate(board, start=1)}


def page_finding(line: str, match: re.Match[str], board: Sequence[Standing]) -> Finding:
    """``Page 1 of 3 · 25 ranked``: members the board ranks, and the pages they fill."""
    ranked = len(board)
    pages = max(1, -(-ranked // PAGE_SIZE))
    truth = counted(int(match.group("ranked")), ranked, "ranked") or counted(
        int(match.group("pages")), pages, "pages") or (
        None if 1 <= int(match.group("page")) <= pages else f"{pages} pages")
    return ("leaderboard_ranked", line, truth)


@dataclass(frozen=True)
class Row:
    """One row as shown: the place, the member, their figures and move (in the text's
    words: ``▲ 2``, ``same place``, ``new``; None: no move shown), whether it is the
    asking member's own line under the page, and the words it was read from."""

    said: str
    place: int
    user: int
    skill: float
    games: int
    share: int
    move: str | None = None
    own: bool = False


def text_row(match: re.Match[str]) -> Row:
    """A row of the text: ``🥇 <@10> — skill **5.5** · 1 game · 100% won · ▲ 2``."""
    place = match.group("place")
    return Row(match.group(0), MEDALS.get(place) or int(place.strip("*.")),
               int(match.group("user")), float(match.group("skill")),
               int(match.group("games")), int(match.group("share")), match.group("move"),
               bool(match.group("own")))


def rows_findings(rows: Sequence[Row], truth: Truth, page: int, member: int | None,
                  ledger: Ledger, variant: str, at: float, kind: str = "leaderboard"
                  ) -> list[Finding]:
    """Each row against the member's standing, and the page's rows against the board's
    members at those places (``kind``: the findings' prefix)."""
    found: list[Finding] = []
    listed = [r for r in rows if not r.own]
    expected = [s.user_id for s in truth.board[(page - 1) * PAGE_SIZE:page * PAGE_SIZE]]
    said = [r.user for r in listed]
    if truth.board or listed:
        found.append((f"{kind}_rows", " / ".join(r.said for r in listed) or "(no rows)",
                      None if said == expected else "listed: " + ", ".join(
                          f"<@{u}>" for u in expected)))
    earlier = (earlier_places(ledger, variant, truth, at)
               if truth.since is not None and any(r.move for r in rows) else {})
    for row in rows:
        found += row_findings(row, truth, member, earlier, kind)
    return found


def row_findings(row: Row, truth: Truth, member: int | None, earlier: dict[int, int],
                 kind: str = "leaderboard") -> list[Finding]:
    """``🥇 <@10> — skill **5.5** · 1 game · 100% won · ▲ 2``: the member's place, skill,
    games and share won (and places moved) on the board as it stood."""
    line = row.said
    places = {s.user_id: n for n, s in enumerate(truth.board, start=1)}
    standing = next((s for s in truth.board if s.user_id == row.user), None)
    if standing is None:
        return [(f"{kind}_place", line, "they are not on the board")]
    found: list[Finding] = [(f"{kind}_place", line,
                             counted(row.place, places[row.user], "place"))]
    if row.own and row.user != member:
        found.append((f"{kind}_place", line, "it is not the asking member's row"))
    found.append((f"{kind}_skill", line, None if abs(row.skill - standing.ordinal) <= 0.05
                  + 1e-9 else f"{standing.ordinal:.3f}"))
    found.append((f"{kind}_games", line, counted(row.games, standing.games, "games counted")
                  or share_truth(row.share, standing.games, standing.wins)))
    if row.move is not None:
        found.append((f"{kind}_moved", line,
                      move_truth(row.move, earlier.get(row.user), places[row.user])))
    return found


def move_truth(said: str, then: int | None, now: int) -> str | None:
    """None when ``▲ 2`` / ``▼ 1`` / ``same place`` / ``new`` is the move from the place
    ``then`` (None: not on the board then) to ``now``."""
    true = "new" if then is None else (
        "same place" if then == now else f"{'▲' if then > now else '▼'} {abs(then - now)}")
    return None if said == true else true


def note_findings(line: str, truth: Truth, member: int | None, ledger: Ledger, variant: str,
                  at: float) -> list[Finding]:
    """The notes under the rows: who the board leaves out, the empty board, the moves'
    window, and the skill footnote (the asking member's wins each raised their skill)."""
    hidden, empty, window = HIDDEN.match(line), EMPTY.match(line), WINDOW.match(line)
    if hidden:
        return [("leaderboard_inactive", line,
                 counted(int(hidden.group("days")), truth.days, "days set")
                 if truth.days else "the server leaves nobody out")]
    if empty:
        days = int(empty.group("days") or 0)
        wrong = (f"{len(truth.board)} ranked" if truth.board else None) or (
            counted(days, truth.days, "days set"))
        return [("leaderboard_empty", line, wrong)]
    if window:
        since_last = window.group("when").startswith("since")
        right = since_last == truth.since_last_game and truth.since is not None
        return [("leaderboard_moves_window", line, None if right else (
            "the asking member's last game here finished in the last 7 days"
            if truth.since_last_game else "the asking member has no game here in 7 days"))]
    note = NOTE.match(line)
    if note and member is not None and ledger.standing(member, variant, at):
        kind, said, wrong = note_finding(note, [], member, ledger, at)
        return [("leaderboard_skill_note", said, wrong)]
    return []
