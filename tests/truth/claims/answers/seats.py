"""Claims of a member's private answers about seats: a table opened for them, a seat a
moderator gave to a computer, and leaving a game (the question asked first, and the
answer once they left), each against the stored tables, seats, departures and settings
at the moment the message was shown."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.engine import VARIANTS
from tests.truth.claims.answers.closed import never_back
from tests.truth.stored.opened import OpenedTable
from tests.truth.stored.settings import Settings

Finding = tuple[str, str, str | None]

OPENED = re.compile(r"^Table #(?P<table>\d+) \((?P<game>.+)\) is open: the table message has"
                    r" the buttons to join, add computer players and start\.$")
REPLACED = re.compile(r"^Seat (?P<seat>\d+) of table #(?P<table>\d+) now has a computer"
                      r" player\.$")
QUESTION = re.compile(r"^\*\*Leave the game at table #(?P<table>\d+)\?\*\*$")
LEFT = re.compile(r"^You left the game at table #(?P<table>\d+): a computer player has your"
                  r" seat\.$")
#: What leaving does to the member's rating, as the question and the answer say it.
LOSS = re.compile(r"(counts as a loss in your (?P<loss>.+?) rating"
                  r"|the game won't be in your (?P<free>.+?) rating"
                  r"|^It won't be in your (?P<kept>.+?) rating)")
LAST = "Nobody else is playing, so the computer players finish the game"
NO_RETURN = "You can't come back to this game once you leave."
#: Seconds between a click and its answer being shown: a game may end meanwhile (its last
#: moves the computers') without the answer being stale when it was written.
ANSWER_LAG = 1.0


def seat_findings(text: str, member: int | None, tables: Mapping[int, OpenedTable],
                  settings: Settings, at: float) -> list[Finding]:
    """(kind, said, truth or None) for each statement of these answers in ``text``."""
    lines = [raw.strip() for raw in text.splitlines() if raw.strip()]
    if member is None or not lines:
        return []
    first = lines[0]
    for pattern, check in ((OPENED, opened), (REPLACED, replaced)):
        match = pattern.match(first)
        if match:
            return check(match, member, tables, at)
    question, left = QUESTION.match(first), LEFT.match(first)
    if question or left:
        number = int((question or left).group("table"))  # type: ignore[union-attr]
        table = tables.get(number)
        if table is None:
            return [("leave_table", first, f"there is no table #{number}")]
        asked = leave_question if question else left_answer
        return asked(lines, member, table, settings, at)
    return []


def game_truth(said: str, table: OpenedTable) -> str | None:
    """None when ``said`` is the name of the table's game."""
    name = VARIANTS[table.variant].name
    return None if said == name else f"table #{table.id} plays {name}"


def opened(match: re.Match[str], member: int, tables: Mapping[int, OpenedTable],
           at: float) -> list[Finding]:
    """``Table #8 (Flip Euchre) is open: …``: a table the member opened, of that game,
    whose game had not started then."""
    line, number = match.group(0), int(match.group("table"))
    table = tables.get(number)
    if table is None:
        return [("table_opened", line, f"there is no table #{number}")]
    truth = game_truth(match.group("game"), table)
    if table.host_id != member:
        truth = f"table #{number} was opened by <@{table.host_id}>"
    elif table.created_at > at:
        truth = f"table #{number} was opened after the message"
    elif table.first_move_at is not None and table.first_move_at <= at:
        truth = f"table #{number} was already playing"
    return [("table_opened", line, truth)]


def replaced(match: re.Match[str], member: int, tables: Mapping[int, OpenedTable],
             at: float) -> list[Finding]:
    """``Seat 2 of table #1 now has a computer player.``: a moderator's replacement of the
    person in that seat, stored by then, a computer holding the seat since."""
    line, number, seat = match.group(0), int(match.group("table")), int(match.group("seat")) - 1
    table = tables.get(number)
    if table is None:
        return [("seat_replaced", line, f"there is no table #{number}")]
    done = [d for d in table.departures if d.seat == seat and d.why == "replaced"
            and d.departed_at <= at]
    user, level = table.seats.get(seat, (None, None))
    truth = None
    if not done:
        truth = f"no replacement of seat {seat + 1} was stored by then"
    elif level is None or user is not None:
        truth = f"seat {seat + 1} is held by {f'<@{user}>' if user else 'nobody'}"
    return [("seat_replaced", line, truth)]


