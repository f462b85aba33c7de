"""The tournament service over a real table service: rounds open as tables, end at their
hands, players move, the final standings are kept; sign-up refusals change nothing; a
restart between rounds goes on where it was."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

from bot.engine import new_game
from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.settings import SettingsRepository
from bot.tables import TableError, TableService
from bot.tournaments.models import CutRound
from bot.tournaments.rounds import loners_made
from bot.tournaments.service import TournamentError, TournamentService, TournamentUpdate
from tests.tables.helpers import CHANNEL, GUILD

HOST = 1000
PEOPLE = list(range(1, 9))


@pytest.fixture
def tables(service: TableService) -> TableService:
    """The table service the tournaments open their tables through."""
    return service


@pytest.fixture
async def tournaments(db: Database, tables: TableService) -> AsyncIterator[TournamentService]:
    service = TournamentService(db, tables, clock_scale=0.001)
    yield service
    await service.close()


async def euchre_night(
    tournaments: TournamentService, people: list[int] = PEOPLE, **given: object
) -> int:
    settings: dict[str, object] = {
        "name": "Euchre night", "variant": "euchre", "players": 4, "fmt": "progressive",
        "fill": "computers", "rounds": 3, "hands": 2, "options": {}, **given,
    }
    record = await tournaments.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST,
                                      **settings)  # type: ignore[arg-type]
    for user in people:
        await tournaments.register(record.id, user)
    return record.id


async def play_round(tables: TableService, tournaments: TournamentService, tid: int) -> None:
    """Play every person's turn at the current round's tables until the round is over."""
    rng = random.Random(tid)
    record = await tournaments.get(tid)
    number = record.round
    for _ in range(20000):
        await tables.wait_idle()
        record = await tournaments.get(tid)
        rows = await tournaments.repo.round_tables(tid, number)
        if record.round != number or not record.is_open or all(r.scores for r in rows):
            return
        moved = False
        for row in rows:
            if row.table_id is None:
                continue
            table = await tables.get(row.table_id)
            user = table.current_user
            if table.status == "playing" and user is not None:
                hand = tables.hand(table.id, user)
                if hand.legal:
                    await tables.act(table.id, user, rng.choice(hand.legal), hand.turn)
                    moved = True
        if not moved:
            await asyncio.sleep(0.01)
    raise AssertionError("the round did not end")

async def paused_after_round_1(tables: TableService, tournaments: TournamentService) -> int:
    """A two-round night paused as it started, its round 1 then played: it stays paused
    between the rounds. Its id."""
    tid = await euchre_night(tournaments, rounds=2)
    await tournaments.start(tid, HOST)
    await tournaments.pause(tid, HOST)
    await play_round(tables, tournaments, tid)
    await tables.wait_idle()
    assert (await tournaments.get(tid)).status == "paused"
    return tid



async def test_a_progressive_night_runs_to_its_final_standings(
    tables: TableService, tournaments: TournamentService
) -> None:
    updates: list[TournamentUpdate] = []

    async def note(update: TournamentUpdate) -> None:
        updates.append(update)

    tournaments.subscribe(note)
    tid = await euchre_night(tournaments)
    await tournaments.start(tid, HOST)
    for number in (1, 2, 3):
        rows = await tournaments.repo.round_tables(tid, number)
        assert len(rows) == 2 and all(r.table_id for r in rows)
        for row in rows:
            table = await tables.get(row.table_id or 0)
            assert table.hand_limit == 2 and table.event_name == (
                f"Euchre night · round {number} · table {row.table_no}")
        await play_round(tables, tournaments, tid)
        for row in rows:
            done = await tables.get(row.table_id or 0)
            assert done.status == "finished" and done.hand_number == 2  # "after 2 hands"
            result = await tables.results.get(done.id)
            assert result is not None and result.hands_played == 2
    record = await tournaments.get(tid)
    assert record.status == "finished"
    kept = await tournaments.repo.kept_standings(tid)
    assert sorted(k.user_id for k in kept) == PEOPLE
    assert kept[0].rank == 1 and all(len(k.rounds) == 3 for k in kept)
    assert [u.reason for u in updates if u.reason in ("round", "finished")] == [
        "round", "round", "round", "finished"]
    final = updates[-1].standings
    assert [s.user_id for s in final] == [k.user_id for k in kept]


async def test_winners_move_up_and_change_partners(
    tables: TableService, tournaments: TournamentService
) -> None:
    # A level table moves by the seed's draw (test_seating): play nights until none is.
    # About half the nights have one, so forty nights all having one is under one in 10^12.
    for _ in range(40):
        tid = await euchre_night(tournaments, rounds=2)
        await tournaments.start(tid, HOST)
        await play_round(tables, tournaments, tid)
        first = await tournaments.repo.round_tables(tid, 1)
        top, bottom = first
        assert top.scores is not None and bottom.scores is not None
        if top.scores[0] != top.scores[1] and bottom.scores[0] != bottom.scores[1]:
            break
        await tournaments.end(tid, HOST)
    else:
        raise AssertionError("every night had a level table")
    second = await tournaments.repo.round_tables(tid, 2)
    top_won = 0 if top.scores[0] > top.scores[1] else 1
    bottom_won = 0 if bottom.scores[0] > bottom.scores[1] else 1
    side = {0: (0, 2), 1: (1, 3)}
    stay_top = {top.seats[s] for s in side[top_won]}
    up = {bottom.seats[s] for s in side[bottom_won]}
    assert set(second[0].seats) == stay_top | up
    partners = {frozenset((t.seats[0], t.seats[2])) for t in second}
    partners |= {frozenset((t.seats[1], t.seats[3])) for t in second}
    before = {frozenset((t.seats[0], t.seats[2])) for t in first}
    before |= {frozenset((t.seats[1], t.seats[3])) for t in first}
    assert not partners & before


async def test_sign_up_refusals_change_nothing(tournaments: TournamentService) -> None:
    tid = await euchre_night(tournaments, people=[1, 2])
    with pytest.raises(TournamentError, match="already registered"):
        await tournaments.register(tid, 1)
    with pytest.raises(TournamentError, match="aren't registered"):
        await tournaments.withdraw(tid, 3)
    await tournaments.start(tid, HOST)
    with pytest.raises(TournamentError, match="already started"):
        await tournaments.start(tid, HOST)
    with pytest.raises(TournamentError, match="Registration is closed"):
        await tournaments.register(tid, 3)
    with pytest.raises(TournamentError, match="Ask a moderator to drop you"):
        await tournaments.withdraw(tid, 1)
    assert await tournaments.repo.players(tid) == [1, 2]


async def test_settings_a_tournament_cannot_have_are_refused(
    tournaments: TournamentService,
) -> None:
    with pytest.raises(TournamentError, match="four-seat partnership"):
        await euchre_night(tournaments, variant="over_the_rhine", players=2)
    with pytest.raises(TournamentError, match="1 to"):
        await euchre_night(tournaments, rounds=0)
    with pytest.raises(TournamentError, match="turned off"):
        await euchre_night(tournaments, computers_allowed=False)
    assert await tournaments.repo.of_guild(GUILD) == []


async def test_a_restart_between_rounds_opens_the_next_round(
    db: Database, tables: TableService, tournaments: TournamentService
) -> None:
    tid = await paused_after_round_1(tables, tournaments)
    assert await tournaments.repo.round_tables(tid, 2) == []
    await tournaments.close()
    again = TournamentService(db, tables, clock_scale=0.001)
    await again.restore()
    assert (await again.get(tid)).status == "paused"
    await again.resume(tid, HOST)
    rows = await again.repo.round_tables(tid, 2)
    assert len(rows) == 2 and all(r.table_id for r in rows)
    await again.close()


async def test_the_round_clock_ends_each_table_after_the_hand_in_play(
    tables: TableService, tournaments: TournamentService
) -> None:
    tid = await euchre_night(tournaments, rounds=1, hands=20, round_minutes=1)
    await tournaments.start(tid, HOST)  # the clock: 60 s x 0.001
    await asyncio.sleep(0.2)
    for row in await tournaments.repo.round_tables(tid, 1):
        table = await tables.get(row.table_id or 0)
        assert table.hand_limit == 1
    await play_round(tables, tournaments, tid)
    assert (await tournaments.get(tid)).status == "finished"
    for row in await tournaments.repo.round_tables(tid, 1):
        result = await tables.results.get(row.table_id or 0)
        assert result is not None and result.hands_played == 1


@pytest.mark.parametrize("rated", [True, False])
async def test_tournament_games_count_in_ratings_unless_the_server_turns_that_off(
    db: Database, tables: TableService, tournaments: TournamentService, rated: bool
) -> None:
    await SettingsRepository(db).set(GUILD, "rate_tournaments", rated, changed_by=HOST)
    tid = await euchre_night(tournaments, people=[1, 2, 3, 4], rounds=1)
    await tournaments.start(tid, HOST)
    await play_round(tables, tournaments, tid)
    assert await RatingUpdater(db).apply_pending() == 1
    rows = await db.fetchall("SELECT DISTINCT user_id FROM ratings")
    assert sorted(r["user_id"] for r in rows) == ([1, 2, 3, 4] if rated else [])
    played = await db.fetchall("SELECT user_id FROM seat_records")
    assert len(played) == 4  # the games still count in each player's records


async def test_a_rounds_table_has_no_rematch(
    tables: TableService, tournaments: TournamentService
) -> None:
    tid = await euchre_night(tournaments, people=[1, 2, 3, 4], rounds=1)
    await tournaments.start(tid, HOST)
    await play_round(tables, tournaments, tid)
    [row] = await tournaments.repo.round_tables(tid, 1)
    with pytest.raises(TableError, match="no rematch"):
        await tables.rematch(row.table_id or 0, 1)


def test_lone_hands_made_are_credited_to_the_player_who_made_them() -> None:
    game = new_game("euchre", 4, seed=3, options={"target": 1000})
    rng = random.Random(2)
    while len([e for e in game.events if e["type"] == "hand_scored"]) < 12:
        legal = game.legal_actions()
        game.apply("alone" if "alone" in legal else rng.choice(legal))
    made: dict[int, int] = {}
    for event in game.events:
        if event["type"] == "hand_scored" and event["alone"] and event["euchred"] is None:
            made[10 + event["maker"]] = made.get(10 + event["maker"], 0) + 1
    assert made  # twelve hands, every maker alone: some made it
    assert loners_made(game, [10, 11, 12, None]) == {k: v for k, v in made.items() if k != 13}


async def test_ending_during_a_round_counts_the_tables_as_they_stand_once(
    tables: TableService, tournaments: TournamentService
) -> None:
    updates: list[str] = []

    async def note(update: TournamentUpdate) -> None:
        updates.append(update.reason)

    tournaments.subscribe(note)
    tid = await euchre_night(tournaments, rounds=2)
    await tournaments.start(tid, HOST)
    await tournaments.end(tid, HOST)
    await tables.wait_idle()
    await asyncio.sleep(0.05)  # the closed tables' events reach the service
    assert updates.count("ended") == 1
    rows = await tournaments.repo.round_tables(tid, 1)
    assert all(r.scores is not None for r in rows)
    assert [(await tables.get(r.table_id or 0)).status for r in rows] == ["abandoned"] * 2
    assert await tournaments.repo.kept_standings(tid) == []  # no hand scored: nobody placed


async def test_point_10_ending_during_a_round_tells_how_that_round_stood(
    tables: TableService, tournaments: TournamentService
) -> None:
    """Round 1 played, round 2 ended by a moderator before any hand of it: the end says
    round 2 was cut short with no hand scored, not that it was played."""
    told: list[TournamentUpdate] = []

    async def note(update: TournamentUpdate) -> None:
        told.append(update)

    tournaments.subscribe(note)
    tid = await euchre_night(tournaments, rounds=2)
    await tournaments.start(tid, HOST)
    await play_round(tables, tournaments, tid)
    await tables.wait_idle()
    assert (await tournaments.get(tid)).round == 2
    assert await tournaments.cut_round(await tournaments.get(tid)) is None  # not ended
    await tournaments.end(tid, HOST)
    await tables.wait_idle()
    [ended] = [u for u in told if u.reason == "ended"]
    assert ended.cut == CutRound(number=2, hands=2, played=(0, 0))
    assert await tournaments.cut_round(await tournaments.get(tid)) == ended.cut


async def test_point_10_a_tournament_ended_between_rounds_was_not_cut_short(
    tables: TableService, tournaments: TournamentService
) -> None:
    tid = await paused_after_round_1(tables, tournaments)
    await tournaments.end(tid, HOST)
    record = await tournaments.get(tid)
    assert record.round == 1 and await tournaments.cut_round(record) is None


async def test_a_restart_tells_the_channel_what_it_missed_and_nothing_twice(
    db: Database, tables: TableService, tournaments: TournamentService
) -> None:
    tid = await euchre_night(tournaments, rounds=1)
    await tournaments.start(tid, HOST)  # Bower stops before the round's message goes out

    async def restarted() -> list[TournamentUpdate]:
        told: list[TournamentUpdate] = []

        async def note(update: TournamentUpdate) -> None:
            told.append(update)

        again = TournamentService(db, tables, clock_scale=0.001)
        again.subscribe(note)
        await again.restore()
        await again.close()
        return told

    [round_one] = await restarted()
    assert round_one.reason == "round" and round_one.tournament.round == 1
    assert [t.table_id for t in round_one.tables] == [
        t.table_id for t in await tournaments.repo.round_tables(tid, 1)]
    await tournaments.repo.set_announced(tid, "round 1")
    assert await restarted() == []
    await tournaments.end(tid, HOST)
    [final] = await restarted()
    assert final.reason == "ended" and final.standings == ()  # no hand was scored
    assert final.cut == CutRound(1, 2, (0, 0))
    await tournaments.repo.set_announced(tid, "final")
    assert await restarted() == []


async def told_by(service: TournamentService) -> list[TournamentUpdate]:
    """Every update ``service`` tells from now on."""
    told: list[TournamentUpdate] = []

    async def note(update: TournamentUpdate) -> None:
        told.append(update)

    service.subscribe(note)
    return told


async def test_start_pressed_before_the_planned_time_is_not_followed_by_a_waiting_notice(
    tournaments: TournamentService,
) -> None:
    told = await told_by(tournaments)
    tid = await euchre_night(tournaments, people=[1, 2], start_in_minutes=1)  # 0.06 s here
    await tournaments.start(tid, HOST)
    await asyncio.sleep(0.15)
    assert [u.reason for u in told] == ["created", "registered", "registered", "round"]
    assert (await tournaments.get(tid)).starts_at is None


async def test_too_few_at_the_planned_time_waits_for_start_and_says_so_once(
    db: Database, tables: TableService, tournaments: TournamentService
) -> None:
    told = await told_by(tournaments)
    tid = await euchre_night(tournaments, people=[1], start_in_minutes=1)
    await asyncio.sleep(0.15)
    assert [u.reason for u in told].count("waiting") == 1
    record = await tournaments.get(tid)
    assert record.status == "signup" and record.starts_at is None
    again = TournamentService(db, tables, clock_scale=0.001)
    told_again = await told_by(again)
    await again.restore()
    await asyncio.sleep(0.15)
    assert told_again == []
    await again.close()


async def test_drops_that_leave_too_few_for_a_round_end_the_tournament_with_its_standings(
    tables: TableService, tournaments: TournamentService
) -> None:
    tid = await euchre_night(tournaments, people=[1, 2, 3, 4], rounds=3, fill="bye")
    await tournaments.start(tid, HOST)
    await tournaments.drop(tid, 4, HOST)
    await play_round(tables, tournaments, tid)
    record = await tournaments.get(tid)
    assert (record.status, record.round) == ("ended", 1)
    assert sorted(k.user_id for k in await tournaments.repo.kept_standings(tid)) == [1, 2, 3, 4]


async def test_a_round_that_ended_while_bower_was_down_is_told_once(
    db: Database, tables: TableService, tournaments: TournamentService
) -> None:
    tid = await euchre_night(tournaments, rounds=2)
    await tournaments.start(tid, HOST)
    await tournaments.close()  # Bower is down for the tournaments while the round ends
    for row in await tournaments.repo.round_tables(tid, 1):
        table = await tables.get(row.table_id or 0)
        while table.status == "playing":
            await tables.wait_idle()
            table = await tables.get(table.id)
            if table.current_user is not None:
                hand = tables.hand(table.id, table.current_user)
                await tables.act(table.id, table.current_user, hand.legal[0], hand.turn)
    again = TournamentService(db, tables, clock_scale=0.001)
    told = await told_by(again)
    await again.restore()
    assert [(u.reason, u.tournament.round) for u in told] == [("round", 2)]
    await again.close()


async def restarted_owning(
    db: Database, tables: TableService, owns: bool
) -> list[TournamentUpdate]:
    """What a restarted service tells when it owns GUILD, or not."""
    again = TournamentService(db, tables, clock_scale=0.001)
    told = await told_by(again)
    await again.restore(lambda guild: owns and guild == GUILD)
    await asyncio.sleep(0.3)  # past the planned start
    await again.close()
    return told


async def test_a_process_leaves_other_shards_tournaments_alone(
    db: Database, tables: TableService, tournaments: TournamentService
) -> None:
    running = await euchre_night(tournaments, rounds=1)
    await tournaments.start(running, HOST)  # Bower stops before the round's message goes out
    # Made last, so that Bower stops well before its planned start (0.18 s here).
    tid = await euchre_night(tournaments, people=[1], start_in_minutes=3)
    await tournaments.close()

    assert await restarted_owning(db, tables, owns=False) == []
    assert (await tournaments.get(tid)).starts_at is not None  # its planned start untouched
    told = [(u.reason, u.tournament.id) for u in await restarted_owning(db, tables, owns=True)]
    assert ("round", running) in told and ("waiting", tid) in told
