"""Which seating each version of a lobby shows.

A lobby version is shown just after the seat change it shows, so it shows the seats as
held at some moment of its window: at most as stored before it appeared, no earlier than
its message's previous lobby version showed, nor than ``LAG`` seconds before it appeared
(the table message follows each change within a fraction of a second; a version showing
seats that changed longer ago says what is no longer so). Within that window it is read
at the seating where the most of its lobby lines hold (the earliest on a tie, so that the
next version's window is not cut short); the lines false even there are false statements.
"""

from __future__ import annotations

import bisect
from dataclasses import replace

from tests.truth.claims.base import Context
from tests.truth.reading.reader import read
from tests.truth.reading.seating import LAG, Seating
from tests.truth.stored.timeline import Snapshot

#: The kinds of claim a lobby version makes about its seats.
LOBBY_KINDS = frozenset({"lobby_seat", "lobby_open", "lobby_full"})


class LobbyStream:
    """Successive lobby versions of one message, never going back."""

    def __init__(self, seatings: list[Seating]) -> None:
        self.seatings = seatings
        self.since = [seating.since for seating in seatings]
        self.k = 0

    def seating(self, text: str, ctx: Context, at: float, state: Snapshot) -> Seating | None:
        """The seating a lobby version shown at ``at`` shows (None: no seating was stored
        by then)."""
        newest = bisect.bisect_right(self.since, at) - 1
        if newest < 0:
            return None
        oldest = max(min(self.k, newest), bisect.bisect_right(self.since, at - LAG) - 1)
        self.k = max(range(oldest, newest + 1),
                     key=lambda k: (holding(text, replace(ctx, seating=self.seatings[k]),
                                            state), -k))
        return self.seatings[self.k]


def holding(text: str, ctx: Context, state: Snapshot) -> int:
    """How many of the lobby lines of ``text`` hold in the seating of ``ctx``."""
    return sum(claim.test(state) is None for claim in read(text, ctx).claims
               if claim.kind in LOBBY_KINDS)
