"""Claims of a tournament's end: who won it (``🏆 @alice wins **Night**!``, ``… share
first place in …``), and, when a moderator ended it during a round, what of that round
counts (``ended during round 2 of 2, counted as its tables stood: its table played 1 of
2 hands``), from the round tables' games replayed."""

from __future__ import annotations

import re

from tests.truth.claims.events.records import Finding, Records, said_is
from tests.truth.claims.events.standings import Tournament
from tests.truth.stored.events import StoredTournament
from tests.truth.stored.store import StoredRound

WINNERS = re.compile(r"^🏆 (?P<pings>(?:<@\d+>(?: and )?)+) (?P<verb>wins|share first place in) "
                     r"\*\*(?P<name>.+?)\*\*(?: \((?P<ended>ended during .+)\))?!$")
ENDED_REPLY = re.compile(r"^(?P<name>.+?) is (?P<ended>ended during .+)\. Its final "
                         r"standings are posted\.$")
CUT = re.compile(r"^ended during round (?P<round>\d+) of (?P<of>\d+)(?P<how>.*)$")
PLAYED = re.compile(r"(?:its table|each table) played (?P<low>\d+) of (?P<hands>\d+) hands?$"
                    r"|its tables played (?P<from>\d+) to (?P<to>\d+) of (?P<of>\d+) hands$")
NOTHING = " before any hand of it was scored: it counts 0 for everyone"


def ending_finding(line: str, records: Records) -> Finding | None:
    """The finding of a winners line or of the answer to ``/tournament end``; None if the
    line is neither."""
    winners, reply = WINNERS.match(line), ENDED_REPLY.match(line)
    match = winners or reply
    tournament = records.named(match.group("name")) if match else None
    if match is None or tournament is None:
        return None
    wrong = cut_wrong(match.group("ended"), tournament, records) if match.group("ended") else []
    if winners:
        wrong += winners_wrong(winners, tournament, records)
    return said_is("tournament_winners" if winners else "tournament_cut", line, wrong)


def totals(tournament: StoredTournament, records: Records) -> dict[int, int]:
    """Each registered member's total: their side's score at their table of every round,
    as the round tables' games stood at their end, and each bye's round average."""
    rounds = [StoredRound(tournament.id, t.round, t.table_no, t.table_id, t.seats)
              for t in tournament.tables]
    standing = Tournament(rounds, records.finals, {}, byes=tournament.byes)
    return {r.user_id: sum(standing.round_scores(r.user_id))
            for r in tournament.registrations}


def winners_wrong(match: re.Match[str], tournament: StoredTournament, records: Records
                  ) -> list[str]:
    """What is wrong in the members said to have won: each must be level on the top
    total, and a lone leader must be the one named."""
    said = {int(u) for u in re.findall(r"<@(\d+)>", match.group("pings"))}
    scores = totals(tournament, records)
    top = max(scores.values(), default=0)
    level = {u for u, total in scores.items() if total == top}
    wrong = []
    if not said <= level or (len(level) == 1 and said != level):
        wrong.append(f"the top total ({top}) is {sorted(level)}'s")
    if (match.group("verb") == "wins") != (len(said) == 1):
        wrong.append("one winner 'wins'; several 'share first place'")
    return wrong


def cut_wrong(ended: str, tournament: StoredTournament, records: Records) -> list[str]:
    """What is wrong in ``ended during round 2 of 3, …``: the round then being played,
    and how many hands each of its tables had played."""
    match = CUT.match(ended)
    if match is None:
        return ["not read"]
    number = int(match.group("round"))
    wrong = [] if int(match.group("of")) == tournament.rounds else [
        f"it has {tournament.rounds} rounds"]
    moment = tournament.finished_at or 0.0
    if number != records.rounds_over(tournament, moment) + 1:
        wrong.append(f"{records.rounds_over(tournament, moment)} round(s) were played out")
    finals = [records.finals.get(t.table_id or -1) for t in tournament.round_tables(number)]
    played = sorted(min(f.hands_ended(), tournament.hands) for f in finals if f is not None)
    how = match.group("how")
    if how == NOTHING:
        return wrong + ([] if not any(played) else [f"its tables had played {played} hands"])
    counted = PLAYED.search(how)
    if counted is None or not played:
        return wrong + ["not read"]
    low, high = (int(counted.group("low")),) * 2 if counted.group("low") else (
        int(counted.group("from")), int(counted.group("to")))
    hands = int(counted.group("hands") or counted.group("of"))
    if (low, high, hands) != (played[0], played[-1], tournament.hands):
        wrong.append(f"its tables had played {played} of {tournament.hands} hands")
    return wrong
