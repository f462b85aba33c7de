"""Claims of the lines around the game: the message's title, who sits in each seat, who
hosts the table, the house rules' target, and Flip Euchre's calling card and bids."""

from __future__ import annotations

import re

from bot.engine import VARIANTS
from tests.truth.claims.base import Claim, Context, who
from tests.truth.claims.table import per_seat, same
from tests.truth.reading.cards import card_ids
from tests.truth.stored.timeline import Snapshot


def title(line: str, ctx: Context) -> list[Claim] | None:
    """``Euchre · table #3`` (``· your hand``): the table's game and number; a round's
    table (``· tournament round of 2 hands ·``) its hands; house rules between are not
    read."""
    match = re.match(r"^(.+?) · (?:.* · )?table #(\d+)", line)
    if match is None:
        return None
    name, number = match.group(1), int(match.group(2))
    round_of = re.search(r" · tournament round of (\d+) hands? · ", line)
    hands = int(round_of.group(1)) if round_of else None
    true = VARIANTS[ctx.table.variant].name

    def test(s: Snapshot) -> str | None:
        if number != ctx.table.id:
            return f"table #{ctx.table.id}"
        if hands is not None and hands != s.hand_limit:
            return f"the round is {s.hand_limit} hands"
        return None if name == true else f"the game is {true}"

    return [Claim("title", line, test)]


def seat(line: str, ctx: Context) -> list[Claim] | None:
    """``Seat 2: 🤖 Bolt (normal)``: who sits there (or sat there and left)."""
    match = re.match(r"^Seat (\d+): (.+)$", line)
    if match is None:
        return None
    number, name = int(match.group(1)) - 1, match.group(2)
    if name.startswith("— open"):
        return []
    found = ctx.names.seat(name)
    return [Claim("seat", line, lambda s: None if found == number else (
        f"seat {number + 1} is {who(ctx.names, number)}"))]


def host(line: str, ctx: Context) -> list[Claim] | None:
    """``Host: alice``: the member who opened the table (read when they have a seat)."""
    named = ctx.names.seat(line.removeprefix("Host: "))
    if named is None or ctx.table.host_id is None:
        return None
    table = ctx.table
    users = {x.seat: x.user_id for x in table.seats if x.user_id is not None}
    users.update(table.departed)
    hosting = [number for number, user in users.items() if user == table.host_id]

    def test(s: Snapshot) -> str | None:
        if named in hosting:
            return None
        return f"the host is {who(ctx.names, hosting[0]) if hosting else 'not seated'}"

    return [Claim("host", line, test)]


def house_rules(line: str, ctx: Context) -> list[Claim] | None:
    """``House rules: game to 5 (usually 10)``: the target the game is played to."""
    match = re.search(r"game to (\d+)", line)
    if match is None:
        return []
    said = int(match.group(1))

    def test(s: Snapshot) -> str | None:
        if s.hand_limit is not None:
            return f"no target: the round is {s.hand_limit} hands"
        return same(s.public.get("target"), said)

    return [Claim("target", line, test)]


def calling_card(line: str, ctx: Context) -> list[Claim] | None:
    """``Calling card: 10♥``."""
    cards = card_ids(line)
    if len(cards) != 1:
        return None
    return [Claim("calling_card", line, lambda s: same(s.public.get("calling_card"), cards[0]))]


def bids(line: str, ctx: Context) -> list[Claim] | None:
    """``Bids: A: 4, B: 2``: each seat's bid this hand."""
    return per_seat("bids", "bids", line, ctx)
