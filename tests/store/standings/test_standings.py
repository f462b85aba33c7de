"""A whole board for an export: every player best first, past a page, inactivity applied
with the cut-off a leaderboard computes from the server's ``inactive_days``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.seasons import SeasonRepository
from bot.store.standings.stats import BoardQuery, StatsRepository
from bot.ui.stats.boards import ShownBoard
from tests.store.helpers import ALICE, BOB, stored_result
from tests.tables.helpers import GUILD


async def test_standings_list_the_whole_board_best_first(db: Database) -> None:
    people = list(range(100, 126))
    for winner, loser in zip(people, people[1:], strict=False):
        await stored_result(db, (winner,), (loser,))
    await RatingUpdater(db).apply_pending()
    season = await SeasonRepository(db).current(GUILD)
    query = BoardQuery(GUILD, "euchre", ShownBoard("euchre", season).board)
    whole = await StatsRepository(db).standings(query)
    assert [e.place for e in whole] == list(range(1, 27))
    assert whole[:10] == await StatsRepository(db).leaderboard(query, limit=10)
    ordinals = [e.rating.ordinal for e in whole]
    assert ordinals == sorted(ordinals, reverse=True)


async def test_the_inactivity_cut_off_compares_with_stored_times(db: Database) -> None:
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    season = await SeasonRepository(db).current(GUILD)
    week = ShownBoard("euchre", season, inactive_days=7)
    stats = StatsRepository(db)

    def query(now: datetime) -> BoardQuery:
        return BoardQuery(GUILD, "euchre", week.board, week.active_since(now))

    now = datetime.now(UTC)
    assert len(await stats.standings(query(now))) == 2  # just played: listed
    assert len(await stats.standings(query(now + timedelta(days=6, hours=23)))) == 2
    assert await stats.standings(query(now + timedelta(days=7, minutes=1))) == []
