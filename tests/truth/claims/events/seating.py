"""Claims of a round message's seating: ``**Table 1:** alice & bob vs 🤖 Cog & 🤖 Dex —
<#thread>`` (who sits at that table of the round, on which sides, and where it is
played) and ``**Bye:** carol (…)``, against the stored round and its tables."""

from __future__ import annotations

import re

from bot.engine import new_game
from tests.truth.claims.events.records import Finding, Records, said_is
from tests.truth.reading.names import COMPUTER_NAMES
from tests.truth.stored.events import RoundSeating, StoredTournament
from tests.truth.stored.store import StoredTable

SEATING = re.compile(r"^\*\*Table (?P<no>\d+):\*\* (?P<sides>.+) — (?P<where>.+)$")
BYE = re.compile(r"^\*\*Bye:\*\* (?P<names>.+) \(sits the round out")
THREAD = re.compile(r"^<#(?P<thread>\d+)>$")
POST = re.compile(r"^https://discord\.com/channels/\d+/\d+/(?P<message>\d+) \(#(?P<id>\d+)\)$")


def seating_finding(line: str, tournament: StoredTournament, number: int, records: Records
                    ) -> Finding | None:
    """A seating or bye line of round ``number``'s message; None if it is neither."""
    seating, bye = SEATING.match(line), BYE.match(line)
    if bye:
        ids = {name: user for user, name in records.user_names.items()}
        said = sorted(ids.get(unescaped(n), -1) for n in bye.group("names").split(", "))
        true = sorted(tournament.byes.get(number, []))
        return said_is("round_byes", line, None if said == true else (
            f"byes: {[records.user_names.get(u, u) for u in true]}"))
    if seating is None:
        return None
    no = int(seating.group("no"))
    stored = next((t for t in tournament.round_tables(number) if t.table_no == no), None)
    if stored is None:
        return said_is("round_seating", line, f"round {number} has no table {no}")
    table = records.tables.get(stored.table_id or -1)
    wrong = seats_wrong(seating.group("sides"), stored, table, records)
    if table is not None and not where_right(seating.group("where"), table):
        wrong.append(f"it is played at table #{table.id} (thread {table.thread_id})")
    return said_is("round_seating", line, wrong)


def unescaped(name: str) -> str:
    """A member's name as written, markdown's escapes taken out."""
    return re.sub(r"\\(.)", r"\1", name)


def seat_of(name: str, stored: RoundSeating, records: Records) -> int | None:
    """The seat a name stands for at that table: a member's, or a computer's by its name
    (``🤖 Bolt`` sits in seat 2)."""
    if name.startswith("🤖 "):
        short = name.removeprefix("🤖 ")
        seat = COMPUTER_NAMES.index(short) if short in COMPUTER_NAMES else None
        return seat if seat is not None and seat < len(stored.seats) and (
            stored.seats[seat] is None) else None
    users = [u for u, n in records.user_names.items() if n == unescaped(name)]
    return next((s for s, user in enumerate(stored.seats) if user in users), None)


def seats_wrong(sides: str, stored: RoundSeating, table: StoredTable | None,
                records: Records) -> list[str]:
    """What is wrong in ``A & B vs C & D``: a name not seated there, or sides not the
    game's."""
    said = [[seat_of(name, stored, records) for name in side.split(" & ")]
            for side in sides.split(" vs ")]
    if any(seat is None for side in said for seat in side):
        return ["someone named does not sit at this table"]
    if table is None:
        return []
    game = new_game(table.variant, table.players, table.seed, dict(table.options))
    true = sorted(sorted(side) for side in game.view(0)["sides"])
    if sorted(sorted(side) for side in said) != true:  # type: ignore[type-var]
        return [f"the sides are seats {true}"]
    return []


def where_right(where: str, table: StoredTable) -> bool:
    """Whether the link leads to the table: its thread, its message, or its number."""
    thread, post = THREAD.match(where), POST.match(where)
    if thread:
        return int(thread.group("thread")) == table.thread_id
    if post:
        return (int(post.group("message")), int(post.group("id"))) == (table.message_id,
                                                                        table.id)
    return where == f"table #{table.id}"
