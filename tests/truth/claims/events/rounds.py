"""Claims of a tournament's round and standings messages: the heading (``🏆 Night —
Round 1 of 2``, ``— final standings``), the hands each table plays, ``Standings after
round 1``, the footer's promise of a My table button, and the standings' footer."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tests.truth.claims.events.ending import ending_finding
from tests.truth.claims.events.records import Finding, Records, said_is
from tests.truth.claims.events.seating import seating_finding
from tests.truth.claims.events.signup import FOOTER, game_line
from tests.truth.stored.events import StoredTournament

ROUND_HEADING = re.compile(r"^🏆 (?P<name>.+) — Round (?P<round>\d+) of (?P<of>\d+)$")
FINAL_HEADING = re.compile(r"^🏆 (?P<name>.+) — final standings$")
HANDS = re.compile(r"^Each table plays (?P<hands>\d+) hands?\.")
AFTER = re.compile(r"^Standings after round (?P<round>\d+)$")
MY_TABLE = "My table tells you privately where you sit this round."
SEAT_BUTTON = re.compile(r"^bower-tour:seat:(?P<id>\d+):(?P<round>\d+)$")


def announcement_findings(title: str, lines: Sequence[str],
                          controls: tuple[tuple[str, str], ...], at: float, records: Records
                          ) -> tuple[list[Finding], list[str]]:
    """The findings of a round or standings message's lines no other checker read, and
    the lines left unread."""
    heading = ROUND_HEADING.match(title) or FINAL_HEADING.match(title)
    tournament = records.named(heading.group("name")) if heading else None
    if heading is None or tournament is None:
        return [], list(lines)
    number = int(heading.group("round")) if "round" in heading.groupdict() else None
    found: list[Finding] = []
    unread: list[str] = []
    for line in lines:
        finding = read_line(line, tournament, number, controls, at, records)
        if finding is None:
            unread.append(line)
        else:
            found.append(finding)
    return found, unread


def read_line(line: str, tournament: StoredTournament, number: int | None,
              controls: tuple[tuple[str, str], ...], at: float, records: Records
              ) -> Finding | None:
    """One line's finding, or None if it is none of these."""
    if ROUND_HEADING.match(line):
        return round_heading(line, tournament, at, records)
    if FINAL_HEADING.match(line):
        return final_heading(line, tournament, at, records)
    hands, after, footer = HANDS.match(line), AFTER.match(line), FOOTER.match(line)
    if hands and number is not None:
        return round_hands(line, int(hands.group("hands")), tournament, number, records)
    if after and number is not None:
        return standings_after(line, int(after.group("round")), tournament, number, at,
                               records)
    if line == MY_TABLE and number is not None:
        return my_table(line, controls, tournament, number)
    if number is not None and (seated := seating_finding(line, tournament, number, records)):
        return seated
    if ending := ending_finding(line, records):
        return ending
    if footer:
        wrong = game_line(footer.group("state"), tournament)
        if int(footer.group("id")) != tournament.id:
            wrong = f"{tournament.name} is tournament {tournament.id}"
        return said_is("standings_footer", line, wrong)
    return None


def round_heading(line: str, tournament: StoredTournament, at: float, records: Records
                  ) -> Finding:
    """``🏆 Night — Round 2 of 3``: that round had opened, of that many."""
    match = ROUND_HEADING.match(line)
    assert match is not None
    number, of = int(match.group("round")), int(match.group("of"))
    wrong = []
    if of != tournament.rounds:
        wrong.append(f"it has {tournament.rounds} rounds")
    opened = records.rounds_opened(tournament, at)
    if number > opened:
        wrong.append(f"round {opened} was the newest open" if opened else "no round was open")
    return said_is("round_heading", line, wrong)


def final_heading(line: str, tournament: StoredTournament, at: float, records: Records
                  ) -> Finding:
    """``🏆 Night — final standings``: it was over (every round played out, unless a
    moderator ended it)."""
    wrong = None
    if tournament.finished_at is None or tournament.finished_at > at:
        wrong = "it was not over then"
    elif tournament.status == "finished" and records.rounds_over(tournament, at) < (
            tournament.rounds):
        wrong = f"only {records.rounds_over(tournament, at)} round(s) were played out"
    return said_is("final_heading", line, wrong)


def round_hands(line: str, hands: int, tournament: StoredTournament, number: int,
                records: Records) -> Finding:
    """``Each table plays 2 hands.``: the tournament's hands, and each table of the round
    stops after them."""
    wrong = [] if hands == tournament.hands else [f"{tournament.hands} hands"]
    for seating in tournament.round_tables(number):
        table = records.tables.get(seating.table_id or -1)
        if table is not None and table.hand_limit != hands and not tournament.round_minutes:
            wrong.append(f"table {seating.table_no} plays {table.hand_limit}")
    return said_is("round_hands_each", line, wrong)


def standings_after(line: str, after: int, tournament: StoredTournament, number: int,
                    at: float, records: Records) -> Finding:
    """``Standings after round 1`` in round 2's message: the round before this one, and
    it had been played out."""
    wrong = [] if after == number - 1 else [f"this is round {number}'s message"]
    over = records.rounds_over(tournament, at)
    if after > over:
        wrong.append(f"{over} round(s) were played out then")
    return said_is("standings_after", line, wrong)


def my_table(line: str, controls: tuple[tuple[str, str], ...], tournament: StoredTournament,
             number: int) -> Finding:
    """The footer promises a **My table** button: the message has it, for this
    tournament's round."""
    buttons = [SEAT_BUTTON.match(custom) for custom, label in controls if label == "My table"]
    ours = [b for b in buttons if b and (int(b.group("id")), int(b.group("round"))) == (
        tournament.id, number)]
    return said_is("my_table_button", line, None if ours else (
        "the message has no My table button for this round"))
