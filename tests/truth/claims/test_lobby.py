"""Every lobby version is checked against the seats as stored at the moment it shows: each
seat line, the open seats it counts and "Every seat is taken"; a version may lag behind
the latest change, never show seats that were not so within its window."""

from __future__ import annotations

from tests.truth.claims.base import Context
from tests.truth.judging.lobby import LOBBY_KINDS, LobbyStream
from tests.truth.planting import ALICE, BOB, NAMES
from tests.truth.reading.names import seat_names
from tests.truth.reading.reader import read
from tests.truth.reading.seating import LAG, OPEN, seatings
from tests.truth.stored.store import StoredAction, StoredSeat, StoredSeatChange, StoredTable
from tests.truth.stored.timeline import replay

WAITING = ("Waiting for players: {n} seat{s} open. Join, or add computer players; when the "
           "host starts, computer players take the open seats.")
FULL = "Every seat is taken: the host can start the game."
CARL = 12
PEOPLE = {**NAMES, CARL: "carl"}


def table() -> StoredTable:
    """Euchre table #1 as stored: alice opens it (at 100 s), bob takes seat 2 (200) and
    gives it up (300), carl takes it (400); at the start (500) computers take seats 3, 4."""
    changes = [StoredSeatChange(0, ALICE, None, 100), StoredSeatChange(1, BOB, None, 200),
               StoredSeatChange(1, None, None, 300), StoredSeatChange(1, CARL, None, 400),
               StoredSeatChange(2, None, "normal", 500), StoredSeatChange(3, None, "normal", 500.1)]
    seats = [StoredSeat(0, ALICE, None), StoredSeat(1, CARL, None),
             StoredSeat(2, None, "normal"), StoredSeat(3, None, "normal")]
    return StoredTable(1, "euchre", 4, {"target": 10}, 5, "playing", None, 100, 200, None, 100,
                       seats, [StoredAction(0, 0, "pass", 900)], seat_changes=changes)


def lobby(seats: list[str], status: str | None = None) -> str:
    """A lobby version listing ``seats``, its status line true to them unless given."""
    empty = seats.count(OPEN)
    status = status or (WAITING.format(n=empty, s="s" if empty > 1 else "") if empty else FULL)
    lines = ["Euchre · table #1", "Host: alice"]
    lines += [f"Seat {n + 1}: {name}" for n, name in enumerate(seats)]
    return "\n".join([*lines, "", status])


def judged(*shown: tuple[float, str]) -> list[dict[str, str | None]]:
    """Each version (shown at a moment, in order, on one message): its lobby lines' truths
    at the seating it is read at (said → None if true, else the truth)."""
    stored = table()
    stream = LobbyStream(seatings(stored, PEOPLE))
    state = replay(stored)[0]
    found = []
    for at, text in shown:
        ctx = Context(stored, seat_names(stored, PEOPLE))
        ctx = Context(stored, ctx.names, seating=stream.seating(text, ctx, at, state))
        found.append({c.said: c.test(state) for c in read(text, ctx).claims
                      if c.kind in LOBBY_KINDS})
    return found


def falsehoods(verdicts: dict[str, str | None]) -> dict[str, str]:
    return {said: truth for said, truth in verdicts.items() if truth is not None}


def test_the_seatings_follow_the_stored_changes() -> None:
    found = seatings(table(), PEOPLE)
    assert [s.since for s in found] == [100, 200, 300, 400, 500, 500.1]
    assert found[1].names == ("alice", "bob", OPEN, OPEN)
    assert found[2].names == ("alice", OPEN, OPEN, OPEN)  # bob gave it up
    assert found[5].names == ("alice", "carl", "🤖 Cog (normal)", "🤖 Dex (normal)")
    assert found[4].open_seats == [3]
    opened_together = StoredTable(2, "euchre", 4, {}, 5, "playing", None, 100, 200, None, 1.0,
                                  table().seats, seat_changes=[
                                      StoredSeatChange(0, ALICE, None, 100),
                                      StoredSeatChange(1, None, "hard", 100)])
    assert [s.names for s in seatings(opened_together, PEOPLE)] == [
        ("alice", "🤖 Bolt (hard)", OPEN, OPEN)]  # one seating, as the table opened


