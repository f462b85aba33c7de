"""Seasons and boards: a new season starts fresh, the old one keeps its final standings,
all time keeps everything, games at several player counts also count per count, and a
moderator's rating reset clears the running boards only."""

from __future__ import annotations

import asyncio

import pytest

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.moderation.modlog import ModLogFilter, ModLogRepository
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import ALL_TIME, Board, SeasonError, SeasonRepository
from bot.store.standings.stats import BoardQuery, StatsRepository
from tests.store.helpers import ALICE, BOB, CAROL, stored_result
from tests.tables.helpers import GUILD

MOD = 99


async def board_of(db: Database, board: Board, variant: str = "euchre") -> list[int | None]:
    """The user ids on a board, best first."""
    entries = await StatsRepository(db).leaderboard(BoardQuery(GUILD, variant, board))
    return [e.rating.user_id for e in entries]


async def test_a_new_season_starts_fresh_and_the_old_one_keeps_its_standings(
    db: Database,
) -> None:
    seasons = SeasonRepository(db)
    assert (await seasons.current(GUILD)).number == 1
    await stored_result(db, (ALICE,), (BOB,))  # finished in season 1, counted later
    await asyncio.sleep(0.01)
    closed, opened = await seasons.start(GUILD, "  Spring   2027 ", MOD)
    await asyncio.sleep(0.01)
    await stored_result(db, (CAROL,), (BOB,))
    await RatingUpdater(db).apply_pending()

    assert (closed.number, closed.name, closed.current) == (1, "Season 1", False)
    assert (opened.number, opened.name, opened.current) == (2, "Spring 2027", True)
    assert [s.number for s in await seasons.all(GUILD)] == [2, 1]
    assert await board_of(db, Board(1)) == [ALICE, BOB]
    assert await board_of(db, Board(2)) == [CAROL, BOB]
    all_time = await board_of(db, Board(ALL_TIME))
    assert set(all_time) == {ALICE, BOB, CAROL}
    bob = await RatingRepository(db).get(GUILD, "euchre", Board(ALL_TIME), user_id=BOB)
    assert bob is not None and (bob.games, bob.wins) == (2, 0)

    [logged] = await ModLogRepository(db).page(GUILD, ModLogFilter(kind="season_start"))
    assert logged.moderator_id == MOD
    assert logged.detail == {
        "number": 2,
        "name": "Spring 2027",
        "closed": "Season 1",
        "closed_number": 1,
    }


@pytest.mark.parametrize("name", ["", "   ", "x" * 51, "season 1", "SPRING"])
async def test_a_season_name_must_be_new_and_of_a_sensible_length(db: Database, name: str) -> None:
    seasons = SeasonRepository(db)
    await seasons.start(GUILD, "Spring", MOD)
    with pytest.raises(SeasonError):
        await seasons.start(GUILD, name, MOD)
    assert (await seasons.current(GUILD)).name == "Spring"
    assert await ModLogRepository(db).count(GUILD, ModLogFilter(kind="season_start")) == 1


async def test_seasons_belong_to_one_server(db: Database) -> None:
    await SeasonRepository(db).start(GUILD, "Spring", MOD)
    assert (await SeasonRepository(db).current(GUILD + 1)).number == 1


async def test_a_game_of_several_player_counts_also_counts_on_its_own_count(
    db: Database,
) -> None:
    await stored_result(db, (ALICE,), (BOB,), variant="flip")
    await RatingUpdater(db).apply_pending()
    for board in (Board(1), Board(1, 4), Board(ALL_TIME), Board(ALL_TIME, 4)):
        assert await board_of(db, board, "flip") == [ALICE, BOB]
    assert await board_of(db, Board(1, 6), "flip") == []
    # a game of one player count has no per-count board
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    assert await board_of(db, Board(1, 4)) == []


async def test_a_rating_reset_clears_the_running_boards_and_is_logged(db: Database) -> None:
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    await SeasonRepository(db).start(GUILD, "Spring", MOD)
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    ratings = RatingRepository(db)

    assert await ratings.reset(GUILD, "euchre", ALICE, 2, moderator_id=MOD) == 2
    assert await board_of(db, Board(2)) == [BOB]
    assert await board_of(db, Board(ALL_TIME)) == [BOB]
    assert await board_of(db, Board(1)) == [ALICE, BOB]  # a past season's standings stay
    [logged] = await ModLogRepository(db).page(GUILD, ModLogFilter(kind="rating_reset"))
    assert (logged.member_id, logged.detail) == (ALICE, {"variant": "euchre", "season": 2})

    # nothing left to reset: nothing logged
    assert await ratings.reset(GUILD, "euchre", ALICE, 2, moderator_id=MOD) == 0
    assert await ModLogRepository(db).count(GUILD, ModLogFilter(kind="rating_reset")) == 1
    # the next game starts them again as a new player
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    alice = await ratings.get(GUILD, "euchre", Board(2), user_id=ALICE)
    assert alice is not None and alice.games == 1


async def test_inactive_players_drop_off_but_keep_their_place_in_stats(db: Database) -> None:
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    await db.execute(
        "UPDATE ratings SET last_played = '2020-01-01T00:00:00' WHERE user_id = ?", (ALICE,)
    )
    query = BoardQuery(GUILD, "euchre", Board(1), active_since="2025-01-01T00:00:00")
    stats = StatsRepository(db)
    assert [e.rating.user_id for e in await stats.leaderboard(query)] == [BOB]
    assert await stats.ranked_count(query) == 1
    [alice] = await stats.player(GUILD, ALICE, 1, active_since=query.active_since)
    assert alice.place is None and alice.season_rating is not None
    [bob] = await stats.player(GUILD, BOB, 1, active_since=query.active_since)
    assert (bob.place, bob.ranked) == (1, 1)
