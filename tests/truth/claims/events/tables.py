"""Claims of a tournament round's table (its title ``Night · round 1 · table 1``, and
its closed hands' ``This table's round is over.`` and ``It counts in the tournament's
standings``), and which table a game's greeting (``🃏 **Euchre** (table #3) has
started``) speaks of."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tests.truth.claims.base import Claim, Context
from tests.truth.claims.events.records import Finding
from tests.truth.stored.store import StoredTable
from tests.truth.stored.timeline import Snapshot

ROUND_TITLE = re.compile(r"^(?P<name>.+) · round (?P<round>\d+) · table (?P<no>\d+)$")
ROUND_OVER = "🏁 **This table's round is over.**"
COUNTS = "It counts in the tournament's standings"
STARTED = re.compile(r"^🃏 \*\*(?P<name>.+?)\*\* \(table #(?P<id>\d+)\) has started")


def round_words(table: StoredTable) -> tuple[str, int, int] | None:
    """The tournament, round and table number of a round's table as stored."""
    return table.round_of[:3] if table.round_of else None


def round_title(line: str, ctx: Context) -> list[Claim] | None:
    """``Night · round 1 · table 1``: the table's tournament, round and number."""
    match = ROUND_TITLE.match(line)
    if match is None:
        return None
    said = (match.group("name"), int(match.group("round")), int(match.group("no")))
    true = round_words(ctx.table)
    wrong = None if said == true else (
        f"table #{ctx.table.id} is no tournament's" if true is None
        else f"{true[0]}, round {true[1]}, table {true[2]}")
    return [Claim("round_title", line, lambda s: wrong)]


def round_over(line: str, ctx: Context) -> list[Claim] | None:
    """``🏁 **This table's round is over.**``: a round's table that has played its hands."""
    if line != ROUND_OVER:
        return None

    def test(s: Snapshot) -> str | None:
        if ctx.table.round_of is None or s.hand_limit is None:
            return f"table #{ctx.table.id} is no tournament round's"
        ended = s.hands_ended()
        return None if ended >= s.hand_limit else f"{ended} of {s.hand_limit} hands were played"

    return [Claim("round_over", line, test)]


def round_counts(line: str, ctx: Context) -> list[Claim] | None:
    """``It counts in the tournament's standings``: its scores are kept for them."""
    if not line.startswith(COUNTS):
        return None
    kept = ctx.table.round_of is not None and ctx.table.round_of[3]
    return [Claim("round_counted", line, lambda s: None if kept else (
        "the tournament keeps no scores of this table"))]


def greeted_table(text: str, channel: int, at: float, tables: Mapping[int, Any]) -> Any:
    """The table (its truth, out of ``tables``) a greeting names, when that table is in
    the greeting's channel, had opened and was still being played; else None."""
    match = STARTED.match(text)
    truth = tables.get(int(match.group("id"))) if match else None
    if truth is None or not starting(truth.table, channel, at):
        return None
    return truth


def starting(table: StoredTable, channel: int, at: float) -> bool:
    """Whether a greeting in ``channel`` at ``at`` may be the start of ``table``'s game:
    it plays there, had opened, and its game went on after (or had no move yet)."""
    return (table.home == channel and table.created_at <= at
            and (not table.actions or at <= table.actions[-1].stored_at))


def greeting_findings(text: str, channel: int, at: float, tables: Mapping[int, StoredTable]
                      ) -> list[Finding]:
    """A greeting no table's commentary took: the table it names did not start there
    then."""
    match = STARTED.match(text)
    if match is None:
        return []
    table = tables.get(int(match.group("id")))
    wrong = None if table is not None and starting(table, channel, at) else (
        f"table #{match.group('id')} was not starting in this channel then")
    return [("table_started", match.group(0), wrong)]
