"""The lobby's open seats are checked in the version of the table message on screen when
the game started, against the seats the game started with; earlier versions are seen but
not checked (the store does not keep when each seat was taken)."""

from __future__ import annotations

from dataclasses import replace

from tests.truth.claims.base import Context
from tests.truth.claims.lobby import BEFORE_START, at_start, listed_seats
from tests.truth.planting import ALICE, BOB, NAMES
from tests.truth.playing.recorder import Shown
from tests.truth.reading.names import seat_names
from tests.truth.reading.reader import read
from tests.truth.stored.store import StoredAction, StoredSeat, StoredTable
from tests.truth.stored.timeline import replay

WAITING = ("Waiting for players: {n} seat{s} open. Join, or add computer players; when the "
           "host starts, computer players take the open seats.")
FULL = "Every seat is taken: the host can start the game."
MESSAGE = 100


def started(bob_left: bool = False) -> StoredTable:
    """Euchre table #1: alice in seat 1, bob in seat 2 (or a computer after bob left),
    computers in seats 3 and 4."""
    seats = [StoredSeat(0, ALICE, None), StoredSeat(1, None if bob_left else BOB,
                                                   "normal" if bob_left else None),
             StoredSeat(2, None, "normal"), StoredSeat(3, None, "normal")]
    table = StoredTable(1, "euchre", 4, {"target": 10}, 5, "playing", None, MESSAGE, 200,
                        None, 0.0, seats, [StoredAction(0, 0, "pass", 10.0)])
    return replace(table, departed={1: BOB}) if bob_left else table


def lobby(seats: list[str], status: str) -> str:
    lines = ["Euchre · table #1", "Host: alice"]
    lines += [f"Seat {n + 1}: {name}" for n, name in enumerate(seats)]
    return "\n".join([*lines, "", status])


def verdicts(text: str, table: StoredTable, on_screen: bool = True) -> dict[str, str | None]:
    """The lobby claims of ``text`` judged (as the version on screen at the start, or as
    an earlier one)."""
    ctx = Context(table, seat_names(table, NAMES),
                  lobby_seats=listed_seats(text) if on_screen else None)
    state = replay(table)[0]
    return {c.kind: c.test(state) for c in read(text, ctx).claims
            if c.kind.startswith("lobby_")}


def test_open_seats_on_screen_at_the_start_are_those_computers_took() -> None:
    table = started()
    two_open = lobby(["alice", "bob", "— open —", "— open —"], WAITING.format(n=2, s="s"))
    assert verdicts(two_open, table) == {"lobby_open": None}
    one_said = two_open.replace("2 seats open", "1 seat open")
    assert verdicts(one_said, table) == {
        "lobby_open": "2 open at the start (computers took seats: 3, 4)"}
    one_shown = lobby(["alice", "bob", "🤖 Cog (normal)", "— open —"],
                      WAITING.format(n=1, s=""))
    assert verdicts(one_shown, table) == {"lobby_open": None}
    bob_shown_open = lobby(["alice", "— open —", "🤖 Cog (normal)", "— open —"],
                           WAITING.format(n=2, s="s"))
    assert verdicts(bob_shown_open, table) == {
        "lobby_open": "the seats computers took at the start: 4"}


def test_every_seat_taken_only_if_no_computer_took_one_at_the_start() -> None:
    table = started()
    full = lobby(["alice", "bob", "🤖 Cog (normal)", "🤖 Dex (normal)"], FULL)
    assert verdicts(full, table) == {"lobby_full": None}
    not_full = lobby(["alice", "bob", "🤖 Cog (normal)", "— open —"], FULL)
    assert verdicts(not_full, table) == {
        "lobby_full": "1 open at the start (computers took seats: 4)"}
    bob_left_seat_four = replace(table, departed={3: BOB})  # a member's at the start
    full = lobby(["alice", "bob", "🤖 Cog (normal)", "🤖 Dex (normal)"], FULL)
    assert verdicts(full, bob_left_seat_four) == {
        "lobby_full": "a member held seat 4 at the start"}


def test_a_member_who_left_the_game_later_held_their_seat_at_the_start() -> None:
    table = started(bob_left=True)
    full = lobby(["alice", "bob", "🤖 Cog (normal)", "🤖 Dex (normal)"], FULL)
    assert verdicts(full, table) == {"lobby_full": None}
    bob_open = lobby(["alice", "— open —", "🤖 Cog (normal)", "🤖 Dex (normal)"],
                     WAITING.format(n=1, s=""))
    assert verdicts(bob_open, table) == {
        "lobby_open": "the seats computers took at the start: none"}


def test_an_earlier_lobby_version_is_seen_but_not_checked() -> None:
    text = lobby(["alice", "— open —", "— open —", "— open —"], WAITING.format(n=3, s="s"))
    table = started()
    assert verdicts(text, table, on_screen=False) == {}
    unread = read(text, Context(table, seat_names(table, NAMES))).unchecked
    assert (BEFORE_START, WAITING.format(n=3, s="s")) in unread


def version(number: int, at: float, text: str, message: int = MESSAGE) -> Shown:
    return Shown(message, 200, None, number, at, text, "Euchre · table #1")


def test_the_version_on_screen_at_the_start_is_the_last_lobby_before_the_game() -> None:
    table = started()
    first = version(0, 1.0, lobby(["alice", "— open —", "— open —", "— open —"],
                                  WAITING.format(n=3, s="s")))
    last = version(1, 2.0, lobby(["alice", "bob", "— open —", "— open —"],
                                 WAITING.format(n=2, s="s")))
    game = version(2, 3.0, "Euchre · table #1\nScore: alice & 🤖 Cog (normal) 0")
    other = version(0, 0.5, first.text, message=MESSAGE + 1)
    assert at_start([other, first, last, game], table) is last
    assert at_start([first, last], table) is None  # the game never showed on it
    late = replace(table, actions=[StoredAction(0, 0, "pass", 1.5)])
    assert at_start([first, last, game], late) is None  # shown after the first move
