"""Claims of a tournament's messages: a round table's round and number, and the
standings (each member's total, their score in each round, rounds won and place), with
the truth taken from the round tables' games replayed."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tests.truth.stored.store import StoredRound
from tests.truth.stored.timeline import Snapshot

STANDING = re.compile(
    r"^`\s*(?P<place>\d+)\.` \*\*(?P<name>.+?)\*\* — (?P<total>-?\d+) points?"
    r"(?: \(by round: (?P<rounds>[-\d ·bye]+)\))?(?: · (?P<won>\d+) rounds? won)?"
)
ROUND_TABLE = re.compile(r"\*\*(?P<name>.+) · round (?P<round>\d+) · table (?P<no>\d+)\*\* "
                         r"\(table #(?P<id>\d+)\)")


@dataclass(frozen=True)
class Tournament:
    """A tournament's round tables and each one's final state."""

    rounds: list[StoredRound]
    finals: Mapping[int, Snapshot]  # table id → its last state
    user_ids: Mapping[str, int]  # member name → id
    upto: int = 1_000  # standings count the rounds up to this one
    finished: frozenset[int] = frozenset()  # the tables whose games were played out
    byes: Mapping[int, Sequence[int]] = field(default_factory=dict)  # round → its byes

    def rounds_complete(self) -> int:
        """How many rounds were played out: every table of each finished."""
        complete = 0
        for number in sorted({r.round for r in self.rounds}):
            tables = [r.table_id for r in self.rounds if r.round == number]
            if not all(t in self.finished for t in tables):
                break
            complete = number
        return complete

    def counted(self) -> list[StoredRound]:
        """The round tables the standings count, in round order."""
        return sorted((r for r in self.rounds if r.round <= self.upto), key=lambda r: r.round)

    def takes_part(self, user: int) -> bool:
        """Whether the member sat at a round table counted, or had a bye in its round."""
        return any(user in r.seats or user in self.byes.get(r.round, ())
                   for r in self.counted())

    def round_scores(self, user: int) -> list[int]:
        """The member's score in each round counted (see :meth:`by_round`)."""
        return [score for score, _ in self.by_round(user)]

    def by_round(self, user: int) -> list[tuple[int, bool]]:
        """(score, whether a bye) in each round counted: their side's score at their
        table; for a bye, the round's average over the people who sat, halves up; 0 for a
        round they had no part in."""
        found = []
        for number in sorted({r.round for r in self.counted()}):
            tables = [r for r in self.counted() if r.round == number]
            if user in self.byes.get(number, ()):
                sat = [score for r in tables for who in r.seats if who is not None
                       for score in [self.side_score(r, who)] if score is not None]
                average = math.floor(Fraction(sum(sat), len(sat)) + Fraction(1, 2)) if sat else 0
                found.append((average, True))
                continue
            scores = [self.side_score(r, user) for r in tables if user in r.seats]
            found.append((next((s for s in scores if s is not None), 0), False))
        return found

    def side_score(self, played: StoredRound, user: int) -> int | None:
        """The score of the member's side at that round table as its game ended."""
        final = self.finals.get(played.table_id or -1)
        if final is None:
            return None
        seat = played.seats.index(user)
        side = next(n for n, seats in enumerate(final.public["sides"]) if seat in seats)
        return int(final.public["scores"][side])

    def rounds_won(self, user: int) -> int:
        """The rounds in which the member's side scored strictly the most at its table."""
        won = 0
        for played in self.counted():
            final = self.finals.get(played.table_id or -1)
            if final is None or user not in played.seats:
                continue
            seat = played.seats.index(user)
            scores = final.public["scores"]
            side = next(n for n, seats in enumerate(final.public["sides"]) if seat in seats)
            won += scores[side] > max(s for n, s in enumerate(scores) if n != side)
        return won


