"""Which state of the game each message version shows, and whether what it says is true.

A version was shown at a known moment, so it shows the game after some number ``k`` of
stored actions: at most those stored before it appeared, and no fewer than its previous
version (of the same message, or the table's earlier commentary) showed. Within that
window the version is read at the state where the most of its claims hold (the earliest
on a tie, so that the next version's window is not cut short); the claims false even
there are false statements.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from tests.truth.claims.base import Claim
from tests.truth.timeline import Snapshot


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
        best: tuple[int, int] | None = None
        outcomes: list[str | None] = []
        for k in range(oldest, newest + 1):
            truths = [safely(claim, self.snapshots[k]) for claim in claims]
            score = sum(truth is None for truth in truths)
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
