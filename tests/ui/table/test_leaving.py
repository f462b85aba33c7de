"""The words before and after leaving a game match what happens; the public lines too."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from bot.store.departures import Departure
from bot.tables.events import TableChanged, TurnTimedOut
from bot.tables.models import Seat, Table
from bot.ui.table.leaving import (
    is_last_person,
    leave_choice,
    leave_question,
    left_answer,
    stay_answer,
)
from bot.ui.table.narration import narrate
from tests.ui.helpers import NAMES, PEOPLE, playing_table


def table() -> Table:
    return playing_table(new_game("euchre", 4, 1))


def test_the_question_says_it_counts_as_a_loss_when_the_penalty_is_on() -> None:
    question = leave_question(table(), penalty=True, rated=True, last=False)
    assert (
        "Leaving now counts as a loss in your Euchre rating when the game ends, whatever "
        "happens after. A computer player takes your seat." in question
    )
    assert "computer players finish" not in question


def test_the_question_without_the_penalty_and_for_the_last_person() -> None:
    question = leave_question(table(), penalty=False, rated=True, last=True)
    assert "counts as a loss" not in question and "doesn't count leaving as a loss" in question
    assert "the computer players finish the game; its result is kept" in question


def test_the_question_at_a_tournament_game_the_server_does_not_rate() -> None:
    question = leave_question(table(), penalty=False, rated=False, last=False)
    assert "counts as a loss" not in question and "count leaving" not in question
    assert (
        "A computer player takes your seat. This server doesn't rate tournament games: the "
        "game won't be in your Euchre rating." in question
    )


def test_the_choice_is_a_red_leave_and_a_stay() -> None:
    buttons = leave_choice(7).children
    assert [(b["label"], b["custom_id"], b["style"]) for b in buttons] == [
        ("Leave the game", "bower:leave:7:go", 4),
        ("Stay", "bower:leave:7:stay", 2),
    ]
    assert "nothing was changed" in stay_answer(7)


def test_the_answer_follows_what_was_stored() -> None:
    t = table()
    seats = (Seat(0, computer_level="normal"), *t.seats[1:])
    after = replace(t, seats=seats)
    gone = Departure(t.id, 0, PEOPLE[0], "normal", "left", 2, True, id=1, departed_at="now")
    assert "counts as a loss in your Euchre rating" in left_answer(after, gone)
    assert "won't be in your Euchre rating" in left_answer(
        after, replace(gone, counts_as_loss=False)
    )
    alone = replace(t, seats=tuple(Seat(i, computer_level="normal") for i in range(4)))
    assert "computer players finish the game" in left_answer(alone, gone)
    only_one = replace(t, seats=(t.seats[0], *alone.seats[1:]))
    assert is_last_person(only_one, PEOPLE[0]) and not is_last_person(t, PEOPLE[0])


def test_the_channel_is_told_who_left_and_that_the_computers_finish() -> None:
    t = table()
    seats = (Seat(0, computer_level="normal"), *t.seats[1:])
    (line,) = narrate(TableChanged(replace(t, seats=seats), "left", PEOPLE[0], 0), NAMES)
    assert line == "Player1 left the game: 🤖 a normal computer plays on in their seat."
    alone = replace(t, seats=tuple(Seat(i, computer_level="normal") for i in range(4)))
    (line,) = narrate(TableChanged(alone, "left", PEOPLE[0], 0), NAMES)
    assert line.endswith("Nobody else is playing, so the computers finish the game.")
    hard = (*t.seats[:2], Seat(2, computer_level="hard", left_by=PEOPLE[2]), t.seats[3])
    (line,) = narrate(TableChanged(replace(t, seats=hard), "replaced", PEOPLE[2], 2), NAMES)
    assert line == "A moderator gave Player3's seat 3 to 🤖 a hard computer."
    expert = (*t.seats[:2], Seat(2, computer_level="expert", left_by=PEOPLE[2]), t.seats[3])
    (line,) = narrate(TableChanged(replace(t, seats=expert), "replaced", PEOPLE[2], 2), NAMES)
    assert line == "A moderator gave Player3's seat 3 to 🤖 an expert computer."


def test_a_stand_in_warns_of_the_loss_only_when_it_counts() -> None:
    event = TurnTimedOut(table(), 0, PEOPLE[0], "pass", 3, True, counts_as_loss=True)
    (line,) = narrate(event, NAMES)
    assert "If it still does when the game ends, the game counts as a loss for Player1." in line
    (line,) = narrate(replace(event, counts_as_loss=False), NAMES)
    assert "loss" not in line
