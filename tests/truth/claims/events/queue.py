"""Claims of the ``/play`` queue's private answers: what the member waits for, how many
more members a table needs, who else waits for what and how many wait in the server, and,
once seated, which table is ready where, for what game, with how many computer players.

The store drops a wait once a table seats it, so a wait is checked against the table
the queue opened for the member afterwards (the first they sit at, opened after the
answer), or against their wait still stored when the run ended."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tests.truth.claims.events.records import Finding, Records, said_is
from tests.truth.reading.games import Game, differences, queued_game
from tests.truth.stored.store import StoredSeat, StoredTable

WAITING_FOR = re.compile(r"^You're waiting for \*\*(?P<game>.+)\*\*\.$")
MISSING = re.compile(r"^A table opens as soon as (?P<count>\d+) more members? `/play`")
WAITER = re.compile(r"^\*\*(?P<name>.+?)\*\* — (?P<game>.+?) — waiting ")
READY = re.compile(r"^✅ Your table #(?P<id>\d+) is ready in <#(?P<channel>\d+)>: "
                   r"(?P<game>.+?)(?:, with (?P<computers>\d+) computer players? in the empty "
                   r"seats)?\. The game has started")
QUEUE_TITLE = "⏳ You're in the queue"
COUNT = re.compile(r"^Waiting in this server \((?P<count>\d+)\)$")
MORE = re.compile(r"^…and (?P<more>\d+) more\.$")
#: The queue answer's lines the store cannot tell true or false, and why (the report's
#: label for them).
FILL = re.compile(r"^If not enough members come, your table opens with computer players in the"
                  r" empty seats (?:(?P<now>any moment now)|in about (?:(?P<h>\d+) h (?P<hm>\d+)"
                  r" min|(?P<hours>\d+) hours?|(?P<m>\d+) minutes?))\.$")
PEOPLE_ONLY = "You play with people only: no computer players will fill your table."
#: Seconds a table may open after its wait ended (the queue's timer and the table's start).
OPENING_LAG = 2.0
NOT_STORED = (
    (re.compile(r"^(If not enough members come, your table opens with computer players"
                r"|You play with people only: )"),
     "queue answer: when computers fill the table (the bot's timer scale is not in this "
     "recording)"),
    (re.compile(r"^Leave queue takes you out; /play shows this again\."),
     "queue answer: Leave queue and /play again (a wait left is deleted without a trace)"),
    (re.compile(r"^Enough members are waiting, but the table could not open yet"),
     "queue answer: a table held back (its tries are not stored)"),
)


def fill_finding(line: str, member: int, at: float, records: Records) -> Finding | None:
    """``If not enough members come, your table opens with computer players in the empty
    seats in about 2 minutes.``: the table that then seated the member, if computer players
    took seats there from the start, opened about then (each minute said is the time left
    rounded to the nearest, on the bot's timer scale); ``You play with people only``: it
    had no computer players. None when the timer scale is not known."""
    scale = records.timer_scale
    fill = FILL.match(line)
    if scale is None or (fill is None and line != PEOPLE_ONLY):
        return None
    table = next_table(member, at, records)
    computers = computer_seats(table.seats, set(table.departed)) if table else 0
    if fill is None:
        return said_is("queue_fill", line, f"table #{table.id} has {computers} computer players"
                       if table and computers else None)
    if table is None or not computers:
        return said_is("queue_fill", line, None)  # enough members came (or none yet)
    if fill.group("now"):
        low, high = 0.0, 30.0
    else:
        minutes = (60 * int(fill.group("h") or fill.group("hours") or 0)
                   + int(fill.group("hm") or fill.group("m") or 0))
        low, high = minutes * 60 - 30.0, minutes * 60 + 30.0
    waited = table.created_at - at
    fits = low * scale - OPENING_LAG <= waited <= high * scale + OPENING_LAG
    return said_is("queue_fill", line, None if fits else (
        f"table #{table.id} opened with computers {waited / scale:.0f} s (unscaled) later"))


def not_stored(line: str) -> str | None:
    """The report's label for a queue answer's line the store cannot tell (with why), or
    None if it is not one."""
    return next((label for pattern, label in NOT_STORED if pattern.match(line)), None)


def seated_at(table: StoredTable, member: int) -> bool:
    """Whether the member has (or had, before leaving) a seat at the table."""
    return member in {s.user_id for s in table.seats} or member in table.departed.values()


def next_table(member: int, at: float, records: Records) -> StoredTable | None:
    """The first table opened after ``at`` that seats the member."""
    later = [t for t in records.tables.values() if t.created_at >= at and seated_at(t, member)]
    return min(later, key=lambda t: t.created_at, default=None)


def wanted(member: int, at: float, records: Records) -> tuple[str, int, dict[str, Any], int] | None:
    """What the member waited for at ``at`` as stored: the variant, seats and options,
    and how many people the table seated; None if nothing stored tells."""
    table = next_table(member, at, records)
    if table is not None:
        people = sum(1 for s in table.seats if s.user_id is not None) + len(table.departed)
        return table.variant, table.players, table.options, people
    entry = next((e for e in records.queue if e.user_id == member and e.joined_at <= at), None)
    return (entry.variant, entry.players, entry.options, 1) if entry else None


def game_truth(said: Game | None, member: int, at: float, records: Records
               ) -> list[str] | str:
    """What is wrong in a game said to be the member's wait (empty: nothing)."""
    truth = wanted(member, at, records)
    if truth is None:
        return "nothing stored tells what they waited for"
    if said is None:
        return "not a game's words"
    return differences(said, *truth[:3])


def queue_findings(text: str, title: str, member: int | None, at: float, records: Records
                   ) -> list[Finding]:
    """The findings of a queue answer (``⏳ You're in the queue``) or of its change once a
    table is ready (``✅ Your table #4 is ready…``)."""
    ready = READY.match(text.strip())
    if ready and member is not None:
        return [ready_finding(ready, member, at, records)]
    if member is None or not title.startswith(QUEUE_TITLE):
        return []
    found: list[Finding] = []
    ids = {name: user for user, name in records.user_names.items()}
    lines = [raw.strip() for raw in text.splitlines()]
    count = next((c for c in map(COUNT.match, lines) if c), None)
    if count is not None:
        found.append(count_finding(count.group(0), int(count.group("count")),
                                   lines[lines.index(count.group(0)) + 1:], at, records))
    for line in lines:
        filled = fill_finding(line, member, at, records)
        if filled is not None:
            found.append(filled)
            continue
        waiting, missing, waiter = WAITING_FOR.match(line), MISSING.match(line), (
            WAITER.match(line))
        if waiting:
            found.append(said_is("queue_game", line, game_truth(
                queued_game(waiting.group("game")), member, at, records)))
        elif missing:
            found.append(missing_finding(line, int(missing.group("count")), member, at,
                                         records))
        elif waiter and waiter.group("name") in ids:
            found.append(said_is("queue_waiter", line, game_truth(
                queued_game(waiter.group("game")), ids[waiter.group("name")], at, records)))
    return found


def count_finding(said: str, count: int, listed: Sequence[str], at: float,
                  records: Records) -> Finding:
    """``Waiting in this server (3)``: as many as the lines under it list (with ``…and 2
    more``), and no fewer than the members the store shows waiting then, each of them
    listed when all fit. (The store keeps only the waits still open when the run ended: a
    wait a table seated, or one left, is deleted, so a count above them cannot be told
    false.)"""
    names = [w.group("name") for w in map(WAITER.match, listed) if w]
    more = next((int(m.group("more")) for m in map(MORE.match, listed) if m), 0)
    wrong = []
    if len(names) + more != count:
        wrong.append(f"{len(names) + more} are listed")
    stored = [e.user_id for e in records.queue if e.joined_at <= at]
    if count < len(stored):
        wrong.append(f"at least {len(stored)} were waiting")
    unlisted = sorted(records.user_names[user] for user in stored
                      if user in records.user_names and records.user_names[user] not in names)
    if unlisted and not more:
        wrong.append(f"{', '.join(unlisted)} waited too")
    return said_is("queue_count", said, wrong)


def missing_finding(line: str, count: int, member: int, at: float, records: Records
                    ) -> Finding:
    """``A table opens as soon as 3 more members…``: the seats left once those waiting
    for the same game then are counted: at most the seats but the member's, and no fewer
    than the table later opened left to computer players."""
    truth = wanted(member, at, records)
    if truth is None:
        return said_is("queue_missing", line, "nothing stored tells what they waited for")
    players, people = truth[1], truth[3]
    fewest = players - people
    return said_is("queue_missing", line, None if fewest <= count <= players - 1 else (
        f"between {fewest} and {players - 1} (the table seated {people} of {players})"))


def ready_finding(match: re.Match[str], member: int, at: float, records: Records) -> Finding:
    """``✅ Your table #4 is ready in <#…>: Euchre · 4 players · …, with 3 computer
    players``: a table opened by then that seats the member, in that channel, for that
    game, with that many computer players from the start."""
    said = match.group(0)
    table = records.tables.get(int(match.group("id")))
    if table is None or table.created_at > at or not seated_at(table, member):
        return said_is("queue_ready", said, f"table #{match.group('id')} did not seat them")
    wrong: list[str] = []
    if int(match.group("channel")) != table.home:
        wrong.append(f"it plays in <#{table.home}>")
    game = queued_game(match.group("game"))
    wrong += differences(game, table.variant, table.players, table.options) if game else [
        "not a game's words"]
    computers = computer_seats(table.seats, set(table.departed))
    if int(match.group("computers") or 0) != computers:
        wrong.append(f"{computers} computer players")
    return said_is("queue_ready", said, wrong)


def computer_seats(seats: Sequence[StoredSeat], left: set[int]) -> int:
    """How many seats computer players held from the start (not those that took over from
    a member who left)."""
    return sum(1 for s in seats if s.user_id is None and s.seat not in left)
