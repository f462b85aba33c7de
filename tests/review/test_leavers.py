"""When a member who left a finished game stopped playing their seat: after their own last
action, never before the hand they left during began."""

from __future__ import annotations

from bot.review.leavers import computer_from, still_theirs, until_left
from bot.review.opinion import Decision, Opinion, PerfectPlay
from bot.store.departures import Departure
from bot.store.tables import ActionRecord
from tests.review.helpers import record_of

DAVE = 103


def test_a_seat_is_the_leavers_up_to_their_last_own_move() -> None:
    record = record_of("euchre", 4)
    second = record.hands[1]
    own = second.first_action + 2
    actions = [
        ActionRecord(1, i, i % 4, a, "person" if i <= own and i % 4 == 1 else "computer",
                     DAVE if i <= own and i % 4 == 1 else None, "now")
        for i, a in enumerate(record.actions)
    ]
    last_own = max(a.index for a in actions if a.actor_id == DAVE)
    gone = Departure(1, 1, DAVE, "normal", "left", 2, True, id=1, departed_at="now")
    moments = computer_from([gone], actions, record)
    assert moments == {1: max(second.first_action, last_own + 1)}
    assert still_theirs(record, 1, 0, moments[1]) and still_theirs(record, 1, 1, moments[1])
    last = len(second.tricks)
    assert not still_theirs(record, 2, last, moments[1])


def test_a_member_who_never_moved_in_the_hand_left_at_its_start() -> None:
    record = record_of("euchre", 4)
    gone = Departure(1, 3, DAVE, "normal", "left", 2, True, id=1, departed_at="now")
    moments = computer_from([gone], [], record)
    assert moments == {3: record.hands[1].first_action}
    assert not still_theirs(record, 2, 0, moments[3]) and still_theirs(record, 1, 0, moments[3])


def test_the_opinion_of_a_leavers_seat_keeps_to_their_own_decisions() -> None:
    decisions = tuple(
        Decision(index, hand, "pass", (), 0.0, "") for index, hand in ((3, 1), (20, 2), (40, 3))
    )
    perfect = tuple(PerfectPlay(hand, 3, 3, 1) for hand in (1, 2, 3))
    opinion = Opinion(1, decisions, perfect)
    gone = Departure(1, 1, DAVE, "normal", "left", 2, True, id=1, departed_at="now")
    kept = until_left(opinion, 25, [gone])
    assert [d.index for d in kept.decisions] == [3, 20]
    assert [p.hand for p in kept.perfect] == [1]  # the hand they left during is not theirs
    assert until_left(opinion, None, []) == opinion
