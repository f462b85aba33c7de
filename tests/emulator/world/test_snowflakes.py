"""Ids are Discord snowflakes: time-based, increasing, and following the emulator clock."""

from __future__ import annotations

import time

from tests.emulator.world.snowflakes import Clock, Snowflakes, shard_of


def test_snowflakes_increase_and_carry_their_creation_time() -> None:
    clock = Clock()
    ids = Snowflakes(clock)
    made = [ids.next() for _ in range(5000)]
    assert made == sorted(set(made))
    assert abs(Snowflakes.timestamp(made[0]) - time.time()) < 1


def test_snowflakes_follow_the_advanced_clock() -> None:
    clock = Clock()
    ids = Snowflakes(clock)
    before = ids.next()
    clock.advance(900)
    after = ids.next()
    assert 899 < Snowflakes.timestamp(after) - Snowflakes.timestamp(before) < 902


def test_guild_ids_can_be_made_on_a_chosen_shard_and_stay_increasing() -> None:
    ids = Snowflakes(Clock())
    made = []
    for shard in (1, 0, 2, 2, 0):
        made.append(ids.next_on_shard(shard, 3))
        assert shard_of(made[-1], 3) == shard
        made.append(ids.next())
    assert made == sorted(set(made))
