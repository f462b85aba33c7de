"""Claims of the computer's opinion in a ``/review`` step that the game's record can bear
out: how many decisions the member made (``🤖 3 costly decisions of 26, …``), that the
largest named is one they made in that hand, that the choices weighed at a decision
(``-# Expected points for your side this hand: Pass +0.6 · Bid 3 -0.7 · 4 more``) were
open to them then, and that ``No decision of yours at this step.`` is said only of
a step where they had no choice to make.

A decision is a move of the member's seat with more than one legal action, made before
the member left the game (when they did: a computer's moves in their seat afterwards are
not theirs)."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from tests.truth.claims.base import Claim, Context
from tests.truth.claims.review.holdings import Step
from tests.truth.reading.actions import action_named
from tests.truth.stored.timeline import Snapshot

NONE_COSTLY = re.compile(r"^-# 🤖 (?P<total>\d+) decisions? looked at: none was costly\. "
                         r"Well played!$")
SOME_COSTLY = re.compile(r"^-# 🤖 (?P<costly>\d+) costly decisions? of (?P<total>\d+), about "
                         r"[\d.]+ points given away in all; the largest: (?P<name>.+) in hand "
                         r"(?P<hand>\d+) \([\d.]+\)\.$")
CHOICES = "-# Expected points for your side this hand: "
CHOICE = re.compile(r"^(?P<name>.+) [+-]\d+(?:\.\d+)?$")
MORE = re.compile(r"^(?P<more>\d+) more$")
NO_DECISION = "No decision of yours at this step."


@dataclass(frozen=True)
class Decision:
    """A move of the seat with a real choice: its action number (1-based), the hand it
    was made in (as the review counts hands), its action and the actions open then."""

    k: int
    hand: int
    action: str
    legal: tuple[str, ...]


def left_at(ctx: Context, seat: int) -> float | None:
    """When the member of ``seat`` left it for good (None: they did not)."""
    gone = [d.departed_at for d in ctx.table.departures if d.seat == seat]
    return min(gone) if gone else None


def decisions(s: Snapshot, ctx: Context, seat: int) -> list[Decision]:
    """The seat's decisions in the game so far, in order, up to its member's departure."""
    until = left_at(ctx, seat)
    deals = [i for i, e in enumerate(s.events) if e["type"] == "deal"]
    found = []
    for k, stored in enumerate(ctx.table.actions[: s.k], start=1):
        if until is not None and stored.stored_at >= until:
            break
        legal = s.legal_by_k[k - 1]
        if s.views_by_k[k - 1][0].get("current_player") == seat and len(legal) > 1:
            hand = bisect_right(deals, s.events_by_k[k - 1] - 1)  # deals before the move
            found.append(Decision(k, hand, stored.action, legal))
    return found


def step_moves(s: Snapshot, hand: int, trick: int) -> range | None:
    """The action numbers a review step covers: at the deal (``trick`` 0) the moves before
    the hand's first card, at trick t those after trick t-1 was taken (the first card, for
    trick 1) up to the move that took trick t."""
    span = s.hand_span(hand)
    if span is None:
        return None
    start, end = span
    dealt = s.action_of(start) or 0
    last = s.action_of(end) if end < s.n_events else s.k
    if last is None:
        return None
    events = s.events
    plays = [s.action_of(i) for i in range(start, end) if events[i]["type"] == "play"]
    ends = [s.action_of(i) for i in range(start, end) if events[i]["type"] == "trick"]
    first = plays[0] if plays and plays[0] is not None else last + 1
    if trick == 0:
        return range(dealt + 1, first)
    if trick > len(ends):
        return None
    opens = first if trick == 1 else (ends[trick - 2] or 0) + 1
    return range(opens, (ends[trick - 1] or 0) + 1)


def at_step(s: Snapshot, ctx: Context, seat: int, step: Step) -> list[Decision] | None:
    """The seat's decisions at a review step; None if the hand has no such step."""
    moves = step_moves(s, step[1], step[3] or 0)
    if moves is None:
        return None
    return [d for d in decisions(s, ctx, seat) if d.k in moves]


def summary_claims(line: str, ctx: Context) -> list[Claim] | None:
    """``-# 🤖 7 costly decisions of 19, …; the largest: Moon in hand 4 (15.4).`` or
    ``-# 🤖 10 decisions looked at: none was costly. Well played!``: the member made that
    many decisions, at least that many were costly, and they made the largest named in
    that hand."""
    match = SOME_COSTLY.match(line) or NONE_COSTLY.match(line)
    seat = ctx.seat
    if match is None or seat is None:
        return None
    total = int(match.group("total"))

    def count(s: Snapshot) -> str | None:
        made = len(decisions(s, ctx, seat))
        if made != total:
            return f"the seat made {made} decisions with a choice"
        costly = match.groupdict().get("costly")
        return None if costly is None or int(costly) <= total else f"{costly} of {total}"

    claims = [Claim("review_decisions", line, count)]
    named = action_named(match.group("name")) if "name" in match.groupdict() else None
    if named is not None:
        hand = int(match.group("hand"))

        def largest(s: Snapshot) -> str | None:
            mine = [d.action for d in decisions(s, ctx, seat) if d.hand == hand]
            return None if named in mine else f"the seat's decisions in hand {hand}: {mine}"

        claims.append(Claim("review_largest", line, largest))
    return claims


def read_choices(text: str) -> tuple[list[str], int] | None:
    """The actions a choices line names, and how many more it says there are."""
    parts, more = text.split(" · "), 0
    tail = MORE.match(parts[-1])
    if tail is not None:
        parts, more = parts[:-1], int(tail.group("more"))
    named = [CHOICE.match(part) for part in parts]
    actions = [action_named(m.group("name")) if m else None for m in named]
    if not actions or any(a is None for a in actions):
        return None
    return [a for a in actions if a is not None], more


def choices_claims(line: str, ctx: Context, step: Step | None,
                   chosen: str | None) -> list[Claim] | None:
    """The choices weighed at the decision named just above (``chosen``, an action): at
    this step the member made it, and the choices named, with the ``N more``, were open
    to them then (the opinion weighs the choices worth weighing, not always all of them:
    Cincinnati's moons but the highest, Flip's bids far from the hand's)."""
    read = read_choices(line.removeprefix(CHOICES)) if line.startswith(CHOICES) else None
    seat = ctx.seat
    if read is None or step is None or seat is None:
        return None
    named, more = read

    def test(s: Snapshot) -> str | None:
        here = at_step(s, ctx, seat, step)
        if here is None:
            return f"hand {step[1]} has no such step"
        fits = [d for d in here if chosen is None or d.action == chosen]
        if not fits:
            return f"the seat's decisions at this step: {[d.action for d in here]}"
        for decision in fits:
            if (len(set(named)) == len(named) and set(named) <= set(decision.legal)
                    and len(named) + more <= len(decision.legal)):
                return None
        return f"the choices open were {list(fits[0].legal)}"

    return [Claim("review_choices", line, test)]


def no_decision_claims(line: str, ctx: Context, step: Step | None) -> list[Claim] | None:
    """``No decision of yours at this step.``: the member had no choice to make there."""
    seat = ctx.seat
    if line != NO_DECISION or step is None or seat is None:
        return None

    def test(s: Snapshot) -> str | None:
        here = at_step(s, ctx, seat, step)
        if here is None:
            return f"hand {step[1]} has no such step"
        return None if not here else f"the seat chose {[d.action for d in here]} here"

    return [Claim("review_no_decision", line, test)]
