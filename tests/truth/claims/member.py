"""Claims of a member's own answers that no single table covers: that they have finished
no game, when the stored games say they have."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tests.truth.stored.store import StoredTable

NO_GAMES = "You have not finished a game in this server yet"
#: ``/history`` with no game in it.
NO_HISTORY = re.compile(r"<@(\d+)> hasn't finished a game in this server yet")


def finished_by(member: int, tables: Iterable[StoredTable], before: float) -> list[int]:
    """The finished tables the member sat at (or left) whose last move came before."""
    return [t.id for t in tables if t.status == "finished" and t.actions
            and t.actions[-1].stored_at <= before
            and (member in {s.user_id for s in t.seats} or member in t.departed.values())]


def member_claims(text: str, member: int | None, tables: Iterable[StoredTable],
                  at: float) -> list[tuple[str, str, str | None]]:
    """(kind, said, truth or None) for each member-level statement the text makes."""
    empty = NO_HISTORY.search(text)
    if empty is not None:
        member, said = int(empty.group(1)), empty.group(0)
    elif member is not None and NO_GAMES in text:
        said = NO_GAMES
    else:
        return []
    games = finished_by(member, tables, at)
    truth = f"they finished table(s) {games}" if games else None
    return [("finished_games", said, truth)]


QUEUED = "⏳ You're in the queue"


def queue_claims(title: str, member: int | None, tables: Iterable[StoredTable], at: float,
                 last: bool) -> list[tuple[str, str, str | None]]:
    """``⏳ You're in the queue`` says the member still waits: its last version stays on
    screen, so it must not be left showing once a table seated them."""
    if member is None or not title.startswith(QUEUED) or not last:
        return []
    seated = [t.id for t in tables if t.created_at >= at and (
        member in {s.user_id for s in t.seats} or member in t.departed.values())]
    truth = f"table #{seated[0]} seated them; the message still says they wait" if seated else None
    return [("queue_wait", QUEUED, truth)]
