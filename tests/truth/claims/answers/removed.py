"""The host's choice of a lobby seat to empty (``Whose seat do you want to empty?`` and
its seats) and the answer once they did (``🤖 Bolt (normal) no longer sits at seat 2.``):
judged against the stored seat changes at the moment each was shown."""

from __future__ import annotations

import re
from collections.abc import Mapping

from tests.truth.reading.seating import LAG, OPEN, holder
from tests.truth.stored.opened import OpenedTable

Finding = tuple[str, str, str | None]

REMOVED = re.compile(r"^(?P<name>.+) no longer sits at seat (?P<seat>\d+)\.$")
MENU = "Whose seat do you want to empty?"
MENU_ID = re.compile(r"^bower:remove:(?P<table>\d+)$")


def removal_findings(text: str, member: int | None, tables: Mapping[int, OpenedTable],
                     user_names: Mapping[int, str], at: float) -> list[Finding]:
    """(kind, said, truth or None): some table's seat of that number was given up, by the
    one it names, within ``LAG`` seconds before the answer was shown."""
    match = REMOVED.match(text.strip())
    if member is None or match is None:
        return []
    name, seat = match.group("name"), int(match.group("seat")) - 1
    emptied = [gone for table in tables.values() for gone in given_up(table, seat, user_names)
               if at - LAG <= gone[0] <= at]
    if any(named == name for _, named in emptied):
        return [("seat_removed", match.group(0), None)]
    truth = (f"seat {seat + 1} was given up by {', '.join(n for _, n in emptied)} then"
             if emptied else f"no seat {seat + 1} was given up then")
    return [("seat_removed", match.group(0), truth)]


def given_up(table: OpenedTable, seat: int,
             user_names: Mapping[int, str]) -> list[tuple[float, str]]:
    """When the table's ``seat`` was given up, and who had held it, for each time."""
    found, held = [], OPEN
    for change in table.seat_changes:
        if change.seat != seat:
            continue
        now = holder(change, user_names)
        if now == OPEN and held != OPEN:
            found.append((change.at, held))
        held = now
    return found


def menu_findings(text: str, member: int | None, controls: tuple[tuple[str, str], ...],
                  tables: Mapping[int, OpenedTable], at: float) -> list[Finding]:
    """(kind, said, truth or None): the seats offered are exactly those someone other than
    the host held at the table, at some moment within ``LAG`` seconds before it was shown."""
    ids = [(MENU_ID.match(cid), value) for cid, value in controls]
    offered = [(int(m.group("table")), int(value)) for m, value in ids if m is not None]
    if text.strip() != MENU or member is None or not offered:
        return []
    number = offered[0][0]
    table = tables.get(number)
    if table is None:
        return [("seat_offered", MENU, f"there is no table #{number}")]
    seats = {seat for _, seat in offered}
    held = [others_seats(table, member, moment) for moment in moments(table, at)]
    if seats in held:
        return [("seat_offered", MENU, None)]
    listed = ", ".join(str(n + 1) for n in sorted(held[-1])) or "none"
    return [("seat_offered", MENU, f"others held seats {listed} then")]


def moments(table: OpenedTable, at: float) -> list[float]:
    """``at - LAG`` and each moment a seat of the table changed hands up to ``at``."""
    return [at - LAG, *(c.at for c in table.seat_changes if at - LAG < c.at <= at)]


def others_seats(table: OpenedTable, member: int, moment: float) -> set[int]:
    """The table's seats held at ``moment`` by someone other than ``member``."""
    holders: dict[int, tuple[int | None, str | None]] = {}
    for change in table.seat_changes:
        if change.at <= moment:
            holders[change.seat] = (change.user_id, change.computer_level)
    return {seat for seat, (user, level) in holders.items()
            if (user is not None and user != member) or (user is None and level is not None)}
