"""Claims of ``/stats`` (``📊 alice's stats``): the member's games finished and won, and
for each game their place on its leaderboard, their Skill figure, its comparison with
the computer levels and the games it rests on, their games, wins and hands in it; each
against the store's counted results at the moment the message was shown."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import timedelta

from bot.engine import VARIANTS
from bot.ratings import COMPUTER_SKILL
from tests.truth.claims.answers.records import partners_findings, records_findings
from tests.truth.stored.ratings import Ledger, Standing
from tests.truth.stored.timeline import Snapshot

TITLE = re.compile(r"^📊 .+'s stats$")
TOTALS = re.compile(r"^<@(?P<user>\d+)> · (?P<games>\d+) games? · (?P<wins>\d+) won"
                    r" \((?P<share>\d+)%\)$")
FIELD = re.compile(r"^(?P<game>.+?) — (?P<place>.+)$")
PLACE = re.compile(r"^#(?P<place>\d+) of (?P<ranked>\d+)$")
SKILL = re.compile(r"^Skill \*\*(?P<skill>-?\d+\.\d)\*\* \((?P<strength>[^·]+?)"
                   r"(?: · (?P<sureness>.+))?\)$")
GAME_TOTALS = re.compile(r"^(?P<games>\d+) games? · (?P<wins>\d+) won \((?P<share>\d+)%\)"
                         r"(?: · (?P<hands>\d+) hands?)?$")
CHART = re.compile(r"^Skill after each of the last (?P<games>\d+) games?:"
                   r" lowest (?P<low>-?\d+\.\d), highest (?P<high>-?\d+\.\d),"
                   r" now (?P<now>-?\d+\.\d)$")
SETTLING = re.compile(r"^still settling after (?P<games>\d+) games?$")
NOTE = re.compile(r"^Skill is a cautious estimate of how well you play: it starts at 0, rises"
                  r" as you win \(more against strong players\) and settles after about"
                  r" (?P<games>\d+) games against computers, about twice that against other"
                  r" new players\.")
#: How far "about" N games stretches.
ABOUT = 1.25
#: The computer levels a skill is told against, weakest first.
LEVELS = ("easy", "normal", "hard")
NAMES = {info.name: key for key, info in VARIANTS.items()}

Finding = tuple[str, str, str | None]


def stats_findings(text: str, ledger: Ledger, at: float,
                   finals: Mapping[int, Snapshot] | None = None) -> list[Finding]:
    """(kind, said, truth or None) for each statement of a ``/stats`` answer shown at
    ``at`` (``finals``: each table's game replayed to its end, for the records); nothing
    for another message, or for a server whose seasons have begun (its lines say more
    than one board)."""
    lines = [raw.strip() for raw in text.splitlines() if raw.strip()]
    if not lines or not TITLE.match(lines[0]) or ledger.seasons:
        return []
    totals = next((m for m in map(TOTALS.match, lines) if m), None)
    if totals is None:
        return []
    member = int(totals.group("user"))
    found = totals_findings(totals, member, ledger, at)
    variant: str | None = None
    for line in lines:
        note = NOTE.match(line)
        if note:
            found.append(note_finding(note, lines, member, ledger, at))
            continue
        field = FIELD.match(line)
        if field and field.group("game") in NAMES:
            variant = NAMES[field.group("game")]
            found += place_findings(line, field.group("place"), member, variant, ledger, at)
            continue
        if variant is None:
            continue
        more = records_findings(line, member, variant, ledger, finals or {}, at) or (
            partners_findings(line, member, variant, ledger, at))
        if more is not None:
            found += more
            continue
        standing = ledger.standing(member, variant, at)
        skill, games, chart = SKILL.match(line), GAME_TOTALS.match(line), CHART.match(line)
        if chart:
            found += chart_findings(line, chart, ledger, member, variant, at)
        elif skill:
            found += skill_findings(line, skill, standing)
        elif games:
            found += game_findings(line, games, standing, ledger.hands(member, variant, at))
    return found


def share_truth(said: int, games: int, wins: int) -> str | None:
    """None when ``said`` % is wins out of games, rounded."""
    if games == 0:
        return "no games to share out"
    true = 100 * wins / games
    return None if abs(said - true) <= 0.5 else f"{true:.1f}%"


def counted(said: int, true: int, noun: str) -> str | None:
    """None when the number said is the true one."""
    return None if said == true else f"{true} {noun}"


def totals_findings(match: re.Match[str], member: int, ledger: Ledger,
                    at: float) -> list[Finding]:
    """The member's games and wins over every game, and the share won."""
    line = match.group(0)
    standings = [ledger.standing(member, v, at) for v in ledger.variants(member, at)]
    games = sum(s.games for s in standings if s)
    wins = sum(s.wins for s in standings if s)
    return [("stats_games", line, counted(int(match.group("games")), games, "games counted")),
            ("stats_wins", line, counted(int(match.group("wins")), wins, "won")),
            ("stats_share", line, share_truth(int(match.group("share")), games, wins))]


def place_findings(line: str, said: str, member: int, variant: str, ledger: Ledger,
                   at: float) -> list[Finding]:
    """``#1 of 2``: the member's place on the game's board and how many it ranks (those
    whose last game falls inside the server's ``inactive_days``)."""
    match = PLACE.match(said)
    if match is None:
        return []
    days = int(ledger.settings.value("inactive_days", at) or 0)
    since = at - timedelta(days=days).total_seconds() if days else float("-inf")
    board = [s for s in ledger.board(variant, at) if s.last_played >= since]
    places = [n for n, s in enumerate(board, start=1) if s.user_id == member]
    if not places:
        return [("stats_place", line, "they are not on the board")]
    place, ranked = int(match.group("place")), int(match.group("ranked"))
    truth = None if (place, ranked) == (places[0], len(board)) else (
        f"#{places[0]} of {len(board)}")
    return [("stats_place", line, truth)]


def strength(ordinal: float) -> str:
    """Where a skill stands among the computer levels' fixed ratings, in the stats' words."""
    marks = [(level, COMPUTER_SKILL[level].ordinal) for level in LEVELS]
    if ordinal < marks[0][1]:
        return f"below the {marks[0][0]} computer"
    if ordinal >= marks[-1][1]:
        return f"above the {marks[-1][0]} computer"
    below = [level for level, mark in marks if mark <= ordinal][-1]
    above = next(level for level, mark in marks if mark > ordinal)
    return f"between the {below} and {above} computers"


def skill_findings(line: str, match: re.Match[str], standing: Standing | None
                   ) -> list[Finding]:
    """``Skill **5.1** (below the easy computer · still settling after 1 game)``: the
    cautious skill after the member's latest counted game, where it stands among the
    computers, and the games it rests on."""
    if standing is None:
        return [("stats_skill", line, "no game of theirs is counted")]
    said = float(match.group("skill"))
    truth = None if abs(said - standing.ordinal) <= 0.05 + 1e-9 else f"{standing.ordinal:.3f}"
    found = [("stats_skill", line, truth)]
    words = match.group("strength").strip()
    true_words = strength(standing.ordinal)
    found.append(("stats_skill_compared", line, None if words == true_words else true_words))
    settling = SETTLING.match(match.group("sureness") or "")
    if settling:
        found.append(("stats_skill_games", line,
                      counted(int(settling.group("games")), standing.games, "games counted")))
    return found


def game_findings(line: str, match: re.Match[str], standing: Standing | None,
                  hands: int) -> list[Finding]:
    """``1 game · 1 won (100%) · 2 hands``: one game's counted games and wins, and the hands
    the member played in its finished games."""
    if standing is None:
        return [("stats_game_totals", line, "no game of theirs is counted")]
    games, wins = int(match.group("games")), int(match.group("wins"))
    truth = counted(games, standing.games, "games") or counted(wins, standing.wins, "won") or (
        share_truth(int(match.group("share")), standing.games, standing.wins))
    found = [("stats_game_totals", line, truth)]
    if match.group("hands") is not None:
        found.append(("stats_hands", line, counted(int(match.group("hands")), hands, "hands")))
    return found


def chart_findings(line: str, match: re.Match[str], ledger: Ledger, member: int, variant: str,
                   at: float) -> list[Finding]:
    """``Skill after each of the last 3 games: lowest -1.2, highest 5.1, now 5.1``: the
    cautious skill after each of the member's latest counted games of the game."""
    mine = ledger.counted(member, variant, at)
    games = int(match.group("games"))
    if not 0 < games <= len(mine):
        return [("stats_chart", line, f"{len(mine)} games counted")]
    path = [o.ordinal for o in mine[-games:]]
    true = {"low": min(path), "high": max(path), "now": path[-1]}
    wrong = [f"{name} {value:.3f}" for name, value in true.items()
             if abs(float(match.group(name)) - value) > 0.05 + 1e-9]
    return [("stats_chart", line, ", ".join(wrong) or None)]


def note_finding(note: re.Match[str], lines: list[str], member: int, ledger: Ledger,
                 at: float) -> Finding:
    """The footnote ``Skill … starts at 0, rises as you win … settles after about 20
    games against computers, about twice that against other new players``: each counted
    win raised the member's skill over the game before (0 before the first); a Skill line
    still settling is so after at most about twice that many games, and after more than
    about that many only for a member who played other members."""
    wrong = []
    for variant in ledger.variants(member, at):
        before = 0.0
        for outcome in ledger.counted(member, variant, at):
            if outcome.won and outcome.ordinal <= before:
                wrong.append(f"the win at table #{outcome.table_id} left skill at"
                             f" {outcome.ordinal:.2f}, from {before:.2f}")
            before = outcome.ordinal
    settles = int(note.group("games"))
    mine = {o.table_id for o in ledger.outcomes if o.user_id == member and o.counted_at <= at}
    with_people = any(o.table_id in mine and o.user_id != member for o in ledger.outcomes)
    for line in lines:
        skill = SKILL.match(line)
        settling = SETTLING.match((skill.group("sureness") or "") if skill else "")
        games = int(settling.group("games")) if settling else 0
        if games > 2 * settles * ABOUT or (games > settles * ABOUT and not with_people):
            wrong.append(f"{line!r}: still settling after {games} games"
                         + ("" if with_people else " against computers only"))
    return ("stats_skill_note", note.group(0), "; ".join(wrong) or None)
