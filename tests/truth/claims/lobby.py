"""Claims of the lines around the game: the message's title, who sits in each seat, who
hosts the table, the lobby's open seats, the house rules' target, and Flip Euchre's
calling card and bids.

The store keeps a table's seats as the game started (and who left them since), not when
each was taken in the lobby: so the lobby's open seats are checked only in the version
of the table message left on screen when the game started (see :func:`at_start`), the
earlier versions are seen but not checked."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.engine import VARIANTS
from tests.truth.claims.base import Claim, Context, who
from tests.truth.claims.table import per_seat, same
from tests.truth.playing.recorder import Shown
from tests.truth.reading.cards import card_ids
from tests.truth.stored.store import StoredTable
from tests.truth.stored.timeline import Snapshot

OPEN = "— open —"
SEAT_LINE = re.compile(r"^Seat (\d+): (.+)$", re.MULTILINE)
#: The lobby's last line: seats still open, or every seat taken.
STATUS = re.compile(r"^(Waiting for players: |Every seat is taken: )")
WAITING = re.compile(r"^Waiting for players: (?P<open>\d+) seats? open\. Join, or add computer "
                     r"players; when the host starts, computer players take the open seats\.$")
FULL = "Every seat is taken: the host can start the game."
#: The label of a lobby line in a version before the one on screen at the start.
BEFORE_START = "lobby before the start (seat times not stored)"


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


def at_start(versions: Sequence[Shown], table: StoredTable) -> Shown | None:
    """The lobby version of the table's message left on screen when its game started: the
    last lobby version of its message, followed by the game's (none shown after the
    game's first move)."""
    mine = [v for v in versions if v.message_id == table.message_id and not v.deleted]
    for before, after in zip(mine, mine[1:], strict=False):
        if is_lobby(before.text) and not is_lobby(after.text):
            moved = table.actions[0].stored_at if table.actions else None
            return before if moved is None or before.at <= moved else None
    return None


def is_lobby(text: str) -> bool:
    """Whether a table message shows its lobby."""
    return any(STATUS.match(line) for line in text.splitlines())


def listed_seats(text: str) -> tuple[str, ...]:
    """Each seat's name as a lobby version lists it (``— open —`` for an open seat)."""
    return tuple(name.strip() for _, name in SEAT_LINE.findall(text))


def computers_at_start(table: StoredTable) -> set[int]:
    """The seats a computer held as the game started: those a computer holds now that no
    member held before (a member who left or was replaced is stored as a departure)."""
    return {s.seat for s in table.seats
            if s.user_id is None and s.computer_level is not None and s.seat not in table.departed}


def status(line: str, ctx: Context) -> list[Claim] | None:
    """``Waiting for players: 2 seats open. …computer players take the open seats.`` or
    ``Every seat is taken: the host can start the game.``, in the version on screen when
    the game started: the computers it shows held their seats at the start, the seats it
    shows open are exactly those a computer took as the game started, as many as it says;
    every seat is taken only if no computer took one at the start."""
    seats = ctx.lobby_seats
    if seats is None:
        return None
    waiting = WAITING.match(line)
    if waiting is None and line != FULL:
        return None
    said = int(waiting.group("open")) if waiting else 0
    shown_open = {number for number, name in enumerate(seats) if name == OPEN}
    computers = {number for number, name in enumerate(seats) if name.startswith("🤖")}
    started = computers_at_start(ctx.table)
    filled = started - computers

    def test(s: Snapshot) -> str | None:
        if computers - started:
            return f"a member held seat {min(computers - started) + 1} at the start"
        took = ", ".join(str(n + 1) for n in sorted(filled)) or "none"
        if shown_open != filled:
            return f"the seats computers took at the start: {took}"
        return None if said == len(filled) else (
            f"{len(filled)} open at the start (computers took seats: {took})")

    return [Claim("lobby_open" if waiting else "lobby_full", line, test)]
