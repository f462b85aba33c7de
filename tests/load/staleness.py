"""How long each stored move took to show on its table's message, computers' moves too.

The run's freshness figure counts people's moves only (the harness knows when it clicked).
A computers' move is timed from the store: each stored action against the table message's
edits, each stamped with the moment of the state it shows (its embed's timestamp). The
first edit made after the action whose state is at least as new shows it.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bot.store.tables import ActionRecord
from tests.emulator.world.model import Message
from tests.load.figures import percentile
from tests.load.stalls import StoredTables, stamp_seconds, table_number


@dataclass
class TableEdits:
    """Each table message's edits: when made, and the moment of the state each shows."""

    edits: dict[int, list[tuple[float, float]]] = field(default_factory=dict)

    def edited(self, message: Message, at: float) -> None:
        """Note an edit of a message whose embed is stamped (a table message)."""
        stamp = (message.embed or {}).get("timestamp")
        if stamp:
            self.edits.setdefault(message.id, []).append((at, stamp_seconds(stamp)))

    def delays(self, message_id: int, actions: Iterable[ActionRecord]) -> list[float | None]:
        """For each action, the seconds until the message showed it (None: never)."""
        edits = self.edits.get(message_id, [])
        times = [at for at, _ in edits]
        found: list[float | None] = []
        for action in actions:
            stored = stamp_seconds(action.created_at)
            later = edits[bisect.bisect_left(times, stored):]
            shown = next((at for at, state in later if state >= stored), None)
            found.append(None if shown is None else shown - stored)
        return found


async def stored_delays(
    stored: StoredTables, edits: TableEdits, tables: Iterable[Message], since: float, until: float
) -> dict[str, list[float | None]]:
    """By source (person, computer…), the delays of the moves stored from ``since`` to
    ``until`` (seconds since the epoch) at these table messages' tables."""
    by_source: dict[str, list[float | None]] = {}
    for message in tables:
        table_id = table_number(message)
        if table_id is None:
            continue
        actions = [a for a in await stored.actions(table_id)
                   if since <= stamp_seconds(a.created_at) <= until]
        for action, delay in zip(actions, edits.delays(message.id, actions), strict=True):
            by_source.setdefault(action.source, []).append(delay)
    return by_source


def staleness_lines(by_source: dict[str, Sequence[float | None]]) -> list[str]:
    """The report's line: per source of moves, p50 / p99 / max seconds until shown."""
    parts = []
    for source, delays in sorted(by_source.items()):
        shown = [d for d in delays if d is not None]
        if not delays:
            continue
        parts.append(
            f"{source} {len(delays)}: p50 {percentile(shown, 50):.2f} / p99"
            f" {percentile(shown, 99):.2f} / max {max(shown, default=0):.2f} s,"
            f" never shown {len(delays) - len(shown)}"
        )
    return ["stored moves until their table message shows them, by who moved: "
            + "; ".join(parts)] if parts else []
