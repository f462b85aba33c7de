"""Claims of a ``/review`` step's seat lines: each seat's cards as dealt (under
``**Dealt**``) or still held once the step's trick was taken (under ``**Still held**``),
whether the seat sits the hand out, and in the two-player games its table or battery.
The truth is each seat's own view in the engine's replay, at the deal or that trick."""

from __future__ import annotations

import re
from typing import Any

from tests.truth.claims.base import Claim, Context, Test
from tests.truth.reading.cards import card_ids
from tests.truth.stored.timeline import Snapshot

SECTIONS = {"**Dealt**": "dealt", "**Still held**": "held"}
SITS_OUT = " (sits out)"
TABLE = re.compile(r"^hand (?P<hand>.+?) · (?:table|battery) (?P<up>.*?)"
                   r"(?:, face down (?P<down>.+?))?(?P<idle> \(takes no part\))?$")

Views = tuple[dict[str, Any], ...]
Played = list[tuple[int, str]]  # (seat, card) of a trick
#: A review step as its title reads: (table, hand, hands, trick, tricks), trick None at
#: the deal.
Step = tuple[int, int, int, int | None, int | None]


def seat_of(line: str, ctx: Context) -> tuple[int, bool, str] | None:
    """(seat, sits out, what it holds) of ``bob (sits out): 9♠ J♠``; None if no seat's
    name starts the line."""
    start = 0
    while (colon := line.find(": ", start)) >= 0:
        name, out = line[:colon], line[:colon].endswith(SITS_OUT)
        seat = ctx.names.seat(name.removesuffix(SITS_OUT) if out else name)
        if seat is not None:
            return seat, out, line[colon + 2:]
        start = colon + 1
    return None


def holding_claims(line: str, ctx: Context, step: Step | None,
                   section: str) -> list[Claim] | None:
    """``alice: 9♠ J♠ A♥`` under Dealt (or Still held) at the step ``hand 2 · trick 3``:
    alice's cards then, exactly, and ``(sits out)`` said exactly when she sits it out."""
    found = seat_of(line, ctx)
    if step is None or found is None or (section == "held") == (step[3] is None):
        return None
    seat, out, held = found
    table = TABLE.match(held)
    said = sorted(card_ids(table.group("hand") if table else held))
    hand, trick = step[1], step[3] or 0
    if seat >= ctx.table.players:  # Flip's dead hand: no view shows it; its plays do
        return [Claim(f"review_{section}", line, dead_hand_test(seat, said, hand, trick))]

    def test(s: Snapshot) -> str | None:
        found_views = views_at(s, hand, trick)
        if found_views is None:
            return f"hand {hand} has no such step yet"
        views, played = found_views
        view = views[seat]
        mine = [card for who, card in played if who == seat]
        true = sorted(less(list(view.get("hand") or []), mine))
        if true != said:
            return f"{'dealt' if trick == 0 else 'still held'}: {true}"
        later = views_at(s, hand, 1) if trick == 0 else None  # calls made after the deal
        playing = (later or found_views)[0][0]
        active = playing.get("active") or [True] * len(views)
        sits_out = not active[seat] if seat < len(active) else False
        if sits_out != out:
            return "sits out" if sits_out else "plays the hand"
        in_play = list(playing.get("table_in_play") or [])
        return table_truth(table, view, seat, mine, in_play) if table else None

    return [Claim(f"review_{section}", line, test)]


def less(cards: list[str], taken: list[str]) -> list[str]:
    """``cards`` without one copy of each of ``taken`` (Flip's deck has two of each)."""
    left = list(cards)
    for card in taken:
        if card in left:
            left.remove(card)
    return left


def dead_hand_test(seat: int, said: list[str], hand: int, trick: int) -> Test:
    """Flip's dead hand plays a card to every trick: what it holds after trick ``trick``
    are the cards it plays later in the hand (all of them once the hand is played out;
    else as many as it was dealt less those played so far, the later ones among them)."""
    def test(s: Snapshot) -> str | None:
        found, span = views_at(s, hand, 0), s.hand_span(hand)
        if found is None or span is None:
            return f"hand {hand} has not been dealt"
        plays = [[p["card"] for p in e["cards"] if p["seat"] == seat]
                 for e in s.events[span[0]:span[1]] if e["type"] == "trick"]
        dealt = int(found[0][0]["hand_sizes"][seat])
        later = sorted(card for cards in plays[trick:] for card in cards)
        count = dealt - sum(len(cards) for cards in plays[:trick])
        if len(said) != count or less(later, said):
            return f"holds {count} cards, among them {later}"
        return None
    return test


def table_truth(table: re.Match[str], view: dict[str, Any], seat: int,
                played: list[str], in_play: list[bool]) -> str | None:
    """A two-player game's table or battery: its face-up cards exactly, as many face down,
    and ``(takes no part)`` exactly when it does not."""
    tables = view.get("tables") or []
    if seat >= len(tables):
        return "no table"
    mine = tables[seat]
    if "columns" in mine:
        up = less([c["up"] for c in mine["columns"] if c["up"]], played)
        down = sum(int(c["down"] or 0) for c in mine["columns"])
    else:
        up = less(list(mine["up"]), played)
        down = int(mine["down"] or 0)
    if sorted(up) != sorted(card_ids(table.group("up"))):
        return f"face up: {sorted(up)}"
    if down != len(card_ids(table.group("down") or "")):
        return f"{down} face down"
    idle = seat < len(in_play) and not in_play[seat]
    return None if idle == bool(table.group("idle")) else (
        "takes no part" if idle else "in play")


def views_at(s: Snapshot, hand: int, trick: int) -> tuple[Views, Played] | None:
    """Every seat's view at a step of hand ``hand``, and the cards to take out of them:
    at the deal, the views once it was dealt; at trick k, those once trick k was taken,
    or, when that ended the hand, those before its last card, less that trick's cards."""
    span = s.hand_span(hand)
    if span is None:
        return None
    start, end = span
    if trick == 0:
        k = s.action_of(start)
        return None if k is None else (s.views_by_k[k], [])
    tricks = [i for i in range(start, end) if s.events[i]["type"] == "trick"]
    if trick > len(tricks):
        return None
    k = s.action_of(tricks[trick - 1])
    if k is None:
        return None
    ended = any(e["type"] in ("deal", "hand_scored", "game_over")
                for e in s.all_events[tricks[trick - 1]:s.events_by_k[k]])
    if not ended:
        return s.views_by_k[k], []
    played = [(p["seat"], p["card"]) for p in s.events[tricks[trick - 1]]["cards"]]
    return s.views_by_k[k - 1], played