def standing_claims(line: str, tournament: Tournament) -> list[tuple[str, str | None]] | None:
    """(kind, truth or None) for ``` 1.` **bob** — 32 (4 · 28) · 1 round won``."""
    match = STANDING.match(line)
    user = tournament.user_ids.get(match.group("name")) if match else None
    if match is None or user is None:
        return None
    rounds = tournament.round_scores(user)
    found: list[tuple[str, str | None]] = []
    total = int(match.group("total"))
    found.append(("standing_total", None if total == sum(rounds) else f"{sum(rounds)}"))
    if match.group("rounds"):
        said = [(int(n.removeprefix("bye ")), n.startswith("bye "))
                for n in match.group("rounds").split(" · ")]
        true = tournament.by_round(user)
        found.append(("standing_rounds", None if said == true else " · ".join(
            f"bye {score}" if bye else str(score) for score, bye in true)))
    if match.group("won"):
        won = tournament.rounds_won(user)
        found.append(("standing_won", None if int(match.group("won")) == won else f"{won}"))
    totals = [sum(tournament.round_scores(u)) for u in tournament.user_ids.values()
              if tournament.takes_part(u)]
    above = sum(1 for t in totals if t > sum(rounds))
    level = sum(1 for t in totals if t == sum(rounds))  # themselves included
    place = int(match.group("place"))
    # A tie broken ("behind on loners made") may place them anywhere among the level.
    places = range(above + 1, above + level + 1) if "· behind on " in line else [above + 1]
    found.append(("standing_place",
                  None if place in places else f"place {above + 1} (level with {level - 1})"))
    return found


def round_table_claims(line: str, rounds: list[StoredRound]
                       ) -> list[tuple[str, str | None]] | None:
    """``🏆 **Night · round 1 · table 1** (table #5) is on``: that table's round and
    number as stored."""
    match = ROUND_TABLE.search(line)
    if match is None:
        return None
    table_id = int(match.group("id"))
    stored = next((r for r in rounds if r.table_id == table_id), None)
    if stored is None:
        return [("round_table", f"table #{table_id} is no tournament's")]
    said = (int(match.group("round")), int(match.group("no")))
    true = (stored.round, stored.table_no)
    return [("round_table", None if said == true else f"round {true[0]}, table {true[1]}")]


HEADING = re.compile(r"^🏆 (?P<name>.+?) — (?:final standings|standings after round (?P<after>\d+)"
                     r"|Round (?P<round>\d+) of \d+)")


ENDED = re.compile(r"^(?:(?P<name>.+?) is ended after round (?P<round>\d+)\b"
                   r"|.*\*\*(?P<bold>.+?)\*\*.*\(ended after round (?P<of>\d+) of \d+\))")


def about_tournament(text: str, title: str) -> bool:
    """Whether a message speaks of a tournament: its standings, rounds or round tables."""
    return bool(HEADING.match(title) or ROUND_TABLE.search(text) or any(
        ENDED.match(line) for line in text.splitlines()))


def ended_claims(line: str, tournaments: Mapping[str, Tournament]
                 ) -> list[tuple[str, str | None]] | None:
    """``Night is ended after round 2`` / ``(ended after round 2 of 3)``: that many rounds
    were played out."""
    match = ENDED.match(line)
    name = (match.group("name") or match.group("bold")) if match else None
    tournament = tournaments.get(name or "")
    if match is None or tournament is None:
        return None
    said = int(match.group("round") or match.group("of"))
    complete = tournament.rounds_complete()
    return [("tournament_ended", None if said == complete else (
        f"{complete} round(s) were played out; round {complete + 1} was under way"))]


def titled(title: str, tournaments: Mapping[str, Tournament]) -> Tournament | None:
    """The tournament a message's title names, its standings counting the rounds the
    title says (``final standings``: every round); None for another title."""
    heading = HEADING.match(title)
    tournament = tournaments.get(heading.group("name")) if heading else None
    if heading is None or tournament is None:
        return None
    after = heading.group("after") or (
        int(heading.group("round")) - 1 if heading.group("round") else None)
    return Tournament(tournament.rounds, tournament.finals, tournament.user_ids,
                      int(after) if after is not None else 1_000,
                      tournament.finished, tournament.byes)


def tournament_findings(text: str, title: str, tournaments: Mapping[str, Tournament],
                        rounds: list[StoredRound]
                        ) -> tuple[list[tuple[str, str, str | None]], list[str]]:
    """(kind, said, truth or None) for each tournament statement of a message, and the
    lines no checker reads."""
    found: list[tuple[str, str, str | None]] = []
    unread: list[str] = []
    tournament = titled(title, tournaments)
    for line in filter(None, (raw.strip() for raw in text.splitlines())):
        claims = round_table_claims(line, rounds) or ended_claims(line, tournaments) or (
            standing_claims(line, tournament) if tournament is not None else None)
        if claims is None:
            unread.append(line)
        else:
            found += [(kind, line, truth) for kind, truth in claims]
    return found, unread
