"""A hand message closed because its member left (or a moderator gave their seat away)
is judged against the stored departure, seats and moves, and the message's later
versions."""

from __future__ import annotations

from tests.truth.claims.answers.closed import closed_findings
from tests.truth.claims.answers.planting import ALICE, BOB, Planted
from tests.truth.playing.recorder import Shown
from tests.truth.stored.opened import read_opened

LEFT = ("Flip Euchre · table #11 · your hand (closed)\n"
        "👋 **You left this game.** A computer player plays your seat to the end; you can't"
        " come back to it.\nThis hand is closed: it no longer shows the game.")
GIVEN = ("Euchre · table #1 · your hand (closed)\n**Your seat was given to a computer player.**"
         " It plays on to the end.\nThis hand is closed: it no longer shows the game.")


def tables(store: Planted, by: str = "computer") -> Planted:
    """Table #11 (Flip): alice leaves seat 1 at 60, its later moves made ``by``; table #1
    (Euchre): bob's seat 2 given to a computer at 30."""
    store.table(11, "flip", BOB, "finished", 40, [(None, "normal"), (BOB, None)])
    store.move(11, 45, seat=0, source="person")
    store.departure(11, 0, ALICE, "left", 60)
    store.move(11, 70, seat=0, source=by)
    store.table(1, "euchre", ALICE, "playing", 1, [(ALICE, None), (None, "normal")])
    store.departure(1, 1, BOB, "replaced", 30)
    return store


def judged(store: Planted, text: str, at: float, member: int = ALICE,
           later: tuple[str, ...] = ()) -> dict[str, str | None]:
    """Each kind the closed message makes → its first truth (None: true); ``later``: the
    titles of the message's later versions."""
    shown = [Shown(5, 2, member, 0, at, text, text.split("\n", 1)[0])]
    shown += [Shown(5, 2, member, n, at + n, title, title) for n, title in
              enumerate(later, start=1)]
    found: dict[str, str | None] = {}
    for kind, _, truth in closed_findings(shown[0], shown, read_opened(store.done())):
        found[kind] = found.get(kind) or truth
    return found


def test_a_leavers_closed_hand_is_true_once_the_departure_is_stored(planted: Planted) -> None:
    store = tables(planted)
    assert judged(store, LEFT, 61) == {
        "closed_title": None, "closed_left": None, "closed_computer_plays": None,
        "closed_no_return": None, "closed_stays": None}
    assert judged(store, LEFT, 59)["closed_left"] == (
        f"no departure of <@{ALICE}> from table #11 was stored by then")
    assert judged(store, LEFT.replace("Flip Euchre", "Euchre"), 61)["closed_title"] == (
        "table #11 plays Flip Euchre")


def test_a_seat_a_person_took_back_or_played_after_leaving_is_reported(
        planted: Planted) -> None:
    assert judged(tables(planted, by="person"), LEFT, 61)["closed_computer_plays"] == (
        "a person move of seat 1 after it")


def test_a_leaver_seated_again_is_reported(planted: Planted) -> None:
    store = tables(planted)
    store.db.execute("UPDATE seats SET user_id = ?, computer_level = NULL WHERE table_id = 11"
                     " AND seat = 0", (ALICE,))
    found = judged(store, LEFT, 61)
    assert found["closed_no_return"] == f"<@{ALICE}> holds seat 1 again"
    assert found["closed_computer_plays"] == f"seat 1 is held by <@{ALICE}>"


def test_a_replaced_member_told_they_left_is_reported(planted: Planted) -> None:
    store = tables(planted)
    told_left = LEFT.replace("Flip Euchre · table #11", "Euchre · table #1")
    assert judged(store, told_left, 31, member=BOB)["closed_left"] == (
        f"<@{BOB}>'s departure was stored as 'replaced', not 'left'")
    assert judged(store, GIVEN, 31, member=BOB) == {
        "closed_title": None, "closed_replaced": None, "closed_computer_plays": None,
        "closed_stays": None}


def test_a_closed_hand_that_shows_the_game_again_is_reported(planted: Planted) -> None:
    store = tables(planted)
    assert judged(store, LEFT, 61, later=("Flip Euchre · table #11 · your hand (closed)",))[
        "closed_stays"] is None
    assert judged(store, LEFT, 61, later=("Flip Euchre · table #11 · your hand",))[
        "closed_stays"] == "version 1 shows 'Flip Euchre · table #11 · your hand'"


def test_another_closed_message_is_left_unchecked(planted: Planted) -> None:
    moved = ("Euchre · table #1 · your hand (closed)\n↪️ **Your hand is shown in another "
             "message now** (the one you used last): this one no longer changes.")
    assert judged(tables(planted), moved, 31, member=BOB) == {}
