"""Claims of a ``/review`` step: which hand and trick it shows, and that the computer's
opinion there is about the member's own decision at that step (the card they played in
that trick, a call at the deal), with the tricks their side took."""

from __future__ import annotations

import re
from typing import Any

from tests.truth.claims.base import Claim, Context, Test, by_side, side_values, who
from tests.truth.claims.plays import TOOK, describe, plays
from tests.truth.claims.review.asked import asked_claims
from tests.truth.claims.review.calls import CALLS, DURING, calls_claims
from tests.truth.claims.review.departures import departure_claims
from tests.truth.claims.review.holdings import SECTIONS, holding_claims
from tests.truth.claims.review.opinion import (
    CHOICES,
    choices_claims,
    no_decision_claims,
    summary_claims,
)
from tests.truth.claims.review.piles import piles_claims
from tests.truth.claims.review.results import result_line_claims
from tests.truth.claims.table import same
from tests.truth.reading.actions import action_named
from tests.truth.reading.cards import CARD, card_id, card_ids, suit_named
from tests.truth.stored.timeline import Snapshot

STEP = re.compile(
    r"^🔎 .+ #(\d+) · hand (\d+) of (\d+) · (?:trick (\d+) of (\d+)|deal and auction)")
SWITCH_CALL = re.compile(r"^(?:Switch in (?P<card>.+)|Don't switch)$")
DECISION = re.compile(r"^(?:✅|⚠️) \*\*(?P<action>.+?)\*\*")
PERFECT = re.compile(r"would have taken (\d+) tricks?(?:, as it did|; it took (\d+)(?:, (\d+) fewer"
                     r"|: (\d+) more than .+ would have allowed with their best play))\.$")


def hands(s: Snapshot) -> list[list[dict[str, Any]]]:
    """The game's events cut into hands, one list per deal. A tournament round's table
    stops at its hands: the hand the engine deals after them is never played, and is no
    hand of its game."""
    cut: list[list[dict[str, Any]]] = []
    for event in s.events:
        if event["type"] == "deal":
            cut.append([])
        if cut:
            cut[-1].append(event)
    return cut if s.hand_limit is None else cut[: s.hand_limit]


