"""Erasing a member's data: their ratings go, their seat in past games becomes a former
member, and everyone else's results, records and history add up as before."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.moderation.modlog import ModLogRepository, NewModAction
from bot.store.moderation.privacy import PrivacyError, PrivacyRepository, is_former_member
from bot.store.standings.seasons import Board
from bot.store.standings.stats import BoardQuery, StatsRepository
from bot.store.tournaments import KeptStanding, NewTournament, TournamentRepository
from bot.tables import TableService
from tests.store.helpers import stored_result
from tests.tables.helpers import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    lobby,
    make_service,
    play_to_end,
    started,
)

EUCHRE_BOARD = BoardQuery(GUILD, "euchre", Board(1))


@pytest.fixture
async def service(db: Database) -> AsyncIterator[TableService]:
    """A table service on the test database."""
    tables = make_service(db)
    yield tables
    await tables.close()


async def finished_game(service: TableService, people: tuple[int, ...] = (ALICE, BOB)) -> int:
    """A Euchre game to 5 the people play to the end (people[0] hosts), counted."""
    table = await started(service, "euchre", people=people, options={"target": 5})
    table = await play_to_end(service, table.id, people, rng=random.Random(table.id))
    assert table.status == "finished"
    await RatingUpdater(service.db).apply_pending()
    return table.id


async def rows(db: Database, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Every row ``sql`` finds, as plain tuples."""
    return [tuple(row) for row in await db.fetchall(sql, params)]


async def everything(db: Database) -> list[list[tuple[Any, ...]]]:
    """Every row of the tables a member's id is kept in."""
    kept = ("result_players", "seat_records", "actions", "seats", "seat_changes", "tables",
            "ratings")
    return [sorted(await rows(db, f"SELECT * FROM {table}"), key=repr) for table in kept]


async def stats_of(db: Database, user_id: int) -> list[tuple[Any, ...]]:
    """What /stats shows of a member apart from their place: ratings, records, hands."""
    return [
        (s.variant, s.rating, s.season_rating, s.records, s.hands_played)
        for s in await StatsRepository(db).player(GUILD, user_id, 1)
    ]


async def history_of(db: Database, user_id: int) -> list[tuple[Any, ...]]:
    """What /history shows of a member's games: table, seat, scores, winner, every seat's
    player, and the rating change."""
    return [
        (
            entry.result.table_id,
            entry.seat,
            entry.result.final_scores,
            entry.result.winner_side,
            tuple((p.seat, p.user_id, p.computer_level, p.won) for p in entry.result.seats),
            entry.ordinal_change,
        )
        for entry in await StatsRepository(db).history(GUILD, user_id)
    ]


async def test_what_is_stored_about_a_member_is_counted(service: TableService) -> None:
    privacy = PrivacyRepository(service.db)
    assert (await privacy.stored(GUILD, ALICE)).empty
    await finished_game(service)
    stored = await privacy.stored(GUILD, ALICE)
    assert stored.ratings == {"euchre": 1}
    assert stored.rating_rows >= 2  # this season's board and the all-time one
    assert (stored.games_played, stored.tables_hosted, stored.games_left) == (1, 1, 0)
    assert stored.moves > 0 and stored.open_tables == () and not stored.empty
    assert stored.lobbies_left == 0  # her seat is the game's, not a lobby she left
    assert (await privacy.stored(GUILD + 1, ALICE)).empty  # nothing in another server


async def test_a_seat_taken_and_given_up_in_a_lobby_is_counted_and_erased(
    service: TableService,
) -> None:
    table = await lobby(service, host=BOB)
    await service.join(table.id, ALICE)
    await service.leave(table.id, ALICE)
    privacy = PrivacyRepository(service.db)
    stored = await privacy.stored(GUILD, ALICE)
    assert stored.lobbies_left == 1 and stored.open_tables == () and not stored.empty
    pseudonym = await privacy.erase(GUILD, ALICE, erased_by=ALICE)
    assert await rows(
        service.db, "SELECT user_id FROM seat_changes WHERE table_id = ? AND seat = 1", table.id
    ) == [(pseudonym,), (None,)]
    assert (await privacy.stored(GUILD, ALICE)).empty


