"""A member's skill path and record by season: the season skill after each counted game,
oldest first and starting afresh with a new season; each season's games and wins."""

from __future__ import annotations

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.paths import season_records, skill_paths
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import Board, SeasonRepository
from tests.store.helpers import ALICE, BOB, stored_result
from tests.tables.helpers import GUILD


async def test_the_path_follows_each_season_and_the_records_count_them(db: Database) -> None:
    await stored_result(db, (ALICE,), (BOB,))
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    await SeasonRepository(db).start(GUILD, "Spring", 1)
    await stored_result(db, (BOB,), (ALICE,))
    await RatingUpdater(db).apply_pending()
    await stored_result(db, (ALICE,), (BOB,), variant="over_the_rhine")
    await RatingUpdater(db).apply_pending()
    paths = await skill_paths(db, GUILD, ALICE)
    assert set(paths) == {"euchre", "over_the_rhine"} and len(paths["over_the_rhine"]) == 1
    path = paths["euchre"]
    assert [p.season for p in path] == [1, 1, 2]
    assert path[0].skill < path[1].skill  # two wins
    spring = await RatingRepository(db).get(GUILD, "euchre", Board(2), user_id=ALICE)
    assert spring is not None and abs(path[2].skill - spring.ordinal) < 1e-9
    assert [p.season for p in (await skill_paths(db, GUILD, ALICE, limit=1))["euchre"]] == [2]
    records = await season_records(db, GUILD, ALICE, "euchre")
    assert [(r.season, r.games, r.wins) for r in records] == [(1, 2, 2), (2, 1, 0)]
    assert await skill_paths(db, GUILD + 1, ALICE) == {}
