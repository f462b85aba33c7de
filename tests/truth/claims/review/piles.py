"""Claims of a ``/review`` deal step's piles line: ``Turn-up: 8♦ (picked up) · Kitty:
A♥ A♣ Q♥ (face down) · Discarded: 10♣ (face down)``. The turn-up (or chaff) card and
what became of it, Flip's calling card as dealt and the cards discarded are checked
exactly; of a pile no seat sees (kitty, nest, burn card), that none of its cards was
dealt to a seat (not in Flip, whose deck has two of each card)."""

from __future__ import annotations

import re

from tests.truth.claims.base import Claim, Context
from tests.truth.claims.review.holdings import Step, views_at
from tests.truth.reading.cards import card_ids
from tests.truth.stored.timeline import Snapshot

PILE = re.compile(r"^(?P<name>[A-Z][\w -]*?): (?P<cards>.+?)(?: \((?P<notes>[^()]*)\))?$")
STATES = {"taken": "picked up", "down": "turned down", "up": "turned up"}
NAMES = frozenset({"turn-up", "kitty", "calling card", "burn card", "chaff", "rest of the chaff",
                   "nest", "discarded"})


def piles_claims(line: str, ctx: Context, step: Step | None) -> list[Claim] | None:
    """Each pile of the line at a deal step, as one claim."""
    if step is None or step[3] is not None:
        return None
    piles = [PILE.match(part) for part in line.split(" · ")]
    if not piles or any(p is None or p.group("name").lower() not in NAMES for p in piles):
        return None
    hand = step[1]
    claims = []
    for pile in piles:
        assert pile is not None
        name, notes = pile.group("name").lower(), (pile.group("notes") or "").split(", ")
        said = card_ids(pile.group("cards"))

        def test(s: Snapshot, name: str = name, said: list[str] = said,
                 notes: list[str] = notes) -> str | None:
            return pile_truth(s, ctx, hand, name, said, notes)

        claims.append(Claim("review_piles", line, test))
    return claims


def pile_truth(s: Snapshot, ctx: Context, hand: int, name: str, said: list[str],
               notes: list[str]) -> str | None:
    """None if the pile ``name`` of hand ``hand`` holds the cards said, else the truth."""
    dealt = views_at(s, hand, 0)
    if dealt is None:
        return f"hand {hand} has not been dealt"
    views = dealt[0]
    later = (views_at(s, hand, 1) or dealt)[0][0]  # once play began
    if name == "chaff":
        return None if sorted(said) == sorted(later.get("chaff") or []) else (
            f"the chaff turned up was {later.get('chaff')}")
    if name == "turn-up":
        if said != [views[0].get("turn_up")]:
            return f"the turn-up was {views[0].get('turn_up')}"
        state = later.get("turn_up_state")
        told = STATES.get(str(state))
        return None if told is None or told in notes else f"the {name} was {told}"
    if name == "calling card":
        return None if said == [views[0].get("calling_card")] else (
            f"the calling card was {views[0].get('calling_card')}")
    if name == "discarded":
        true = sorted(discards(s, ctx, hand))
        return None if true == sorted(said) else f"discarded: {true}"
    if ctx.table.variant == "flip":
        return None  # two of each card: a hidden pile's card may be in a hand too
    held = {card for view in views for card in view.get("hand") or []}
    dealt_too = sorted(set(said) & held)
    return None if not dealt_too else f"{dealt_too} were dealt to a seat"


def discards(s: Snapshot, ctx: Context, hand: int) -> list[str]:
    """The cards discarded in hand ``hand``, from the stored actions."""
    span = s.hand_span(hand)
    if span is None:
        return []
    first = s.action_of(span[0]) or 0
    last = s.action_of(span[1]) or len(ctx.table.actions)  # None past the events so far
    return [a.action.removeprefix("discard:") for a in ctx.table.actions[first:last]
            if a.action.startswith("discard:")]
