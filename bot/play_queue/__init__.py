"""The ``/play`` queue: members wait for a game; a full table opens as soon as enough of
them match, and after the wait one with computer players in the empty seats.

:mod:`.matching` is the pure rule (who sits together, and when); :mod:`.timer` wakes the
queue when the next wait ends; :mod:`.queue` keeps the queue in the store and opens tables
through the table service. No Discord here: the cog (``cogs/play.py``) talks to members.
"""

from .matching import Seating, due_tables, full_tables, next_deadline
from .queue import JoinOutcome, OpenedTable, PlayQueue

__all__ = [
    "JoinOutcome",
    "OpenedTable",
    "PlayQueue",
    "Seating",
    "due_tables",
    "full_tables",
    "next_deadline",
]