def rated_table(table: OpenedTable, settings: Settings, at: float) -> bool:
    """Whether the table's game moves ratings: not a tournament's while the server does not
    rate them."""
    return not table.tournament or bool(settings.value("rate_tournaments", at))


def loss_findings(kind: str, line: str, table: OpenedTable, counts: bool,
                  rated: bool) -> list[Finding]:
    """What a line says leaving does to the rating, against whether it ``counts`` as a loss
    (the stored departure, or the server's setting) and whether the table is ``rated``."""
    match = LOSS.search(line)
    if match is None:
        return []
    game = match.group("loss") or match.group("free") or match.group("kept")
    said_loss = match.group("loss") is not None
    truth = game_truth(game, table)
    if said_loss and not rated:
        truth = "a tournament's game the server does not rate"
    elif said_loss != counts:
        truth = "leaving counts as a loss" if counts else "leaving does not count as a loss"
    return [(kind, line, truth)]


def leave_question(lines: list[str], member: int, table: OpenedTable, settings: Settings,
                   at: float) -> list[Finding]:
    """``**Leave the game at table #11?**``: the member sits in that game in progress; what
    leaving would do to their rating (the server's ``leaver_penalty`` then, and the stored
    departure if they left); that nobody else plays there; that a member who leaves never
    comes back to it."""
    head = lines[0]
    truth = None
    if member not in table.people_at(at):
        truth = f"<@{member}> has no seat at table #{table.id} then"
    elif table.finished_at is not None and table.finished_at <= at - ANSWER_LAG:
        truth = f"the game at table #{table.id} was over"
    found: list[Finding] = [("leave_question", head, truth)]
    later = table.departure_of(member)
    counts = later.counts_as_loss if later and later.departed_at >= at else bool(
        settings.value("leaver_penalty", at))
    rated = rated_table(table, settings, at)
    for line in lines[1:]:
        found += loss_findings("leave_question_rating", line, table, counts, rated)
        if line.startswith(LAST):
            others = table.people_at(at) - {member}
            found.append(("leave_question_last", line, None if not others else (
                f"{len(others)} other member(s) play there")))
        if line == NO_RETURN:
            gone = later if later and later.why == "left" and later.departed_at >= at else None
            found.append(("leave_no_return", line, never_back(table, gone) if gone else None))
    return found


def left_answer(lines: list[str], member: int, table: OpenedTable, settings: Settings,
                at: float) -> list[Finding]:
    """``You left the game at table #11: a computer player has your seat.``: the member's
    departure is stored, a computer holds the seat; whether it counts as a loss (and, once
    the game was counted, that a rating change was written for it)."""
    head = lines[0]
    departure = table.departure_of(member)
    if departure is None or departure.departed_at > at or departure.why != "left":
        return [("left_seat", head, f"no departure of <@{member}> was stored by then")]
    user, level = table.seats.get(departure.seat, (None, None))
    truth = None if level is not None and user != member else (
        f"seat {departure.seat + 1} is not a computer's")
    found: list[Finding] = [("left_seat", head, truth)]
    rated = rated_table(table, settings, departure.departed_at)
    for line in lines[1:]:
        loss = loss_findings("left_rating", line, table, departure.counts_as_loss, rated)
        if loss and loss[0][2] is None and departure.counts_as_loss and rated and (
                table.finished_at is not None and not departure.rated):
            loss = [(loss[0][0], line, "the game was counted without their loss")]
        found += loss
        if line.startswith(LAST):
            others = table.people_at(at) - {member}
            found.append(("left_last", line, None if not others else (
                f"{len(others)} other member(s) play there")))
    return found
