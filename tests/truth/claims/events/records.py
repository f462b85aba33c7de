"""The stored records the event checkers read (tournaments, tables, the queue), and when
each round table opened and was played out."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tests.truth.stored.events import QueueEntry, StoredTournament
from tests.truth.stored.store import StoredTable
from tests.truth.stored.timeline import Snapshot

#: Findings: (kind, what was said, None if true else the truth in words).
Finding = tuple[str, str, str | None]


@dataclass
class Records:
    """Every stored tournament, table (by id) and member still queued."""

    tournaments: Sequence[StoredTournament]
    tables: Mapping[int, StoredTable]
    queue: Sequence[QueueEntry] = field(default_factory=list)
    user_names: Mapping[int, str] = field(default_factory=dict)
    finals: Mapping[int, Snapshot] = field(default_factory=dict)  # table id → its end
    timer_scale: float | None = None  # the bot's (waits end sooner in tests); None: unknown

    def named(self, name: str) -> StoredTournament | None:
        """The tournament of that name (the newest, if names repeat)."""
        return next((t for t in reversed(self.tournaments) if t.name == name), None)

    def opened_by(self, table_id: int | None, moment: float) -> bool:
        """Whether the table had been opened at ``moment``."""
        table = self.tables.get(table_id or -1)
        return table is not None and table.created_at <= moment

    def over_by(self, table_id: int | None, moment: float) -> bool:
        """Whether the table's game had been played out at ``moment`` (its last move)."""
        table = self.tables.get(table_id or -1)
        return (table is not None and table.status == "finished"
                and (not table.actions or table.actions[-1].stored_at <= moment))

    def rounds_opened(self, tournament: StoredTournament, moment: float) -> int:
        """The newest round every table of which had been opened at ``moment`` (0: none)."""
        return self._rounds_where(tournament, lambda table: self.opened_by(table, moment))

    def rounds_over(self, tournament: StoredTournament, moment: float) -> int:
        """How many rounds had been played out at ``moment``: every table of each."""
        return self._rounds_where(tournament, lambda table: self.over_by(table, moment))

    @staticmethod
    def _rounds_where(tournament: StoredTournament, done: Callable[[int | None], bool]) -> int:
        """How many rounds, from the first, have tables that are all ``done``."""
        count = 0
        for number in range(1, tournament.rounds + 1):
            tables = tournament.round_tables(number)
            if not tables or not all(done(t.table_id) for t in tables):
                break
            count = number
        return count

    def started_by(self, tournament: StoredTournament, moment: float) -> bool:
        """Whether the tournament had started at ``moment`` (its first round opened)."""
        return self.rounds_opened(tournament, moment) >= 1


def said_is(kind: str, said: str, wrong: list[str] | str | None) -> Finding:
    """A finding: true when nothing is ``wrong``."""
    if isinstance(wrong, list):
        wrong = "; ".join(wrong) or None
    return (kind, said, wrong)
