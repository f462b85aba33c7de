"""Claims of a member's private answers that no one table's game covers: ``/stats``
(:mod:`.stats`), ``/leaderboard show`` (:mod:`.leaderboard`) and the answers about seats
(:mod:`.seats`), judged against what the store kept at the moment each was shown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tests.truth.claims.answers.leaderboard import leaderboard_findings
from tests.truth.claims.answers.seats import seat_findings
from tests.truth.claims.answers.stats import Finding, stats_findings
from tests.truth.stored.opened import OpenedTable, read_opened
from tests.truth.stored.ratings import Ledger, read_ledger
from tests.truth.stored.timeline import Snapshot


@dataclass(frozen=True)
class Kept:
    """What the answers are judged against: the counted results, every table, and each
    table's game replayed to its end."""

    ledger: Ledger
    tables: dict[int, OpenedTable]
    finals: Mapping[int, Snapshot] = field(default_factory=dict)


def read_kept(path: Path, finals: Mapping[int, Snapshot] | None = None) -> Kept:
    """Read once per audit from the store at ``path`` (``finals``: the tables replayed)."""
    return Kept(read_ledger(path), read_opened(path), finals or {})


def answer_findings(text: str, member: int | None, kept: Kept, at: float) -> list[Finding]:
    """(kind, said, truth or None) for each statement of these answers in ``text``."""
    return (stats_findings(text, kept.ledger, at, kept.finals)
            + leaderboard_findings(text, member, kept.ledger, at)
            + seat_findings(text, member, kept.tables, kept.ledger.settings, at))
