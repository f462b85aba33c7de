"""Claims of the public table message (also found in private hands): the header, scores
and target, who sits out, cards in hand, calls, whose turn, trump and the turn-up."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from tests.truth.claims.base import (
    Claim,
    Context,
    Test,
    by_side,
    side_values,
    split_outside,
    who,
)
from tests.truth.reading.actions import action_named
from tests.truth.reading.cards import card_ids, suit_named
from tests.truth.stored.timeline import Snapshot

#: Words of a call that say its maker plays alone (a moon bid is played alone).
ALONE_WORDS = ("alone", "jambone", "moon")
TARGET = re.compile(r" — to (\d+)$")


def target_claim(line: str, ctx: Context, said_in: str = "") -> tuple[str, list[Claim]]:
    """The line without its ``— to N``, and the claim that the game is played to N (a
    tournament round's table is played to its hands, to no target); ``said_in``: the
    whole line it was read from."""
    match = TARGET.search(line)
    if match is None:
        return line, []
    said = int(match.group(1))

    def test(s: Snapshot) -> str | None:
        if s.hand_limit is not None:
            return f"no target: the round is {s.hand_limit} hands"
        target = s.public.get("target")
        return None if target == said else f"the game is to {target}"

    return line[: match.start()], [Claim("target", said_in or line, test)]


def score(line: str, ctx: Context) -> list[Claim] | None:
    """``Score: **A & B** 3 · **C & D** 5 — to 10``."""
    rest, claims = target_claim(line.removeprefix("Score: "), ctx, line)
    pairs = side_values(rest, ctx.names)
    if pairs is None:
        return None
    return claims + by_side("score", line, pairs, lambda s: list(s.public["scores"]))


def tricks_taken(line: str, ctx: Context) -> list[Claim] | None:
    """``Tricks taken: **A & B** 1 · **C & D** 2`` in the hand in play."""
    pairs = side_values(line.removeprefix("Tricks taken: "), ctx.names)
    if pairs is None:
        return None

    def truth(s: Snapshot) -> list[int]:
        won = s.public.get("tricks_won") or []
        return [sum(won[x] for x in side if x < len(won)) for side in s.public["sides"]]

    return by_side("tricks_taken", line, pairs, truth)


def header(line: str, ctx: Context) -> list[Claim] | None:
    """``Hand 2 · dealer X · trump ♦ diamonds · made by X (alone)``; or a private hand's
    last line ``Hand 2 · A & B 0 · C & D 2 — to 5``."""
    parts = line.split(" · ")
    numbers = re.match(r"Hand (\d+)(?: of (\d+))?$", parts[0])
    if numbers is None:
        return None
    number = int(numbers.group(1))
    claims = [Claim("hand_number", line, lambda s: same(s.public.get("hand_number"), number))]
    if numbers.group(2):
        hands = int(numbers.group(2))
        claims.append(Claim("round_hands", line, lambda s: same(s.hand_limit, hands)))
    if len(parts) > 1 and not parts[1].startswith("dealer "):
        rest, target = target_claim(" · ".join(parts[1:]), ctx, line)
        pairs = side_values(rest, ctx.names)
        if pairs is None:
            return None
        return claims + target + by_side("score", line, pairs, lambda s: list(s.public["scores"]))
    for part in parts[1:]:
        found = segment(part, line, ctx)
        if found is None:
            return None
        claims += found
    return claims


def segment(part: str, line: str, ctx: Context) -> list[Claim] | None:
    """One ``·`` part of the header; [] for a part no test reads (``free-for-all``)."""
    if part.startswith("dealer "):
        seat = ctx.names.seat(part.removeprefix("dealer "))
        return None if seat is None else [
            Claim("dealer", line, lambda s: same_seat(ctx, s.public.get("dealer"), seat))]
    if part.startswith("trump "):
        suit = suit_named(part)
        return [Claim("trump", line, lambda s: same(s.public.get("trump"), suit))]
    if part.startswith("made by "):
        return made_by(part.removeprefix("made by "), line, ctx)
    if part.startswith("high bid "):
        return high_bid(part.removeprefix("high bid "), line, ctx)
    return []


def high_bid(text: str, line: str, ctx: Context) -> list[Claim] | None:
    """``3 (🤖 Dex (normal))``: the bid standing in the auction, and who holds it."""
    bid, _, name = text.partition(" (")
    seat = ctx.names.seat(name.removesuffix(")"))
    if seat is None:
        return None
    return [standing_bid(line, ctx, seat, bid)]


def standing_bid(line: str, ctx: Context, seat: int, bid: str) -> Claim:
    """The claim that ``seat`` holds the standing bid (or contract), and that it is ``bid``."""
    def test(s: Snapshot) -> str | None:
        view = s.public
        true = view.get("high_bid") if view.get("bid") is None else view.get("bid")
        holder = view.get("maker") if view.get("bidder") is None else view.get("bidder")
        if holder != seat:
            return f"{who(ctx.names, holder)} holds the bid"
        return None if bid_words(true) == bid_words(bid) else f"the bid is {true}"

    return Claim("standing_bid", line, test)


def bid_words(bid: object) -> str:
    """A bid as plain words to compare: ``double_moon`` and ``Double Moon`` alike."""
    return str(bid).replace("_", " ").lower().removeprefix("bid ")


def made_by(text: str, line: str, ctx: Context) -> list[Claim] | None:
    """``X (alone)``, ``X (Jambone)``, ``X (bid Triple Moon, alone)``: the maker, and
    whether they play alone (a Jambone is alone too)."""
    name, notes = text, ""
    if ctx.names.seat(text) is None:
        name, _, notes = text.rpartition(" (")
    seat = ctx.names.seat(name)
    if seat is None:
        return None
    # A Moon bid is played alone; Over the Rhine's "shooting the moon" is not.
    alone = any(word in notes.lower().replace("shooting the moon", "")
                for word in ALONE_WORDS)
    claims = [Claim("maker", line, lambda s: same_seat(ctx, s.public.get("maker"), seat))]

    def test(s: Snapshot) -> str | None:
        # Railroad holds a maker's "alone" or "Jambone" until the dealer has discarded: saying
        # it once chosen is true, and so is leaving it unsaid until it is made.
        def went(events: list[dict[str, Any]]) -> bool:
            return any(e["type"] == "alone" and e["seat"] == seat for e in events)

        if alone:
            return None if went(s.whole_hand()) else "not alone"
        return "alone" if went(s.hand_events()) else None

    return claims + [Claim("alone", line, test)]


def sitting_out(line: str, ctx: Context) -> list[Claim] | None:
    """``Sitting out this hand: X``: exactly these seats sit out."""
    named = [ctx.names.seat(n) for n in split_outside(line.split(": ", 1)[1])]
    seats = [seat for seat in named if seat is not None]
    if len(seats) != len(named):
        return None

    def test(s: Snapshot) -> str | None:
        active = s.public.get("active") or []
        out = sorted(n for n, playing in enumerate(active) if not playing)
        return None if out == sorted(seats) else f"sitting out: {[who(ctx.names, n) for n in out]}"

    return [Claim("sitting_out", line, test)]


def cards_in_hand(line: str, ctx: Context) -> list[Claim] | None:
    """``Cards in hand: A: 5, B: 4``."""
    return per_seat("cards_in_hand", "hand_sizes", line, ctx)


def per_seat(kind: str, key: str, line: str, ctx: Context) -> list[Claim] | None:
    """``Label: A: 5, B: 4``: each seat's number in the view's list ``key``."""
    claims = []
    for part in split_outside(line.split(": ", 1)[1]):
        name, _, count = part.rpartition(": ")
        seat = ctx.names.seat(name)
        if seat is None or not count.isdigit():
            return None
        claims.append(Claim(kind, line, seat_number(key, seat, int(count))))
    return claims


def seat_number(key: str, seat: int, said: int) -> Test:
    """The test that the view's list ``key`` holds ``said`` for ``seat``."""
    def test(s: Snapshot) -> str | None:
        return same((s.public.get(key) or [None] * (seat + 1))[seat], said)
    return test


def turn(line: str, ctx: Context) -> list[Claim] | None:
    """``⏳ **X** to play``: X acts now."""
    match = re.match(r"⏳ \*\*(.+?)\*\* to ", line)
    seat = ctx.names.seat(match.group(1)) if match else None
    if seat is None:
        return None
    return [Claim("turn", line, lambda s: same_seat(ctx, s.acting, seat))]


def turn_up(line: str, ctx: Context) -> list[Claim] | None:
    """``Turn-up: Q♠ (turned up)``."""
    cards = card_ids(line)
    if len(cards) != 1:
        return None
    return [Claim("turn_up", line, lambda s: same(s.public.get("turn_up"), cards[0]))]


def trump(line: str, ctx: Context) -> list[Claim] | None:
    """``Trump: ♠ spades``."""
    suit = suit_named(line)
    if suit is False:
        return None
    return [Claim("trump", line, lambda s: same(s.public.get("trump"), suit))]


def calls(line: str, ctx: Context) -> list[Claim] | None:
    """``Calls: A: Pass, B: Order up``: the latest calls of the hand in play, in order, who
    made them, and that a call that went alone (or Jambone) says so."""
    said = []
    for part in split_outside(line.split(": ", 1)[1]):
        name, _, call = part.rpartition(": ")
        seat = ctx.names.seat(name)
        if seat is None:
            return None
        said.append((seat, call))

    def order(s: Snapshot) -> str | None:
        # The line shows the latest calls: those said are the last calls made, in order.
        true = [e["seat"] for e in s.hand_events() if e["type"] == "bid"]
        seats = [seat for seat, _ in said]
        return None if true[len(true) - len(seats):] == seats and len(seats) <= len(true) else (
            "calls by " + ", ".join(who(ctx.names, x) for x in true))

    def alone(s: Snapshot) -> str | None:
        loners = {e["seat"]: e.get("how", "alone") for e in s.hand_events() if e["type"] == "alone"}
        for seat, how in loners.items():
            if not any(x == seat and any(w in c.lower() for w in ALONE_WORDS)
                       for x, c in said):
                return f"{who(ctx.names, seat)} went {how}"
        return None

    return [Claim("calls", line, order), Claim("calls_alone", line, alone)]


def final(line: str, ctx: Context) -> list[Claim] | None:
    """``🏆 **A & B** won the game after 4 hands!`` (a round's table: ``won the round``,
    by being ahead after its hands)."""
    match = re.match(r"🏆 \*\*(.+?)\*\* won the (game|round) after (\d+) hands?!", line)
    seats = ctx.names.seats(match.group(1)) if match else None
    if match is None or seats is None:
        return None
    hands = int(match.group(3))
    ahead = match.group(2) == "round"

    def test(s: Snapshot) -> str | None:
        winner = leader(s.public["scores"]) if ahead else s.public.get("winner")
        sides = s.public.get("sides") or []
        if winner is None or sorted(sides[winner]) != sorted(seats):
            return f"the winner is {winner_names(s, ctx)}"
        return same(s.hands_ended(), hands)

    return [Claim("winner", line, test)]


def leader(scores: list[int]) -> int | None:
    """The side strictly ahead, or None when the lead is shared."""
    best = max(scores)
    ahead = [side for side, score in enumerate(scores) if score == best]
    return ahead[0] if len(ahead) == 1 else None


def level(line: str, ctx: Context) -> list[Claim] | None:
    """``The round is over after 2 hands, level.``: played its hands, the lead shared."""
    match = re.match(r"The round is over after (\d+) hands?, level\.", line)
    if match is None:
        return None
    hands = int(match.group(1))

    def test(s: Snapshot) -> str | None:
        if leader(s.public["scores"]) is not None:
            return f"a side is ahead: {s.public['scores']}"
        return same(s.hands_ended(), hands)

    return [Claim("winner", line, test)]


def final_score(line: str, ctx: Context) -> list[Claim] | None:
    """``Final score: **A & B** 6 · **C & D** 1``."""
    pairs = side_values(line.removeprefix("Final score: "), ctx.names)
    if pairs is None:
        return None
    return by_side("score", line, pairs, lambda s: list(s.public["scores"]))


def winner_names(s: Snapshot, ctx: Context) -> str:
    """The winning side's seats as a report names them."""
    winner = s.public.get("winner")
    if winner is None:
        return "nobody yet"
    return " & ".join(who(ctx.names, x) for x in s.public["sides"][winner])


def same(true: object, said: object) -> str | None:
    """None when equal, else the true value."""
    return None if true == said else f"{true}"


def same_seat(ctx: Context, true: int | None, said: int) -> str | None:
    """None when the seats are equal, else the true seat's name."""
    return None if true == said else who(ctx.names, true)


def hand_cards(line: str, ctx: Context) -> list[Claim] | None:
    """``**Your hand:** 9♥ Q♥`` (or ``empty``): exactly this seat's cards."""
    seat = ctx.seat
    if seat is None:
        return None
    said = Counter(card_ids(line))

    def test(s: Snapshot) -> str | None:
        true = Counter(s.views[seat].get("hand") or [])
        return None if true == said else f"the hand is {' '.join(sorted(true.elements()))}"

    return [Claim("hand_cards", line, test)]


def whose_turn(line: str, ctx: Context) -> list[Claim] | None:
    """``👉 **Your turn:**`` or ``⏳ **Not your turn yet.**`` in a private hand."""
    seat = ctx.seat
    if seat is None:
        return None
    mine = line.startswith("👉")

    def test(s: Snapshot) -> str | None:
        return None if (s.acting == seat) == mine else (
            f"{who(ctx.names, s.acting)} acts now")

    return [Claim("your_turn", line, test)]


def hint(line: str, ctx: Context) -> list[Claim] | None:
    """``💡 **Hint:** Play A♠: …``: advice for this seat's turn; a card it names to play or
    discard is one the seat holds and may play or discard now."""
    seat = ctx.seat
    match = re.match(r"^💡 \*\*Hint:\*\* (?P<verb>Play|Discard|Give) (?P<card>.+?)[:.]", line)
    if seat is None:
        return None

    def turn_test(s: Snapshot) -> str | None:
        return None if s.acting == seat else f"{who(ctx.names, s.acting)} acts now"

    claims = [Claim("hint", line, turn_test)]
    cards = card_ids(match.group("card")) if match else []
    if match and len(cards) == 1:
        action = f"{match.group('verb').lower()}:{cards[0]}"
        claims.append(Claim("hint", line, lambda s: None if action in s.legal else (
            f"{action} is not allowed now")))
    return claims


SIMULATED = re.compile(r"^-# Simulated: about [+-]?[\d.]+ points a hand over \d+ deals(?:, "
                       r"against [+-]?[\d.]+ for (?P<other>.+))?\.$")


def simulated(line: str, ctx: Context) -> list[Claim] | None:
    """The hint's small print, ``-# Simulated: about +30.0 points a hand over 3 deals,
    against +23.3 for Discard ⬛ Black 6.``: advice for this seat's turn, and the other
    choice it is weighed against is open to the seat now."""
    match, seat = SIMULATED.match(line), ctx.seat
    if match is None or seat is None:
        return None
    claims = [Claim("hint", line, lambda s: None if s.acting == seat else (
        f"{who(ctx.names, s.acting)} acts now"))]
    if match.group("other"):
        other = action_named(match.group("other"))
        if other is None:
            return None
        claims.append(Claim("hint", line, lambda s: None if other in s.legal else (
            f"{other} is not allowed now")))
    return claims
