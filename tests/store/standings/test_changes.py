"""How each member's last game of a season moved their skill: the latest counted game's
change, of the season asked for, members with no game there left out."""

from __future__ import annotations

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.changes import last_changes
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import Board, SeasonRepository
from tests.store.helpers import ALICE, BOB, stored_result
from tests.tables.helpers import GUILD

CAROL = 333


async def ordinal(db: Database, user: int, season: int) -> float:
    rating = await RatingRepository(db).get(GUILD, "euchre", Board(season), user_id=user)
    assert rating is not None
    return rating.ordinal


async def test_the_change_is_the_latest_game_of_the_season(db: Database) -> None:
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    after_first = await ordinal(db, ALICE, 1)
    await stored_result(db, (BOB,), (ALICE,))
    await RatingUpdater(db).apply_pending()
    changes = await last_changes(db, GUILD, "euchre", 1, [ALICE, BOB, CAROL])
    assert set(changes) == {ALICE, BOB}
    assert changes[ALICE] < 0 < changes[BOB]  # the second game: Bob won it
    assert abs(changes[ALICE] - (await ordinal(db, ALICE, 1) - after_first)) < 1e-9
    assert await last_changes(db, GUILD, "flip", 1, [ALICE]) == {}


async def test_a_new_season_starts_without_changes(db: Database) -> None:
    await stored_result(db, (ALICE,), (BOB,))
    await RatingUpdater(db).apply_pending()
    await SeasonRepository(db).start(GUILD, "Spring", 1)
    assert await last_changes(db, GUILD, "euchre", 2, [ALICE, BOB]) == {}
    assert set(await last_changes(db, GUILD, "euchre", 1, [ALICE, BOB])) == {ALICE, BOB}
