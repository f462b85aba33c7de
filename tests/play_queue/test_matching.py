"""The /play queue's matching rule: who sits together, and when computers fill a table."""

from __future__ import annotations

from typing import Any

from bot.play_queue import due_tables, full_tables, next_deadline
from bot.store.play_queue import QueuedMember

GUILD = 1
EUCHRE = {"target": 10, "stick_dealer": True}


def waits(
    user: int,
    joined: float,
    *,
    variant: str = "euchre",
    players: int = 4,
    options: dict[str, Any] | None = None,
    computers: bool = True,
    ends: float | None = None,
    guild: int = GUILD,
) -> QueuedMember:
    """Member ``user`` waiting since ``joined`` (their wait ends 60 s later unless given)."""
    return QueuedMember(
        guild_id=guild,
        user_id=user,
        variant=variant,
        players=players,
        options=EUCHRE if options is None else options,
        computers=computers,
        channel_id=100 + user,
        joined_at=joined,
        wait_ends=joined + 60 if ends is None else ends,
    )


def seated(tables: list[Any]) -> list[tuple[tuple[int, ...], int]]:
    """Each table as (its members' ids, host first; its computer players)."""
    return [(t.user_ids, t.computers) for t in tables]


def test_four_matching_members_fill_a_table_in_the_order_they_came() -> None:
    queue = [waits(4, 4.0), waits(2, 2.0), waits(3, 3.0), waits(1, 1.0)]
    assert seated(full_tables(queue)) == [((1, 2, 3, 4), 0)]


def test_three_members_are_not_a_table_of_four() -> None:
    assert full_tables([waits(1, 1.0), waits(2, 2.0), waits(3, 3.0)]) == []


def test_the_fifth_member_waits_for_the_next_table() -> None:
    queue = [waits(u, float(u)) for u in range(1, 6)]
    assert seated(full_tables(queue)) == [((1, 2, 3, 4), 0)]
    assert seated(due_tables(queue, now=1000.0)) == [((5,), 3)]


def test_members_match_only_with_the_same_game_seats_and_options() -> None:
    queue = [
        waits(1, 1.0),
        waits(2, 2.0, options={"target": 11, "stick_dealer": True}),
        waits(3, 3.0, variant="over_the_rhine"),
        waits(4, 4.0, players=6, variant="flip"),
        waits(5, 5.0),
        waits(6, 6.0, guild=2),
        waits(7, 7.0),
    ]
    assert full_tables(queue) == []
    queue.append(waits(8, 8.0))
    assert seated(full_tables(queue)) == [((1, 5, 7, 8), 0)]


def test_a_two_player_game_seats_pairs() -> None:
    queue = [waits(u, float(u), variant="over_the_top", players=2) for u in (1, 2, 3)]
    assert seated(full_tables(queue)) == [((1, 2), 0)]


def test_nothing_opens_with_computers_before_the_wait_ends() -> None:
    queue = [waits(1, 0.0, ends=60.0), waits(2, 10.0, ends=70.0)]
    assert due_tables(queue, now=59.9) == []
    assert seated(due_tables(queue, now=60.0)) == [((1, 2), 2)]


def test_the_longest_waiting_members_wait_decides_not_a_shorter_one() -> None:
    queue = [waits(1, 0.0, ends=600.0), waits(2, 10.0, ends=70.0)]
    assert due_tables(queue, now=100.0) == []
    assert next_deadline(queue) == 600.0


def test_members_who_refuse_computers_keep_waiting_and_never_set_off_a_table() -> None:
    queue = [
        waits(1, 0.0, computers=False, ends=5.0),
        waits(2, 10.0, ends=70.0),
        waits(3, 20.0, computers=False, ends=80.0),
    ]
    assert next_deadline(queue) == 70.0
    assert seated(due_tables(queue, now=70.0)) == [((2,), 3)]
    only_people = [queue[0], queue[2]]
    assert next_deadline(only_people) is None
    assert due_tables(only_people, now=10_000.0) == []


def test_each_match_has_its_own_deadline() -> None:
    queue = [
        waits(1, 0.0, ends=300.0),
        waits(2, 5.0, variant="over_the_top", players=2, options={"target": 10}, ends=65.0),
    ]
    assert next_deadline(queue) == 65.0
    assert seated(due_tables(queue, now=65.0)) == [((2,), 1)]
    assert next_deadline([]) is None
