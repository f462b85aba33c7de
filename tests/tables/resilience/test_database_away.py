"""PostgreSQL going away mid-game: a move made while it is down is refused privately and
changes nothing; when it is back the same move is accepted once and the game plays on."""

from __future__ import annotations

import pytest

from bot.store.backends.postgres import PostgresDatabase
from bot.tables import TableError
from bot.tables.errors import DATABASE_AWAY
from tests.postgres_server import cut
from tests.tables.helpers import HOST, make_service, open_db, person_turn, play_to_end, started

DOWN = "postgresql://bower@127.0.0.1:9/bower"  # nothing answers there


async def test_a_move_while_the_database_is_down_is_refused_then_play_resumes(
    postgres_url: str, postgres_server_url: str
) -> None:
    db = await open_db(postgres_url)
    assert isinstance(db, PostgresDatabase)
    service = make_service(db, timer_scale=100.0)
    try:
        table = await started(service, "euchre", people=(HOST,))
        user, table = await person_turn(service, table.id)
        hand = service.hand(table.id, user)
        stored = await service.tables.actions(table.id)

        db.url = DOWN
        await cut(postgres_server_url, db)
        with pytest.raises(TableError) as refused:
            await service.act(table.id, user, hand.legal[0], expected_turn=hand.turn)
        assert refused.value.message == DATABASE_AWAY
        assert service.hand(table.id, user).turn == hand.turn  # still the same decision

        db.url = postgres_url  # the server is back
        await service.act(table.id, user, hand.legal[0], expected_turn=hand.turn)
        after = await service.tables.actions(table.id)
        assert after[: len(stored)] == stored and after[len(stored)].action == hand.legal[0]
        finished = await play_to_end(service, table.id, (user,))
        assert finished.status == "finished"
        actions = await service.tables.actions(table.id)
        assert [a.index for a in actions] == list(range(len(actions)))  # none lost or twice
    finally:
        await service.close()
        await db.close()