def test_every_true_lobby_version_passes_the_one_on_screen_at_the_start_too() -> None:
    versions = judged(
        (100.2, lobby(["alice", OPEN, OPEN, OPEN])),
        (200.3, lobby(["alice", "bob", OPEN, OPEN])),
        (300.1, lobby(["alice", OPEN, OPEN, OPEN])),
        (400.2, lobby(["alice", "carl", OPEN, OPEN])),  # on screen as the host pressed Start
    )
    assert [falsehoods(v) for v in versions] == [{}, {}, {}, {}]
    assert all(len(v) == 5 for v in versions)  # four seats and the status, all checked
    full = judged((500.5, lobby(["alice", "carl", "🤖 Cog (normal)", "🤖 Dex (normal)"])))
    assert falsehoods(full[0]) == {} and FULL in full[0]


def test_a_version_may_lag_behind_a_change_stored_just_before_it() -> None:
    # bob left at 300; a version shown at 300.05 may still show him seated (shown just
    # after the change before), and the next one shows the seat open
    versions = judged((200.5, lobby(["alice", "bob", OPEN, OPEN])),
                      (300.05, lobby(["alice", "bob", OPEN, OPEN])),
                      (300.2, lobby(["alice", OPEN, OPEN, OPEN])))
    assert [falsehoods(v) for v in versions] == [{}, {}, {}]
    [long_after] = judged((300 + LAG + 1, lobby(["alice", "bob", OPEN, OPEN])))
    assert falsehoods(long_after) == {"Seat 2: bob": "seat 2 was — open — then",
                                      WAITING.format(n=2, s="s"): "3 open then (seats: 2, 3, 4)"}


def test_a_seat_given_to_the_wrong_member_is_false() -> None:
    [verdicts] = judged((400.2, lobby(["alice", "bob", OPEN, OPEN])))  # carl held seat 2
    assert falsehoods(verdicts) == {"Seat 2: bob": "seat 2 was carl then"}
    [early] = judged((150, lobby(["alice", "bob", OPEN, OPEN])))  # bob joined at 200
    assert falsehoods(early) == {"Seat 2: bob": "seat 2 was — open — then",
                                 WAITING.format(n=2, s="s"): "3 open then (seats: 2, 3, 4)"}


def test_a_version_never_goes_back_to_seats_its_message_no_longer_showed() -> None:
    # bob seated would pass within the lag alone; his seat was shown open already
    shown_open, bob_again = judged((300.05, lobby(["alice", OPEN, OPEN, OPEN])),
                                   (300.1, lobby(["alice", "bob", OPEN, OPEN])))
    assert falsehoods(shown_open) == {}
    assert falsehoods(bob_again) == {"Seat 2: bob": "seat 2 was — open — then",
                                     WAITING.format(n=2, s="s"): "3 open then (seats: 2, 3, 4)"}
    [alone] = judged((300.1, lobby(["alice", "bob", OPEN, OPEN])))
    assert falsehoods(alone) == {}


def test_a_wrong_count_of_open_seats_is_false() -> None:
    said = WAITING.format(n=1, s="")
    [verdicts] = judged((400.2, lobby(["alice", "carl", OPEN, OPEN], said)))
    assert falsehoods(verdicts) == {said: "2 open then (seats: 3, 4)"}


def test_every_seat_taken_with_one_open_is_false() -> None:
    [verdicts] = judged((500.05, lobby(["alice", "carl", "🤖 Cog (normal)", OPEN], FULL)))
    assert falsehoods(verdicts) == {FULL: "1 open then (seats: 4)"}
    [listed_full] = judged((500.05, lobby(["alice", "carl", "🤖 Cog (normal)",
                                         "🤖 Dex (normal)"], FULL)))
    assert falsehoods(listed_full) == {"Seat 4: 🤖 Dex (normal)": "seat 4 was — open — then",
                                       FULL: "1 open then (seats: 4)"}  # Dex came at 500.1


def test_a_lobby_without_stored_seat_changes_is_seen_but_not_checked() -> None:
    stored = table()
    stored.seat_changes = []
    text = lobby(["alice", OPEN, OPEN, OPEN])
    ctx = Context(stored, seat_names(stored, PEOPLE))
    assert LobbyStream(seatings(stored, PEOPLE)).seating(text, ctx, 900,
                                                         replay(stored)[0]) is None
    unread = read(text, ctx).unchecked
    assert ("lobby (seat changes not stored)", WAITING.format(n=3, s="s")) in unread