async def test_erasing_keeps_everyone_elses_results_whole(service: TableService) -> None:
    db = service.db
    table_id = await finished_game(service)
    bob_before = await history_of(db, BOB)
    bob_stats_before = await stats_of(db, BOB)
    alice_seat = (await history_of(db, ALICE))[0][1]

    pseudonym = await PrivacyRepository(db).erase(GUILD, ALICE, erased_by=ALICE)

    assert is_former_member(pseudonym) and pseudonym < 0
    assert await rows(db, "SELECT * FROM ratings WHERE user_id = ?", ALICE) == []
    assert await StatsRepository(db).player(GUILD, ALICE, 1) == []
    assert await history_of(db, ALICE) == []
    # bob's games read exactly as before, alice's seat now the former member
    bob_after = await history_of(db, BOB)
    expected = [
        (
            *entry[:4],
            tuple((s, pseudonym if u == ALICE else u, c, w) for s, u, c, w in entry[4]),
            entry[5],
        )
        for entry in bob_before
    ]
    assert bob_after == expected
    assert await stats_of(db, BOB) == bob_stats_before  # only his place may move up
    assert await rows(
        db, "SELECT user_id FROM seat_records WHERE table_id = ? AND seat = ?", table_id, alice_seat
    ) == [(pseudonym,)]
    assert await rows(db, "SELECT host_id FROM tables WHERE id = ?", table_id) == [(pseudonym,)]
    taken = await rows(db, "SELECT user_id FROM seat_changes WHERE table_id = ? AND seat = ?",
                       table_id, alice_seat)
    assert taken == [(pseudonym,)]  # when she took her seat is kept, not who she was
    moves = await rows(db, "SELECT DISTINCT actor_id FROM actions WHERE actor_id > 0")
    assert (ALICE,) not in moves and (BOB,) in moves
    board = await StatsRepository(db).leaderboard(EUCHRE_BOARD)
    assert [entry.rating.user_id for entry in board] == [BOB]
    assert (await PrivacyRepository(db).stored(GUILD, ALICE)).empty
    # nothing is counted again, and the former member never gets a rating
    assert await RatingUpdater(db).apply_pending() == 0
    assert await rows(db, "SELECT * FROM ratings WHERE user_id < 0") == []


async def test_a_game_counted_after_the_erasure_rates_the_others_only(db: Database) -> None:
    await stored_result(db, (ALICE,), (BOB,))  # finished, not counted yet
    await PrivacyRepository(db).erase(GUILD, ALICE, erased_by=ALICE)
    assert await RatingUpdater(db).apply_pending() == 1
    assert await rows(db, "SELECT DISTINCT user_id FROM ratings WHERE user_id IS NOT NULL") == [
        (BOB,)
    ]


async def test_a_member_at_an_open_table_is_refused_and_nothing_changes(
    service: TableService,
) -> None:
    db = service.db
    await finished_game(service)
    table = await started(service, "euchre", people=(BOB, ALICE))
    before = await rows(db, "SELECT * FROM result_players ORDER BY table_id, seat")
    with pytest.raises(PrivacyError, match=rf"table #{table.id}: leave it"):
        await PrivacyRepository(db).erase(GUILD, ALICE, erased_by=ALICE)
    assert await rows(db, "SELECT * FROM result_players ORDER BY table_id, seat") == before
    assert await rows(db, "SELECT * FROM former_members") == []
    stored = await PrivacyRepository(db).stored(GUILD, ALICE)
    assert stored.open_tables == (table.id,) and stored.ratings == {"euchre": 1}


async def test_a_moderators_deletion_is_logged_and_their_own_actions_stay(db: Database) -> None:
    log = ModLogRepository(db)
    await stored_result(db, (ALICE,), (BOB,))
    await log.record(NewModAction(GUILD, "table_replace", CAROL, table_id=1, member_id=ALICE))
    await log.record(NewModAction(GUILD, "setting", ALICE, detail={"key": "max_tables"}))
    privacy = PrivacyRepository(db)
    assert (await privacy.stored(GUILD, ALICE)).actions_about == 1

    pseudonym = await privacy.erase(GUILD, ALICE, erased_by=CAROL)

    entries = await log.page(GUILD)
    assert [(e.kind, e.moderator_id, e.member_id) for e in entries] == [
        ("data_deletion", CAROL, pseudonym),
        ("setting", ALICE, None),  # what alice did as a moderator stays hers
        ("table_replace", CAROL, pseudonym),
    ]
    stored = await privacy.stored(GUILD, ALICE)
    assert (stored.actions_taken, stored.actions_about, stored.games_played) == (1, 0, 0)
    await privacy.erase(GUILD, BOB, erased_by=BOB)  # one's own deletion is not logged
    assert await log.count(GUILD) == 3