def tricks_of(hand: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tricks taken in one hand, in order."""
    return [e for e in hand if e["type"] == "trick"]


def step_of(title: str) -> tuple[int, int, int, int | None, int | None] | None:
    """(table, hand, hands, trick, tricks) of a review step's title; trick None at the deal."""
    match = STEP.match(title)
    if match is None:
        return None
    numbers = [int(g) if g else None for g in match.groups()]
    return numbers[0], numbers[1], numbers[2], numbers[3], numbers[4]  # type: ignore[return-value]


def step_claims(line: str, ctx: Context) -> list[Claim] | None:
    """The title: the game has that many hands, the hand that many tricks."""
    step = step_of(line)
    if step is None:
        return None
    _, hand, count, trick, tricks = step

    def test(s: Snapshot) -> str | None:
        cut = hands(s)
        if len(cut) != count:
            return f"the game had {len(cut)} hands"
        if trick is not None and len(tricks_of(cut[hand - 1])) != tricks:
            return f"hand {hand} had {len(tricks_of(cut[hand - 1]))} tricks"
        return None

    return [Claim("review_step", line, test)]


def decision_claims(line: str, ctx: Context, title: str) -> list[Claim] | None:
    """``✅ **Play A♠**: …`` at ``trick 3``: the member's seat played A♠ in trick 3 of that
    hand; at the deal, the decision is a call, not a card played."""
    match, step = DECISION.match(line), step_of(title)
    if match is None or step is None or ctx.seat is None:
        return None
    _, hand, _, trick, _ = step
    action = match.group("action")
    card = CARD.search(action) if action.startswith("Play ") else None
    seat = ctx.seat

    switch = SWITCH_CALL.match(action)
    if switch is not None:
        return [Claim("review_opinion", line, switch_test(switch, seat, hand, trick))]

    def test(s: Snapshot) -> str | None:
        cut = hands(s)
        if trick is None:
            return None if card is None else "a card played is judged at the deal"
        if card is None:
            return "a call is judged at a trick"
        taken = tricks_of(cut[hand - 1])
        # Railroad's Jambone: its chooser picks each card the maker plays.
        seats = {seat} | {e["seat"] for e in cut[hand - 1]
                          if e["type"] == "jambone" and e.get("chooser") == seat}
        mine = [p["card"] for p in taken[trick - 1]["cards"] if p["seat"] in seats]
        played = card_id(card)
        if played in mine:
            return None
        where = [n for n, t in enumerate(taken, 1)
                 if any(p["seat"] in seats and p["card"] == played for p in t["cards"])]
        return f"{played} was played in trick {where or '?'}; in trick {trick}: {mine}"

    return [Claim("review_opinion", line, test)]


def switch_test(switch: re.Match[str], seat: int, hand: int, trick: int | None) -> Test:
    """Flip Euchre's ``Switch in 9♣`` / ``Don't switch``: a call made during a trick, right
    after the member played a match card or a Benny, so judged at that trick's step."""
    named = CARD.search(switch.group("card") or "")
    card = card_id(named) if named else None

    def made(event: dict[str, Any]) -> bool:
        if event.get("seat") != seat:
            return False
        if card is None:
            return bool(event["type"] == "no_switch")
        return bool(event["type"] == "trump" and event.get("how") == "switched"
                    and event.get("card") == card)

    def test(s: Snapshot) -> str | None:
        spans = trick_spans(hands(s)[hand - 1])
        where = [n for n, span in enumerate(spans, 1) if any(made(e) for e in span)]
        if trick is not None and trick in where:
            return None
        return f"that call was made in trick {where or '?'}"

    return test


def trick_spans(hand: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events of each trick of a hand: those after the trick before it (the deal and
    auction before the first), up to its own ``trick`` event; a call made while it was
    played, such as Flip's switch, included."""
    spans: list[list[dict[str, Any]]] = [[]]
    for event in hand:
        spans[-1].append(event)
        if event["type"] == "trick":
            spans.append([])
    return spans[:-1]


def perfect_claims(line: str, ctx: Context, title: str) -> list[Claim] | None:
    """``… your side would have taken 2 tricks; it took 3: 1 more than the other side would
    have allowed …`` (or ``…, as it did.``, ``; it took 1, 1 fewer.``): the tricks the
    member's side took in that hand, and the difference said."""
    match, step = PERFECT.search(line), step_of(title)
    if match is None or step is None or ctx.seat is None:
        return None
    hand, seat = step[1], ctx.seat
    best = int(match.group(1))
    said = best if match.group(2) is None else int(match.group(2))
    fewer, more = match.group(3), match.group(4)

    def test(s: Snapshot) -> str | None:
        side = next(n for n, seats in enumerate(s.public["sides"]) if seat in seats)
        taken = tricks_of(hands(s)[hand - 1])
        return same(sum(1 for t in taken if t["winner"] in s.public["sides"][side]), said)

    def difference(s: Snapshot) -> str | None:
        if fewer is not None and (int(fewer) != best - said or said >= best):
            return f"{best} and {said} are {best - said} apart"
        if more is not None and (int(more) != said - best or said <= best):
            return f"{said} and {best} are {said - best} apart"
        return None

    return [Claim("review_tricks", line, test), Claim("review_best", line, difference)]


HEADING = re.compile(r"^\*\*Hand (?P<hand>\d+) of (?P<hands>\d+)\*\* · (?P<rest>.+)$")
MAKER = re.compile(r"(?:maker \*\*(?P<a>.+?)\*\*|\*\*(?P<b>.+?)\*\* (?:bid|played it))"
                   r"(?P<notes>.*)$")


def heading_claims(line: str, ctx: Context) -> list[Claim] | None:
    """``**Hand 3 of 9** · Bob deals · trump ♥ hearts · maker **Bob**, alone``: that
    hand's dealer, trump, maker, and whether the maker played alone."""
    match = HEADING.match(line)
    if match is None:
        return None
    hand = int(match.group("hand"))
    claims = []
    for part in match.group("rest").split(" · "):
        if part.endswith(" deals"):
            dealer = ctx.names.seat(part.removesuffix(" deals"))
            if dealer is None:
                return None
            claims.append(Claim("review_hand", line, hand_fact(hand, "dealer", dealer)))
        elif part.startswith("trump ") and ctx.table.variant != "flip":
            # Flip Euchre's trump changes within a hand: which one the heading means is
            # not read.
            claims.append(Claim("review_hand", line, hand_fact(hand, "trump", suit_named(part))))
        elif MAKER.search(part):
            maker_claims = made(MAKER.search(part), line, hand, ctx)  # type: ignore[arg-type]
            if maker_claims is None:
                return None
            claims += maker_claims
    return claims


def hand_fact(hand: int, fact: str, said: object) -> Test:
    """The test that hand ``hand``'s dealer (or trump) is the one said."""
    def test(s: Snapshot) -> str | None:
        events = hands(s)[hand - 1]
        true = events[0].get("dealer") if fact == "dealer" else hand_trump(events)
        return same(true, said)
    return test


def hand_trump(events: list[dict[str, Any]]) -> str | None:
    """The trump a hand was played in (its last trump made or turned)."""
    made = [e for e in events if e["type"] == "trump"]
    scored = [e for e in events if e["type"] == "hand_scored"]
    if scored and "trump" in scored[-1]:
        return str(scored[-1]["trump"]) if scored[-1]["trump"] is not None else None
    trump = made[-1].get("trump") if made else None
    return str(trump) if trump is not None else None


def made(match: re.Match[str], line: str, hand: int, ctx: Context) -> list[Claim] | None:
    """The maker named, and ``alone`` (or ``Jambone``) said exactly when they went alone."""
    seat = ctx.names.seat(match.group("a") or match.group("b"))
    if seat is None:
        return None
    alone = any(word in match.group("notes") for word in ("alone", "Jambone"))

    def test(s: Snapshot) -> str | None:
        events = hands(s)[hand - 1]
        makers = [e.get("seat") for e in events if e["type"] == "trump" and e.get("seat")
                  is not None]
        scored = [e.get("maker") for e in events if e["type"] == "hand_scored"]
        maker = scored[-1] if scored and scored[-1] is not None else (
            makers[-1] if makers else None)
        if maker != seat:
            return f"the maker was {maker}"
        went = any(e["type"] == "alone" and e["seat"] == seat for e in events)
        return None if went == alone or "bid" in line else ("alone" if went else "not alone")

    return [Claim("review_hand", line, test)]


TRICK = re.compile(r"^\*\*Trick (?P<trick>\d+) of \d+:\*\* (?P<rest>.+)$")


def trick_claims(line: str, ctx: Context, title: str) -> list[Claim] | None:
    """``**Trick 2 of 5:** Alice 9♥, Bob J♦ (left bower) → **Bob** took it.``: the cards
    of that trick of that hand, who played them, who took it."""
    match, step = TRICK.match(line), step_of(title)
    took = TOOK.search(line)
    if match is None or step is None or took is None:
        return None
    said = plays(match.group("rest")[: match.group("rest").rfind(" → ")], ctx)
    winner = ctx.names.seat(took.group("winner"))
    if said is None or winner is None:
        return None
    hand, trick = step[1], int(match.group("trick"))

    def test(s: Snapshot) -> str | None:
        event = tricks_of(hands(s)[hand - 1])[trick - 1]
        true = [(p["seat"], p["card"]) for p in event["cards"]]
        if true != [(seat, card) for seat, card, _ in said]:
            return f"the trick was {describe(true, ctx)}"
        return None if event["winner"] == winner else f"{who(ctx.names, event['winner'])} took it"

    return [Claim("review_trick", line, test)]


def result_claims(line: str, ctx: Context, title: str) -> list[Claim] | None:
    """``Points this hand: A +1 · B 0`` / ``Score: **A** 3 · **B** 5 — to 10`` at a
    hand's last step: that hand's points, and the scores after it."""
    step = step_of(title)
    label, _, rest = line.partition(": ")
    key = {"Points this hand": "points", "Score": "scores"}.get(label)
    pairs = side_values(re.sub(r" — to \d+$", "", rest), ctx.names) if key else None
    if step is None or pairs is None or key is None:
        return None
    hand = step[1]

    def truth(s: Snapshot) -> list[int] | None:
        scored = [e for e in hands(s)[hand - 1] if e["type"] == "hand_scored"]
        return list(scored[-1][key]) if scored else None

    return by_side("review_result", line, pairs, truth)


SO_FAR = "Tricks so far: "


def so_far_claims(line: str, ctx: Context, title: str) -> list[Claim] | None:
    """``Tricks so far: 🤖 Ada (normal) & bob 2 · alice 1`` at ``trick 3``: the tricks each
    side took in that hand's first three tricks (a loner's side named without the partner
    who sat out that hand)."""
    step = step_of(title)
    pairs = side_values(line.removeprefix(SO_FAR), ctx.names)
    if step is None or step[3] is None or pairs is None:
        return None
    hand, trick = step[1], step[3]
    claims = []
    for seats, said in pairs:
        def test(s: Snapshot, seats: list[int] = seats, said: int = said) -> str | None:
            events = hands(s)[hand - 1]
            side = next((set(x) for x in s.public["sides"] if set(seats) <= set(x)), None)
            out = {seat for e in events if e["type"] == "alone" or (
                       e["type"] == "defend" and e.get("alone"))
                   for x in s.public["sides"] if e["seat"] in x for seat in x if seat != e["seat"]}
            if side is None or not side - set(seats) <= out:
                return f"no side is seats {[x + 1 for x in seats]} in hand {hand}"
            took = sum(1 for t in tricks_of(events)[:trick] if t["winner"] in side)
            return same(took, said)
        claims.append(Claim("review_so_far", line, test))
    return claims


CALLING_NOW = "Calling card now: "


def calling_now_claims(line: str, ctx: Context, title: str) -> list[Claim] | None:
    """Flip Euchre's ``Calling card now: 9♣`` at ``trick 3``: the calling card once that
    trick was over (the last card turned, flipped or switched in until then)."""
    step, cards = step_of(title), card_ids(line.removeprefix(CALLING_NOW))
    if step is None or step[3] is None or len(cards) != 1:
        return None
    hand, trick, said = step[1], step[3], cards[0]

    def test(s: Snapshot) -> str | None:
        events = [e for span in trick_spans(hands(s)[hand - 1])[:trick] for e in span]
        changes = [e for e in events if e["type"] == "trump"]
        return same(changes[-1].get("card") if changes else None, said)

    return [Claim("review_calling_card", line, test)]


def read_step(lines: list[str], ctx: Context) -> tuple[list[Claim], list[str]]:
    """The claims of a review step's lines, and the lines left unread."""
    title = lines[0]
    claims: list[Claim] = []
    unread: list[str] = []
    section: str | None = None  # the seat lines' section: Dealt or Still held
    chosen = None  # the action of the opinion's decision line just read
    for line in lines:
        found: list[Claim] | None
        held = holding_claims(line, ctx, step_of(title), section) if section else None
        section = SECTIONS.get(line, section if held is not None else None)
        if line in SECTIONS:
            found = []  # a heading: the seat lines under it say what it means
        elif (asked := asked_claims(line, ctx)) is not None:
            found = asked
        elif held is not None:
            found = held
        elif line.startswith("🔎"):
            found = step_claims(line, ctx)
        elif (decided := DECISION.match(line)) is not None:
            found = decision_claims(line, ctx, title)
            chosen = action_named(decided.group("action"))
        elif line.startswith(CHOICES):
            found = choices_claims(line, ctx, step_of(title), chosen)
        elif line.startswith("-# 🤖 "):
            found = summary_claims(line, ctx)
        elif line.startswith("🃏 With every card known"):
            found = perfect_claims(line, ctx, title)
        elif HEADING.match(line):
            found = heading_claims(line, ctx)
        elif TRICK.match(line):
            found = trick_claims(line, ctx, title)
        elif line.startswith(CALLING_NOW):
            found = calling_now_claims(line, ctx, title)
        elif line.startswith(SO_FAR):
            found = so_far_claims(line, ctx, title)
        elif line.startswith(("Points this hand: ", "Score: ")):
            found = result_claims(line, ctx, title)
        elif line.startswith((CALLS, DURING)):
            found = calls_claims(line, ctx, step_of(title))
        else:
            found = no_decision_claims(line, ctx, step_of(title))
            found = departure_claims(line, ctx, step_of(title)) if found is None else found
            found = result_line_claims(line, ctx, step_of(title)) if found is None else found
            found = piles_claims(line, ctx, step_of(title)) if found is None else found
        if found is None:
            unread.append(line)
        else:
            claims += found
    return claims, unread
