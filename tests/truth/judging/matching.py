"""Which state of the game each message version shows, and whether what it says is true.

A version was shown at a known moment, so it shows the game after some number ``k`` of
stored actions: at most those stored before it appeared, and no fewer than its previous
version (of the same message, or the table's earlier commentary) showed. Within that
window the version is read at the state where the most of its claims hold (first those
that pin a moment down, see ``LOOSE``; the earliest on a tie, so that the next version's
window is not cut short); the claims false even there are false statements.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from tests.truth.claims.base import Claim
from tests.truth.stored.timeline import Snapshot

#: Kinds that do not tell one moment from the next (constant over the game, or read
#: into a move rather than shown by it): the state a version shows is the one where the
#: most of the other claims hold, so that a statement already known to be false (say a
#: Calls: line without "alone") does not pull the reading back to the move before.
LOOSE = frozenset({"calls_alone", "alone", "hand_result_takers", "card_role", "must_follow",
                   "review_best", "hint", "play_from", "target", "title", "seat", "round_hands",
                   "choice_count", "choice_nest", "lobby_open", "lobby_full", "lobby_seat",
                   "seat_mark"})


@dataclass(frozen=True)
class Verdict:
    """A claim judged at the state its message showed: None if true, else the truth."""

    claim: Claim
    truth: str | None
    k: int


class Stream:
    """Successive versions of one message (or one table's commentary), never going back."""

    def __init__(self, snapshots: list[Snapshot], stored_at: list[float]) -> None:
        self.snapshots = snapshots
        self.stored_at = stored_at
        self.k = 0

    def judge(self, claims: list[Claim], at: float) -> list[Verdict]:
        """The claims of a version shown at ``at``, each judged at the best state."""
        newest = bisect.bisect_right(self.stored_at, at)
        oldest = min(self.k, newest)
        if not claims:
            return []
        best: tuple[tuple[int, int], int] | None = None
        outcomes: list[str | None] = []
        for k in range(oldest, newest + 1):
            truths = [safely(claim, self.snapshots[k]) for claim in claims]
            pinned = sum(t is None for c, t in zip(claims, truths, strict=True)
                         if c.kind not in LOOSE)
            score = (pinned, sum(truth is None for truth in truths))
            if best is None or score > best[0]:
                best, outcomes = (score, k), truths
        assert best is not None
        self.k = best[1]
        return [Verdict(c, t, self.k) for c, t in zip(claims, outcomes, strict=True)]


def safely(claim: Claim, snapshot: Snapshot) -> str | None:
    """A claim's test; a test that cannot read the state counts the claim false."""
    try:
        return claim.test(snapshot)
    except (KeyError, IndexError, TypeError) as error:
        return f"(not in the game: {type(error).__name__} {error})"
