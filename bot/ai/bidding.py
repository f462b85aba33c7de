"""Classic Euchre's calls from a trained policy (the ``expert`` level's starting choice).

Every call (order up or pass, name a suit or pass, alone or with partner) is placed in a
bucket by what the seat knows: the decision, the seat's position, how far the side's
estimated tricks lie above or below the careful player's threshold (``margin``, in
quarters of a trick) and the trumps it would hold. For each bucket the shipped table
(``data/euchre_bidding.json``, made by ``python -m bot.ai.bidding_train``) holds how many
points a hand calling (or going alone) gained over passing (or playing with partner)
when it was tried on both sides in the same deals. The policy calls, or goes alone, where
that gain is positive and the bucket was tried often enough; elsewhere it leaves the
choice to the careful rule.

Only classic Euchre is trained: Railroad's and Cincinnati's calls have more choices
(bids, a second deck, six seats) than classic Euchre's half hour of training on two
cores would fill, so those games keep the search.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from bot.engine.cards import suit_name
from bot.engine.ranking import TRUMP, ranking

from .heuristics.euchre import ALONE, HEURISTICS, EuchreHeuristics
from .knowledge import View, rank_rules

DATA_FILE = "euchre_bidding.json"
MIN_TRIALS = 40  # a bucket tried fewer times than this is left to the careful rule
# Decisions the policy makes: order up, name a suit, go alone. (Going alone was measured
# against searching defenders too: following the table there gained over the careful rule
# in duplicate deals against ``hard``.)
FOLLOWED = ("round1", "round2", "alone")
MARGIN_STEP = 0.25  # tricks per margin bucket
MARGIN_SPAN = 8  # buckets either side of the threshold; beyond, the choice is plain

Bucket = tuple[str, str, int, int]  # (decision, position, margin bucket, trumps held)


def margin_bucket(margin: float) -> int | None:
    """The bucket of a margin in tricks, or None when it is far from the threshold."""
    index = int(margin // MARGIN_STEP)
    return index if -MARGIN_SPAN <= index < MARGIN_SPAN else None


def _trumps(hand: Sequence[str], trump: str) -> int:
    power = ranking(rank_rules("euchre"), trump).power
    return min(4, sum(power[c] >= TRUMP for c in hand))


def call_bucket(view: View, legal: Sequence[str], heur: EuchreHeuristics = HEURISTICS) -> tuple[
    Bucket, str, float
] | None:
    """The bucket of a call, the calling action it weighs against passing (or going
    with partner) and the estimate behind it; None for other decisions."""
    phase, seat, hand = view.get("phase"), view["seat"], list(view["hand"])
    if view.get("variant") != "euchre":
        return None
    if phase == "round1" and "order" in legal and "pass" in legal:
        team = heur.round1_team(view, hand, seat)
        call, _ = heur.thresholds(view)
        held = hand + ([view["turn_up"]] if seat == view["dealer"] else [])
        position = heur.position(view, seat, False)
        found = margin_bucket(team - call)
        trumps = _trumps(held, str(view["turn_up"][1]))
        return None if found is None else (("round1", position, found, trumps), "order", team)
    if phase == "round2" and "pass" in legal:
        options = [a for a in legal if a.startswith("trump:")]
        if not options:
            return None
        values = heur.round2_values(view, hand, [a[6:] for a in options])
        best = max(options, key=lambda a: (values[a[6:]], -options.index(a)))
        call, _ = heur.thresholds(view, round_two=True)
        position = "dealer" if seat == view["dealer"] else (
            "partner" if heur.partner_is(view, view["dealer"], seat) else "opponent"
        )
        found = margin_bucket(values[best[6:]] - call)
        trumps = _trumps(hand, best[6:])
        return None if found is None else (("round2", position, found, trumps), best,
                                           values[best[6:]])
    if phase == "alone" and "alone" in legal and "partner" in legal:
        trump = view["trump"]
        own = heur.own_estimate(view, trump)
        found = margin_bucket(own - ALONE)
        trumps = _trumps(hand, trump)
        return None if found is None else (("alone", "maker", found, trumps), "alone", own)
    return None


def bucket_key(bucket: Bucket) -> str:
    """The bucket as the data file names it: ``round1/dealer/-2/3``."""
    return "/".join(str(part) for part in bucket)


@cache
def policy() -> dict[str, Any]:
    """The shipped table: per bucket, trials and mean points a hand calling gained."""
    text = resources.files("bot.ai").joinpath("data", DATA_FILE).read_text()
    table: dict[str, Any] = json.loads(text)
    return table


def trained_call(view: View, legal: Sequence[str]) -> tuple[str, str] | None:
    """The trained policy's choice and a sentence that explains it, or None when the
    decision is not a trained call (or its bucket was tried too rarely)."""
    found = call_bucket(view, legal)
    if found is None:
        return None
    bucket, action, estimate = found
    row = policy()["buckets"].get(bucket_key(bucket))
    if row is None or row["trials"] < MIN_TRIALS or bucket[0] not in FOLLOWED:
        return None
    gain = row["gain"]
    decision = bucket[0]
    if decision == "alone":
        if gain > 0:
            return action, (f"Go alone: you should take about {estimate:.1f} tricks yourself, "
                            f"and going alone gained {gain:+.2f} points a hand with hands like it.")
        return "partner", (f"Play with your partner: with hands like yours, going alone lost "
                           f"{-gain:.2f} points a hand on average.")
    suit = suit_name(str(view["turn_up"][1]) if decision == "round1" else action[6:])
    verb = "Order up" if decision == "round1" else "Name"
    if gain > 0:
        return action, (f"{verb} {suit}: your side should take about {estimate:.1f} tricks, "
                        f"and calling gained {gain:+.2f} points a hand with hands like it.")
    return "pass", (f"Pass: with hands like yours, calling {suit} lost {-gain:.2f} points "
                    f"a hand on average.")
