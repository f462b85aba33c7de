"""Claims of a hand message closed because its member is no longer seated: that they left
the game for good (or that a moderator gave their seat to a computer), that a computer
player plays the seat to the end, and that the message no longer shows the game, each
against the stored departures, seats and moves and the message's later versions."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.engine import VARIANTS
from tests.truth.claims.answers.stats import Finding
from tests.truth.playing.recorder import Shown
from tests.truth.stored.opened import Departure, OpenedTable

TITLE = re.compile(r"^(?P<game>.+?) · table #(?P<table>\d+) · your hand \(closed\)$")
LEFT = ("👋 **You left this game.** A computer player plays your seat to the end; you can't "
        "come back to it.")
GIVEN = "**Your seat was given to a computer player.** It plays on to the end."
CLOSED = "This hand is closed: it no longer shows the game."


def closed_findings(version: Shown, versions: Sequence[Shown],
                    tables: Mapping[int, OpenedTable]) -> list[Finding]:
    """(kind, said, truth or None) for each statement of a closed hand message whose every
    line is read here (another closed message is left unchecked); ``versions``: every
    version of the same message."""
    lines = [raw.strip() for raw in version.text.splitlines() if raw.strip()]
    member = version.private_for
    title = TITLE.match(lines[0]) if lines else None
    if member is None or title is None or any(
            line not in (LEFT, GIVEN, CLOSED) for line in lines[1:]):
        return []
    number = int(title.group("table"))
    table = tables.get(number)
    if table is None:
        return [("closed_title", lines[0], f"there is no table #{number}")]
    found: list[Finding] = [("closed_title", lines[0], title_truth(title.group("game"), table,
                                                                   member))]
    for line in lines[1:]:
        if line == CLOSED:
            found.append(("closed_stays", line, reopened(version, versions)))
            continue
        why = "left" if line == LEFT else "replaced"
        departure = table.departure_of(member)
        if departure is None or departure.departed_at > version.at:
            return found + [(f"closed_{why}", line, f"no departure of <@{member}> from table"
                                                    f" #{number} was stored by then")]
        if departure.why != why:
            return found + [(f"closed_{why}", line, f"<@{member}>'s departure was stored as"
                                                    f" {departure.why!r}, not {why!r}")]
        found.append((f"closed_{why}", line, None))
        found.append(("closed_computer_plays", line, computer_plays(table, departure)))
        if why == "left":
            found.append(("closed_no_return", line, never_back(table, departure)))
    return found


def title_truth(game: str, table: OpenedTable, member: int) -> str | None:
    """The title names the table's game, and the member sat there."""
    name = VARIANTS[table.variant].name
    if game != name:
        return f"table #{table.id} plays {name}"
    seated = {user for user, _ in table.seats.values()} | {
        d.user_id for d in table.departures}
    return None if member in seated else f"<@{member}> never sat at table #{table.id}"


def computer_plays(table: OpenedTable, departure: Departure) -> str | None:
    """A computer holds the seat now and made every move of it stored since the
    departure."""
    seat = departure.seat
    user, level = table.seats.get(seat, (None, None))
    if level is None or user is not None:
        return f"seat {seat + 1} is held by {f'<@{user}>' if user else 'nobody'}"
    moved = [m for m in table.moves if m.seat == seat and m.at >= departure.departed_at
             and m.source != "computer"]
    return None if not moved else f"a {moved[0].source} move of seat {seat + 1} after it"


def never_back(table: OpenedTable, departure: Departure) -> str | None:
    """The member never took the seat (or another at the table) back."""
    if departure.returned:
        return f"<@{departure.user_id}> came back to seat {departure.seat + 1}"
    back = [seat for seat, (user, _) in table.seats.items() if user == departure.user_id]
    return None if not back else f"<@{departure.user_id}> holds seat {back[0] + 1} again"


def reopened(version: Shown, versions: Sequence[Shown]) -> str | None:
    """No later version of the message shows the game again (a hand message not closed)."""
    later = [v for v in versions if v.version > version.version and not v.deleted
             and not TITLE.match(v.title)]
    return None if not later else f"version {later[0].version} shows {later[0].title!r}"
