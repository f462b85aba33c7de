"""Claims of a ``/review`` step's calls: ``**Calls:** alice passed, bob ordered up the
8♦ and went alone, …`` at the deal (every call before the first card) and ``During the
trick: bob did not switch.`` at a trick. Each call, who made it and the card it names
are read, in order, and checked against the stored action log of that hand."""

from __future__ import annotations

import re

from tests.truth.claims.base import Claim, Context, split_outside
from tests.truth.claims.review.holdings import Step
from tests.truth.reading.cards import CARD, card_ids, suit_named
from tests.truth.stored.timeline import Snapshot

Call = tuple[int, str, str | None]  # (seat, kind, what it names: a card, suit or bid)
CALLS, DURING = "**Calls:** ", "During the trick: "
SIMPLE = {"passed": "pass", "went alone": "alone", "played with their partner": "partner",
          "called Jambone": "jambone", "defended alone": "defend_alone",
          "shot the moon": "shoot", "did not shoot the moon": "no_shoot",
          "did not switch": "no_switch"}
#: A dealer who took the turn-up before discarding: the words say the pick-up once.
PICKED_AND = re.compile(r"picked up the .+? and discarded the ")
NAMED_CARD = re.compile(r"^(?:ordered up|picked up|discarded|gave their partner|"
                        r"switched in) the (?P<card>.+?)(?: as calling card)?$")
KINDS = {"ordered": "order", "picked": "order", "discarded": "discard", "gave": "give",
         "switched": "switch"}


def starting_seat(chunk: str, ctx: Context) -> tuple[int, str] | None:
    """(seat, the rest) when ``chunk`` starts with a seat's name (the longest: ``bob
    (left, 🤖 plays on)``) and a space."""
    for position in reversed([m.start() for m in re.finditer(" ", chunk)]):
        seat = ctx.names.seat(chunk[:position])
        if seat is not None:
            return seat, chunk[position + 1:]
    return None


def said_calls(text: str, ctx: Context) -> list[Call] | None:
    """The calls a sentence names, in order; None if a part cannot be read."""
    by_seat: list[tuple[int, list[str]]] = []
    for chunk in split_outside(text.removesuffix("."), ", "):
        start = starting_seat(chunk, ctx)
        if start is not None:
            by_seat.append((start[0], [start[1]]))
        elif by_seat:
            by_seat[-1][1].append(chunk)
        else:
            return None
    calls: list[Call] = []
    for seat, chunks in by_seat:
        for chunk in chunks:
            for words in PICKED_AND.sub("discarded the ", chunk).split(" and "):
                if only_cards(words) and calls and calls[-1][1] == "discard":
                    calls += [(seat, "discard", card) for card in card_ids(words)]
                    continue  # the same seat's further discards
                call = read_call(words)
                if call is None:
                    return None
                calls.append((seat, *call))
    return calls


def only_cards(text: str) -> bool:
    """Whether ``text`` names cards and nothing else."""
    return bool(card_ids(text)) and CARD.sub("", text).strip() == ""


def read_call(words: str) -> tuple[str, str | None] | None:
    """One call's words as (kind, what it names)."""
    if words in SIMPLE:
        return SIMPLE[words], None
    named = NAMED_CARD.match(words)
    if named is not None:
        cards = card_ids(named.group("card"))
        return (KINDS[words.split()[0]], cards[0]) if len(cards) == 1 else None
    played = re.match(r"^played it \((.+)\)$", words)
    if played is not None:
        cards = card_ids(played.group(1))
        return "order", cards[0] if cards else None
    if words.startswith("named "):
        suit = suit_named(words)
        return None if suit is False else ("trump", suit)  # type: ignore[return-value]
    bid = re.match(r"^bid (.+?)(?: tricks?)?$", words)
    if bid is not None:
        return "bid", bid.group(1).lower()
    return None


def true_call(seat: int, action: str, turned: str | None) -> Call:
    """A logged action as the call it is (the card it names, ``turned`` for an order)."""
    kind, _, arg = action.partition(":")
    if kind == "order":
        return seat, "order", turned
    if kind == "trump":
        return seat, "trump", None if arg == "N" else arg
    if kind == "bid":
        return seat, "bid", arg.replace("_", " ").lower()
    return seat, kind, arg or None


def calls_truth(s: Snapshot, ctx: Context, hand: int, trick: int) -> list[Call] | None:
    """The calls of hand ``hand`` before its first card (``trick`` 0), or those made after
    the card before ``trick`` up to the move that took it (Flip's switches)."""
    whole = s.hand_span(hand)
    if whole is None:
        return None
    start, end = whole
    events = s.events[start:end]
    turned = next((e.get("card") for e in events if e["type"] == "turn_up"), None)
    dealt = s.action_of(start)
    ends = [s.action_of(i) for i in range(start, end) if s.events[i]["type"] == "trick"]
    if dealt is None or trick > len(ends):
        return None
    actions = ctx.table.actions  # action number k is actions[k - 1]
    last = (s.action_of(end) or len(actions)) if end < len(s.all_events) else len(actions)
    plays = [k for k in range(dealt + 1, last + 1) if actions[k - 1].action.startswith("play:")]
    if trick == 0:
        engine = [true_call(e["seat"], e["action"], turned) for e in events
                  if e["type"] == "bid" and e["seat"] >= ctx.table.players]
        span = range(dealt + 1, plays[0] if plays else last + 1)
    else:
        engine = []
        since = plays[0] if trick == 1 else ends[trick - 2]
        span = range((since or 0) + 1, (ends[trick - 1] or 0) + 1)
    # Who made call k: the engine's player to act before it.
    return engine + [true_call(s.views_by_k[k - 1][0]["current_player"], actions[k - 1].action,
                               turned) for k in span if not actions[k - 1].action.startswith(
                                   "play:")]


def calls_claims(line: str, ctx: Context, step: Step | None) -> list[Claim] | None:
    """``**Calls:** …`` at the deal or ``During the trick: …`` at a trick: those calls,
    by those seats, in that order, naming those cards."""
    prefix = CALLS if line.startswith(CALLS) else DURING if line.startswith(DURING) else None
    if prefix is None or step is None or (prefix == CALLS) != (step[3] is None):
        return None
    said = said_calls(line.removeprefix(prefix), ctx)
    if said is None:
        return None
    hand, trick = step[1], step[3] or 0

    def test(s: Snapshot) -> str | None:
        true = calls_truth(s, ctx, hand, trick)
        if true is None:
            return f"hand {hand} has not got that far"
        if [c for c in true if c[1] != "order"] != [c for c in said if c[1] != "order"]:
            return f"the calls were {true}"
        orders = [c for c in true if c[1] == "order"]
        claimed = [c for c in said if c[1] == "order"]
        if [c[0] for c in orders] != [c[0] for c in claimed] or any(
                t[2] is not None and c[2] is not None and t[2] != c[2]
                for t, c in zip(orders, claimed, strict=True)):
            return f"the calls were {true}"
        return None

    return [Claim("review_calls", line, test)]
