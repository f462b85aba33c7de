"""The tournament store: sign-ups once each, a round's tables and scores, final standings
kept once and found again for a player's /history."""

from __future__ import annotations

from bot.store import Database
from bot.store.tournaments import KeptStanding, NewTournament, TournamentRepository

GUILD = 7


def night(name: str = "Euchre night") -> NewTournament:
    return NewTournament(
        guild_id=GUILD, channel_id=8, host_id=9, name=name, variant="euchre", players=4,
        options={"stick_dealer": True}, format="progressive", fill="computers", rounds=3,
        hands=8, seed=42,
    )


async def test_a_member_registers_once_and_a_dropped_player_is_no_longer_active(
    db: Database,
) -> None:
    repo = TournamentRepository(db)
    record = await repo.create(night())
    assert (record.status, record.round, record.options) == ("signup", 0, {"stick_dealer": True})
    assert await repo.register(record.id, 1) and await repo.register(record.id, 2)
    assert not await repo.register(record.id, 1)
    assert await repo.drop(record.id, 2, after_round=1)
    assert not await repo.drop(record.id, 2, after_round=2)
    assert await repo.players(record.id) == [1, 2]
    assert await repo.players(record.id, active=True) == [1]


async def test_a_tables_scores_are_noted_once(db: Database) -> None:
    repo = TournamentRepository(db)
    record = await repo.create(night())
    await repo.seat_round(record.id, 1, [(1, 2, 3, None)], byes=[4])
    await db.execute(
        "INSERT INTO tables (id, guild_id, channel_id, host_id, variant, players, options,"
        " seed, status, created_at, updated_at) VALUES (50, 7, 8, 1, 'euchre', 4, '{}', 1,"
        " 'playing', 'now', 'now')"
    )
    await repo.set_table(record.id, 1, 1, 50)
    assert await repo.tournament_of_table(50) == (record.id, 1, False)
    assert await repo.set_result(50, (6, 4), {1: 1})
    assert await repo.tournament_of_table(50) == (record.id, 1, True)
    assert not await repo.set_result(50, (0, 0), {})
    [table] = await repo.round_tables(record.id, 1)
    assert (table.seats, table.scores, table.loners) == ((1, 2, 3, None), (6, 4), {1: 1})
    assert await repo.byes(record.id) == {1: (4,)}


async def test_final_standings_are_kept_once_and_listed_for_each_player(db: Database) -> None:
    repo = TournamentRepository(db)
    first, second = await repo.create(night()), await repo.create(night("Second night"))
    for record in (first, second):
        await repo.keep_standings([
            KeptStanding(record.id, 1, 1, 30, (10, 20), 2, 1),
            KeptStanding(record.id, 2, 2, 12, (6, 6), 0, 0, "rounds won"),
        ])
        await repo.set_state(record.id, "finished", 2, None)
    await repo.keep_standings([KeptStanding(first.id, 1, 2, 0, (0,), 0, 0)])
    assert [k.rank for k in await repo.kept_standings(first.id)] == [1, 2]
    placings = await repo.placings_of(2, GUILD)
    assert [(t.name, line.rank, line.tie_break, ranked) for t, line, ranked in placings] == [
        ("Second night", 2, "rounds won", 2), ("Euchre night", 2, "rounds won", 2)]
    assert all(t.finished_at for t, _, _ in placings)
    assert await repo.placings_of(2, GUILD + 1) == []
