"""The host's choice of a lobby seat to empty, and the answer once they did, are judged
against the stored seat changes: the seats others held, and that seat given up by the one
it names, shortly before each was shown."""

from __future__ import annotations

from tests.truth.claims.answers.removed import MENU, menu_findings, removal_findings
from tests.truth.reading.seating import LAG
from tests.truth.stored.opened import OpenedTable
from tests.truth.stored.store import StoredSeatChange

ALICE, BOB = 10, 11
NAMES = {ALICE: "alice", BOB: "bob"}
COMPUTER_GONE = "🤖 Bolt (normal) no longer sits at seat 2."
BOB_GONE = "bob no longer sits at seat 2."


def table() -> OpenedTable:
    """alice's Euchre lobby #3: a computer in seat 2 (at 10 s) she removes (12), bob sits
    there (20) and she removes him too (30)."""
    changes = [StoredSeatChange(0, ALICE, None, 0), StoredSeatChange(1, None, "normal", 10),
               StoredSeatChange(1, None, None, 12), StoredSeatChange(1, BOB, None, 20),
               StoredSeatChange(1, None, None, 30)]
    return OpenedTable(3, "euchre", ALICE, "lobby", 0, False, seat_changes=changes)


def truth(text: str, at: float) -> str | None:
    [(kind, said, found)] = removal_findings(text, ALICE, {3: table()}, NAMES, at)
    assert (kind, said) == ("seat_removed", text)
    return found


def test_the_one_who_gave_the_seat_up_just_before_is_named_truly() -> None:
    assert truth(COMPUTER_GONE, 12.3) is None
    assert truth(BOB_GONE, 30.2) is None


def test_a_wrong_name_a_wrong_seat_or_a_late_answer_is_false() -> None:
    assert truth(BOB_GONE, 12.3) == "seat 2 was given up by 🤖 Bolt (normal) then"
    assert truth(COMPUTER_GONE.replace("seat 2", "seat 3"), 12.3) == (
        "no seat 3 was given up then")
    assert truth(COMPUTER_GONE, 11.9) == "no seat 2 was given up then"  # not yet
    assert truth(COMPUTER_GONE, 12 + LAG + 1) == "no seat 2 was given up then"


def test_other_messages_are_not_read() -> None:
    assert removal_findings("Seat 2: bob", ALICE, {3: table()}, NAMES, 12.3) == []
    assert removal_findings(COMPUTER_GONE, None, {3: table()}, NAMES, 12.3) == []


def offered(*seats: int, at: float) -> str | None:
    controls = tuple(("bower:remove:3", str(seat)) for seat in seats)
    [(kind, said, found)] = menu_findings(MENU, ALICE, controls, {3: table()}, at)
    assert (kind, said) == ("seat_offered", MENU)
    return found


def test_the_seats_offered_are_those_others_held_then() -> None:
    assert offered(1, at=25) is None  # bob's
    assert offered(1, at=10.5) is None  # the computer's
    assert offered(1, 2, at=25) == "others held seats 2 then"
    assert offered(0, at=25) == "others held seats 2 then"  # the host's own seat
    assert offered(1, at=30 + LAG + 1) == "others held seats none then"
    assert menu_findings(MENU, ALICE, (("bower:remove:9", "1"),), {3: table()}, 25) == [
        ("seat_offered", MENU, "there is no table #9")]
