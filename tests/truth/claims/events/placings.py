"""Claims of ``/history``'s tournament lines (``🥇 1st of 2 · **Night** (Euchre,
progressive) · 2 points · ended early · <t:…:R>``): the member's place and how many the
final standings rank, the tournament's game and format, the member's points, whether it
ended before its last round was played out, and when it ended; the standings from the
round tables' games replayed."""

from __future__ import annotations

import re

from bot.engine import VARIANTS
from tests.truth.claims.events.ending import totals
from tests.truth.claims.events.records import Finding, Records, said_is
from tests.truth.stored.events import StoredTournament

PLACING = re.compile(
    r"^(?P<medal>🥇|🥈|🥉|▫️) (?P<place>\d+)(?:st|nd|rd|th) of (?P<ranked>\d+)"
    r" · \*\*(?P<name>.+?)\*\* \((?P<game>.+?), (?P<format>[^)]+)\)"
    r" · (?P<points>-?\d+) points?(?P<ended> · ended early)?(?: · <t:(?P<when>\d+):R>)?$")
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
HISTORY_TITLE = re.compile(r"^🕘 .+'s recent games$")
HEADING = "🏆 Tournaments"
SHOWN = 5  # the newest tournaments /history lists


def placing_findings(text: str, member: int | None, records: Records,
                     at: float) -> list[Finding]:
    """(kind, said, truth or None) for each tournament line of a ``/history`` answer shown
    at ``at``, and for its ``🏆 Tournaments`` part as a whole."""
    found: list[Finding] = listing_findings(text, member, records, at)
    for line in (raw.strip() for raw in text.splitlines()):
        match = PLACING.match(line)
        if match is None or member is None:
            continue
        tournament = records.named(match.group("name"))
        if tournament is None:
            found.append(("history_tournament", line, "no tournament has that name"))
            continue
        found.append(said_is("history_tournament", line, kind_wrong(match, tournament)))
        found.append(said_is("history_placing", line,
                             placing_wrong(match, member, tournament, records)))
        found.append(said_is("history_tournament_end", line,
                             end_wrong(match, tournament, records)))
    return found


def kind_wrong(match: re.Match[str], tournament: StoredTournament) -> list[str]:
    """What is wrong in the tournament's game and format."""
    game = VARIANTS[tournament.variant].name if tournament.variant in VARIANTS else "?"
    wrong = [] if match.group("game") == game else [f"its game is {game}"]
    return wrong + ([] if match.group("format") == tournament.format else [
        f"its format is {tournament.format}"])


def placing_wrong(match: re.Match[str], member: int, tournament: StoredTournament,
                  records: Records) -> list[str]:
    """What is wrong in the member's place (any among those level on their total: the
    tie-breaks are not told), its medal, the number ranked and the member's points."""
    scores = totals(tournament, records)
    if member not in scores:
        return ["they are not in its standings"]
    mine = scores[member]
    above = sum(1 for total in scores.values() if total > mine)
    level = sum(1 for total in scores.values() if total == mine)
    place = int(match.group("place"))
    wrong = [] if above < place <= above + level else [
        f"place {above + 1}" + (f" to {above + level}" if level > 1 else "")]
    if match.group("medal") != MEDALS.get(place, "▫️"):
        wrong.append(f"place {place}'s medal is {MEDALS.get(place, '▫️')}")
    if int(match.group("ranked")) != len(scores):
        wrong.append(f"{len(scores)} ranked")
    return wrong + ([] if int(match.group("points")) == mine else [f"{mine} points"])


def end_wrong(match: re.Match[str], tournament: StoredTournament,
              records: Records) -> list[str]:
    """What is wrong in ``ended early`` (said exactly when fewer rounds were played out
    than planned) and in the time it ended."""
    if tournament.finished_at is None:
        return ["it has not ended"]
    played = records.rounds_over(tournament, tournament.finished_at)
    early = played < tournament.rounds
    wrong = [] if bool(match.group("ended")) == early else [
        f"{played} of {tournament.rounds} rounds were played out"]
    when = match.group("when")
    if when is not None and abs(int(when) - tournament.finished_at) > 1:
        wrong.append(f"it ended at {tournament.finished_at:.0f}")
    return wrong


def listing_findings(text: str, member: int | None, records: Records,
                     at: float) -> list[Finding]:
    """``🏆 Tournaments`` heads the member's newest ended tournaments (up to five), newest
    first; a ``/history`` answer without it says they have ended none."""
    lines = [raw.strip() for raw in text.splitlines() if raw.strip()]
    if member is None or not lines or not HISTORY_TITLE.match(lines[0]):
        return []
    listed = [m.group("name") for m in map(PLACING.match, lines) if m is not None]
    ended = sorted((t for t in records.tournaments if t.finished_at is not None
                    and t.finished_at <= at and member in totals(t, records)),
                   key=lambda t: t.id, reverse=True)
    truly = [t.name for t in ended[:SHOWN]]
    said = HEADING if HEADING in lines else lines[0]
    if listed == truly and (HEADING in lines) == bool(truly):
        return [("history_tournaments", said, None)]
    return [("history_tournaments", said, f"their ended tournaments, newest first: {truly}")]
