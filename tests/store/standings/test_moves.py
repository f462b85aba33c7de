"""Where members stood on a board before a time: read back from the kept rating changes,
equal to the board as it stood then, on SQLite and PostgreSQL."""

from __future__ import annotations

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.moves import earlier_places
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import Board
from bot.store.standings.stats import BoardQuery, StatsRepository
from tests.store.helpers import ALICE, BOB, stored_result
from tests.tables.helpers import GUILD

CAROL, DAVE, ERIN = 1003, 1004, 1005
QUERY = BoardQuery(GUILD, "euchre", Board(1))


def at(day: int) -> str:
    """A finishing time on ``day`` of March 2026."""
    return f"2026-03-{day:02d}T12:00:00.000+00:00"


async def played(db: Database, winner: int, loser: int, day: int) -> None:
    """A game ``winner`` won against ``loser`` that finished on ``day``, counted."""
    table_id = await stored_result(db, (winner,), (loser,))
    await db.execute("UPDATE results SET finished_at = ? WHERE table_id = ?", (at(day), table_id))
    await RatingUpdater(db).apply_pending()


async def test_the_earlier_board_is_the_one_that_stood_then(db: Database) -> None:
    await played(db, ALICE, BOB, 1)
    await played(db, CAROL, DAVE, 2)
    await played(db, ALICE, CAROL, 3)
    stats = StatsRepository(db)
    then = {e.rating.user_id: e.place for e in await stats.standings(QUERY)}
    await played(db, BOB, ALICE, 10)
    await played(db, DAVE, ALICE, 11)
    await played(db, ERIN, CAROL, 12)
    now = await stats.standings(QUERY)
    assert [e.place for e in now if e.rating.user_id == ALICE] != [then[ALICE]]  # she fell

    places = await earlier_places(db, QUERY, at(10), "", [e.rating for e in now])
    assert places == {**then, ERIN: None}  # Erin was not on the board yet


async def test_a_member_inactive_then_was_not_listed_then(db: Database) -> None:
    await played(db, ALICE, BOB, 1)
    await played(db, CAROL, DAVE, 8)
    await played(db, ALICE, CAROL, 10)
    now = await StatsRepository(db).standings(QUERY)
    # With players idle since before the 5th left out, only Carol and Dave were listed.
    places = await earlier_places(db, QUERY, at(10), at(5), [e.rating for e in now])
    assert places == {ALICE: None, BOB: None, CAROL: 1, DAVE: 2}


async def test_no_earlier_board_when_its_changes_were_not_kept(db: Database) -> None:
    await played(db, ALICE, BOB, 1)
    await played(db, ALICE, CAROL, 10)
    now = await StatsRepository(db).standings(QUERY)
    assert await earlier_places(db, QUERY, at(10), "", [e.rating for e in now]) is not None
    await db.execute("DELETE FROM rating_changes WHERE user_id = ?", (CAROL,))  # as before 0011
    assert await earlier_places(db, QUERY, at(10), "", [e.rating for e in now]) is None
    # A window all of whose games are kept still has its board.
    assert await earlier_places(db, QUERY, at(11), "", [e.rating for e in now]) is not None


async def test_no_earlier_board_after_a_rating_reset_since(db: Database) -> None:
    """Carol, reset, stood above Bob then: Bob moved up a place without playing, which the
    kept changes cannot tell; no move is shown rather than a wrong "same place"."""
    await played(db, ALICE, BOB, 1)
    await played(db, CAROL, DAVE, 2)
    since = await db.fetchone("SELECT MAX(finished_at) FROM results")
    assert since is not None
    await RatingRepository(db).reset(GUILD, "euchre", CAROL, 1, moderator_id=ALICE)
    now = await StatsRepository(db).standings(QUERY)
    assert await earlier_places(db, QUERY, str(since[0]), "", [e.rating for e in now]) is None
    other = BoardQuery(GUILD, "railroad", Board(1))
    assert await earlier_places(db, other, str(since[0]), "", []) is not None
