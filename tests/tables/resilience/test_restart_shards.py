"""Restarts of a cluster process: only the tables of its shards' guilds come back."""

from __future__ import annotations

from pathlib import Path

from bot.shards import shard_of
from bot.tables import TableService
from bot.tables.events import TableChanged
from tests.tables.helpers import CHANNEL, GUILD, HOST, Recorder, make_service, open_db

OTHER_GUILD = GUILD + (1 << 22)  # the next shard of two


async def lobby_in(service: TableService, guild_id: int) -> int:
    table = await service.create(
        guild_id=guild_id, channel_id=CHANNEL, host_id=HOST, variant="euchre"
    )
    return table.id


async def test_only_the_guilds_this_process_owns_are_restored(db_path: Path) -> None:
    assert shard_of(GUILD, 2) != shard_of(OTHER_GUILD, 2)
    db = await open_db(db_path)
    service = make_service(db)
    mine, theirs = await lobby_in(service, GUILD), await lobby_in(service, OTHER_GUILD)
    await service.close()
    await db.close()

    db = await open_db(db_path)
    service = make_service(db)
    recorder = Recorder()
    service.subscribe(recorder)
    try:
        restored = await service.restore(lambda guild: shard_of(guild, 2) == shard_of(GUILD, 2))
        assert [t.id for t in restored] == [mine]
        assert [t.id for t in service.open_tables(GUILD)] == [mine]
        assert service.open_tables(OTHER_GUILD) == []
        assert theirs not in {e.table.id for e in recorder.of(TableChanged)}
    finally:
        await service.close()
        await db.close()


async def test_without_a_predicate_every_table_is_restored(db_path: Path) -> None:
    db = await open_db(db_path)
    service = make_service(db)
    ids = {await lobby_in(service, GUILD), await lobby_in(service, OTHER_GUILD)}
    await service.close()
    await db.close()

    db = await open_db(db_path)
    service = make_service(db)
    try:
        assert {t.id for t in await service.restore()} == ids
    finally:
        await service.close()
        await db.close()
