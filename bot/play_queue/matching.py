"""Who sits together: the matching rule of the ``/play`` queue. Pure (no I/O, no clock).

Members match when they want the same game, number of seats and options (their
:attr:`~bot.store.play_queue.QueuedMember.key`). Within a match, the longest waiting come
first, and the first of each table is its host.

- **Full tables** open at once: every ``players`` matching members, in the order they came.
- **After the wait**: once the wait of the longest-waiting member who accepts computer
  players has ended, the members of that match who accept computers sit together and
  computer players take the other seats. Members who do not accept computers keep
  waiting (they never set off a table with computers, and their own wait is not used).

Members seated at an open table are not matched: the queue drops them before it calls
these (:meth:`bot.play_queue.PlayQueue._settle`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.store.play_queue import QueuedMember, QueueKey


@dataclass(frozen=True)
class Seating:
    """A table to open: its members (the host first) and how many computer players."""

    members: tuple[QueuedMember, ...]
    computers: int = 0

    @property
    def host(self) -> QueuedMember:
        """The longest-waiting member: the table opens in their channel, hosted by them."""
        return self.members[0]

    @property
    def user_ids(self) -> tuple[int, ...]:
        """The members' user ids, host first."""
        return tuple(m.user_id for m in self.members)


def matches(waiting: Iterable[QueuedMember]) -> list[list[QueuedMember]]:
    """The waiting members grouped by what they want (each group longest waiting first);
    groups in the order of their first member."""
    groups: dict[tuple[int, QueueKey], list[QueuedMember]] = {}
    for member in sorted(waiting, key=lambda m: (m.joined_at, m.user_id)):
        groups.setdefault((member.guild_id, member.key), []).append(member)
    return list(groups.values())


def full_tables(waiting: Iterable[QueuedMember]) -> list[Seating]:
    """Every table that enough matching members fill (no computers needed)."""
    tables: list[Seating] = []
    for group in matches(waiting):
        size = group[0].players
        for start in range(0, len(group) - size + 1, size):
            tables.append(Seating(tuple(group[start : start + size])))
    return tables


def due_tables(waiting: Iterable[QueuedMember], now: float) -> list[Seating]:
    """Tables with computer players whose wait has ended at ``now`` (after the full
    tables are taken out: call it with what :func:`full_tables` left)."""
    tables: list[Seating] = []
    for group in matches(waiting):
        deadline = _deadline(group)
        if deadline is None or deadline > now:
            continue
        size = group[0].players
        willing = [m for m in _left_over(group) if m.computers][:size]
        if willing:
            tables.append(Seating(tuple(willing), computers=size - len(willing)))
    return tables


def next_deadline(waiting: Iterable[QueuedMember]) -> float | None:
    """When the next wait ends (a table with computers may open then); None if never."""
    deadlines = [d for g in matches(waiting) if (d := _deadline(g)) is not None]
    return min(deadlines, default=None)


def _left_over(group: Sequence[QueuedMember]) -> list[QueuedMember]:
    """The members a full table would not take (the group has fewer than a table)."""
    size = group[0].players
    return list(group[len(group) - len(group) % size :])


def _deadline(group: Sequence[QueuedMember]) -> float | None:
    """When the longest-waiting member who accepts computers stops waiting."""
    willing = [m for m in _left_over(group) if m.computers]
    return willing[0].wait_ends if willing else None
