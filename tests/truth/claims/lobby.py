"""Claims of the lines around the game: the message's title, who sits in each seat, who
hosts the table, the lobby's open seats, the house rules' target, and Flip Euchre's
calling card and bids.

Every version of a lobby is checked against the seats as held at the moment it shows
(``Context.seating``, chosen by :mod:`tests.truth.judging.lobby` from the stored seat
changes): each seat line, the open seats it counts, and "Every seat is taken"."""

from __future__ import annotations

import re

from bot.engine import VARIANTS
from tests.truth.claims.base import Claim, Context, who
from tests.truth.claims.table import per_seat, same
from tests.truth.reading.cards import card_ids
from tests.truth.stored.timeline import Snapshot

#: The lobby's last line: seats still open, or every seat taken.
STATUS = re.compile(r"^(Waiting for players: |Every seat is taken: )")
WAITING = re.compile(r"^Waiting for players: (?P<open>\d+) seats? open\. Join, or add computer "
                     r"players; when the host starts, computer players take the open seats\.$")
FULL = "Every seat is taken: the host can start the game."
#: The label of a lobby's status line where the table's seat changes were not stored.
NOT_STORED = "lobby (seat changes not stored)"


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
    """``Seat 2: 🤖 Bolt (normal)``: who sits there (or sat there and left); in a lobby
    version, who held it (or ``— open —``: nobody) when the version was shown."""
    match = re.match(r"^Seat (\d+): (.+)$", line)
    if match is None:
        return None
    number, name = int(match.group(1)) - 1, match.group(2)
    if ctx.seating is not None:
        held = ctx.seating.names
        truth = None if number < len(held) and held[number] == name else (
            f"seat {number + 1} was {held[number] if number < len(held) else 'no seat'} then")
        return [Claim("lobby_seat", line, lambda s: truth)]
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


def is_lobby(text: str) -> bool:
    """Whether a table message shows its lobby."""
    return any(STATUS.match(line) for line in text.splitlines())


def status(line: str, ctx: Context) -> list[Claim] | None:
    """``Waiting for players: 2 seats open. …computer players take the open seats.`` or
    ``Every seat is taken: the host can start the game.``: as many seats open as said, or
    none, in the seats as held when the version was shown."""
    seating = ctx.seating
    waiting = WAITING.match(line)
    if seating is None or (waiting is None and line != FULL):
        return None
    said = int(waiting.group("open")) if waiting else 0
    empty = seating.open_seats
    truth = None if said == len(empty) else (
        f"{len(empty)} open then (seats: {', '.join(str(n + 1) for n in empty) or 'none'})")
    return [Claim("lobby_open" if waiting else "lobby_full", line, lambda s: truth)]