async def test_a_second_erasure_changes_nothing(service: TableService) -> None:
    db = service.db
    await finished_game(service)
    privacy = PrivacyRepository(db)
    first = await privacy.erase(GUILD, ALICE, erased_by=ALICE)
    snapshot = await everything(db)
    second = await privacy.erase(GUILD, ALICE, erased_by=ALICE)
    assert second != first
    assert await everything(db) == snapshot
    players = [seat[1] for seat in (await history_of(db, BOB))[0][4]]
    assert first in players and second not in players


async def test_other_servers_keep_the_members_data(db: Database) -> None:
    await stored_result(db, (ALICE,), (BOB,))
    await stored_result(db, (ALICE,), (BOB,), guild=GUILD + 1)
    await RatingUpdater(db).apply_pending()
    await PrivacyRepository(db).erase(GUILD, ALICE, erased_by=ALICE)
    elsewhere = await PrivacyRepository(db).stored(GUILD + 1, ALICE)
    assert elsewhere.ratings == {"euchre": 1} and elsewhere.games_played == 1
    assert (await PrivacyRepository(db).stored(GUILD, ALICE)).empty


async def test_a_rematch_leaves_the_former_members_seat_open(service: TableService) -> None:
    table_id = await finished_game(service)
    await PrivacyRepository(service.db).erase(GUILD, ALICE, erased_by=ALICE)
    rematch = await service.rematch(table_id, BOB)
    assert rematch.people == (BOB,) and rematch.seats[0].is_empty
    assert all(seat.user_id is None or seat.user_id > 0 for seat in rematch.seats)


async def test_a_member_still_in_a_tournament_is_refused_and_a_past_one_is_renamed(
    db: Database,
) -> None:
    repo = TournamentRepository(db)
    settings = dict(guild_id=GUILD, channel_id=1, host_id=BOB, name="Euchre night",
                    variant="euchre", players=4, options={}, format="progressive",
                    fill="computers", rounds=1, hands=2, seed=1)
    night = await repo.create(NewTournament(**settings))  # type: ignore[arg-type]
    await repo.register(night.id, ALICE)
    with pytest.raises(PrivacyError, match="Registered for the tournament Euchre night"):
        await PrivacyRepository(db).erase(GUILD, ALICE, erased_by=ALICE)
    assert await repo.players(night.id) == [ALICE]

    await repo.seat_round(night.id, 1, [(ALICE, BOB, None, None)], byes=[])
    await repo.keep_standings([KeptStanding(night.id, ALICE, 1, 8, (8,), 1, 0),
                               KeptStanding(night.id, BOB, 2, 3, (3,), 0, 0)])
    await repo.set_state(night.id, "finished", 1, None)
    await db.execute("INSERT INTO play_queue (guild_id, user_id, variant, players, options,"
                     " computers, wait_minutes, channel_id, joined_at, wait_ends)"
                     " VALUES (?, ?, 'euchre', 4, '{}', 1, 5, 1, 0, 300)", (GUILD, ALICE))
    stored = await PrivacyRepository(db).stored(GUILD, ALICE)
    assert stored.tournaments == 1 and stored.queued

    pseudonym = await PrivacyRepository(db).erase(GUILD, ALICE, erased_by=ALICE)
    [table] = await repo.round_tables(night.id, 1)
    assert table.seats == (pseudonym, BOB, None, None)
    assert [k.user_id for k in await repo.kept_standings(night.id)] == [pseudonym, BOB]
    assert await repo.placings_of(ALICE, GUILD) == []
    assert (await PrivacyRepository(db).stored(GUILD, ALICE)).empty
