"""The answers about seats (a table opened, a seat replaced, leaving a game) are judged
against the stored tables, seats, departures and settings when they were shown."""

from __future__ import annotations

from tests.truth.claims.answers.planting import ALICE, BOB, Planted, judged

OPENED = ("Table #8 ({game}) is open: the table message has the buttons to join, add computer"
          " players and start.")
QUESTION = ("**Leave the game at table #11?**\n{rating}\n"
            "You can't come back to this game once you leave.")
PENALTY = ("Leaving now counts as a loss in your {game} rating when the game ends, whatever"
           " happens after. A computer player takes your seat.")
NO_PENALTY = ("A computer player takes your seat. This server doesn't count leaving as a loss:"
              " the game won't be in your Flip Euchre rating.")
LEFT = ("You left the game at table #11: a computer player has your seat.\n"
        "It counts as a loss in your {game} rating when it ends.")



def tables(store: Planted, leaves: bool = True, tournament: bool = False,
           loss_written: bool = True) -> Planted:
    """alice opens Flip table #8 (first move at 20); at table #11 (Flip, alice and bob)
    alice leaves at 60 (if ``leaves``); the game is counted at 100; table #1's seat 2 was
    given to a computer at 30."""
    store.table(8, "flip", ALICE, "playing", 5, [(ALICE, None), (None, "normal")])
    store.move(8, 20)
    seats: list[tuple[int | None, str | None]] = [(None, "normal") if leaves else (ALICE, None),
                                                   (BOB, None), (None, "normal")]
    store.table(11, "flip", BOB, "finished", 40, seats, tournament=tournament)
    store.move(11, 45)
    if leaves:
        written = loss_written and not tournament
        store.departure(11, 0, ALICE, "left", 60, mu_after=20.0 if written else None)
    store.result(11, "flip", 100, 3, [(None, False, None), (BOB, True, 27.0),
                                      (None, False, None)], 101)
    store.table(1, "euchre", BOB, "playing", 1, [(BOB, None), (None, "normal")])
    store.departure(1, 1, ALICE, "replaced", 30)
    return store


def test_a_table_opened_by_the_member_before_its_game(planted: Planted) -> None:
    store = tables(planted)
    assert judged(store, OPENED.format(game="Flip Euchre"), 6) == {"table_opened": None}
    assert judged(store, OPENED.format(game="Euchre"), 6) == {
        "table_opened": "table #8 plays Flip Euchre"}
    assert judged(store, OPENED.format(game="Flip Euchre"), 6, member=BOB) == {
        "table_opened": f"table #8 was opened by <@{ALICE}>"}
    assert judged(store, OPENED.format(game="Flip Euchre"), 25) == {
        "table_opened": "table #8 was already playing"}


def test_a_seat_replaced_by_then(planted: Planted) -> None:
    store = tables(planted)
    said = "Seat 2 of table #1 now has a computer player."
    assert judged(store, said, 31, member=BOB) == {"seat_replaced": None}
    assert judged(store, said, 29, member=BOB) == {
        "seat_replaced": "no replacement of seat 2 was stored by then"}
    assert judged(store, said.replace("Seat 2", "Seat 1"), 31, member=BOB) == {
        "seat_replaced": "no replacement of seat 1 was stored by then"}


def test_the_leave_question(planted: Planted) -> None:
    store = tables(planted)
    true = QUESTION.format(rating=PENALTY.format(game="Flip Euchre"))
    assert judged(store, true, 50) == {"leave_question": None, "leave_question_rating": None,
                                       "leave_no_return": None}
    assert judged(store, QUESTION.format(rating=NO_PENALTY), 50)["leave_question_rating"] == (
        "leaving counts as a loss")
    assert judged(store, QUESTION.format(rating=PENALTY.format(game="Euchre")), 50)[
        "leave_question_rating"] == "table #11 plays Flip Euchre"
    assert judged(store, true, 50, member=123)["leave_question"] == (
        "<@123> has no seat at table #11 then")
    assert judged(store, true, 70)["leave_question"] == "<@10> has no seat at table #11 then"


def test_the_leave_question_without_a_penalty(planted: Planted) -> None:
    planted.setting("leaver_penalty", False)
    store = tables(planted, leaves=False)
    assert judged(store, QUESTION.format(rating=NO_PENALTY), 50)["leave_question_rating"] is None
    assert judged(store, QUESTION.format(rating=PENALTY.format(game="Flip Euchre")), 50)[
        "leave_question_rating"] == "leaving does not count as a loss"


def test_the_answer_once_left(planted: Planted) -> None:
    store = tables(planted)
    assert judged(store, LEFT.format(game="Flip Euchre"), 61) == {
        "left_seat": None, "left_rating": None}
    assert judged(store, LEFT.format(game="Flip Euchre"), 59) == {
        "left_seat": "no departure of <@10> was stored by then"}
    assert judged(store, LEFT.format(game="Flip Euchre"), 61, member=BOB) == {
        "left_seat": "no departure of <@11> was stored by then"}


def test_a_loss_at_a_table_that_is_not_rated_is_false(planted: Planted) -> None:
    planted.setting("rate_tournaments", False)
    store = tables(planted, tournament=True)
    assert judged(store, LEFT.format(game="Flip Euchre"), 61)["left_rating"] == (
        "a tournament's game the server does not rate")


def test_a_loss_the_counted_game_left_out_is_false(planted: Planted) -> None:
    store = tables(planted, loss_written=False)
    assert judged(store, LEFT.format(game="Flip Euchre"), 61)["left_rating"] == (
        "the game was counted without their loss")


def test_a_member_who_left_and_sat_down_again_makes_no_return_false(planted: Planted) -> None:
    store = tables(planted)
    store.db.execute("UPDATE seats SET user_id = ?, computer_level = NULL"
                     " WHERE table_id = 11 AND seat = 0", (ALICE,))
    asked = QUESTION.format(rating=PENALTY.format(game="Flip Euchre"))
    assert judged(store, asked, 50)["leave_no_return"] == f"<@{ALICE}> holds seat 1 again"


def test_a_game_that_ends_while_the_question_is_on_its_way_is_not_held_against_it(
        planted: Planted) -> None:
    """Table #11's result is stored at 100: a question shown half a second later answers a
    click made while the game was on; one shown two seconds later does not."""
    store = tables(planted, leaves=False)
    asked = QUESTION.format(rating=PENALTY.format(game="Flip Euchre"))
    assert judged(store, asked, 100.5)["leave_question"] is None
    assert judged(store, asked, 102)["leave_question"] == "the game at table #11 was over"
