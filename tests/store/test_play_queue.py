"""The /play queue in the store: one wait per member and server, kept across reopening."""

from __future__ import annotations

from pathlib import Path

from bot.store import Database
from bot.store.opening import open_database
from bot.store.play_queue import PlayQueueRepository, QueuedMember


def wait(user: int, joined: float, guild: int = 1, variant: str = "euchre") -> QueuedMember:
    return QueuedMember(
        guild_id=guild,
        user_id=user,
        variant=variant,
        players=4,
        options={"target": 10, "stick_dealer": True},
        computers=user % 2 == 1,
        wait_minutes=3,
        channel_id=500,
        thread_id=600 if user == 3 else None,
        joined_at=joined,
        wait_ends=joined + 180.5,
    )


async def test_a_wait_is_stored_as_given_and_survives_reopening(db_path: Path) -> None:
    first = await open_database(db_path, synchronous="NORMAL")
    for user, joined in ((3, 1000.25), (1, 1000.5), (2, 999.0)):
        await PlayQueueRepository(first).put(wait(user, joined))
    await first.close()
    reopened = await open_database(db_path, synchronous="NORMAL")
    try:
        again = PlayQueueRepository(reopened)
        assert await again.of_guild(1) == [wait(2, 999.0), wait(3, 1000.25), wait(1, 1000.5)]
        assert await again.get(1, 3) == wait(3, 1000.25)
        assert await again.get(1, 4) is None
    finally:
        await reopened.close()


async def test_a_member_waits_once_per_server_a_new_wait_replaces_the_old(db: Database) -> None:
    repo = PlayQueueRepository(db)
    await repo.put(wait(1, 10.0))
    await repo.put(wait(1, 20.0, variant="flip"))
    await repo.put(wait(1, 30.0, guild=2))
    assert [m.variant for m in await repo.of_guild(1)] == ["flip"]
    assert [m.guild_id for m in await repo.every()] == [1, 2]


async def test_removing_says_how_many_were_waiting_and_touches_no_other_server(
    db: Database,
) -> None:
    repo = PlayQueueRepository(db)
    for user in (1, 2, 3):
        await repo.put(wait(user, float(user)))
    await repo.put(wait(1, 9.0, guild=2))
    assert await repo.remove(1, [1, 3, 7]) == 2
    assert [m.user_id for m in await repo.of_guild(1)] == [2]
    assert [m.user_id for m in await repo.of_guild(2)] == [1]
    assert await repo.remove(1, [1]) == 0
