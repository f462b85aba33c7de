"""A member who left a game in progress: their /stats counts the hands they played, and
their /history keeps the seat as theirs."""

from __future__ import annotations

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.departures import DepartureRepository, NewDeparture
from bot.store.standings.stats import StatsRepository
from tests.store.helpers import ALICE, BOB, stored_result
from tests.tables.helpers import GUILD


async def test_a_leaver_counts_the_hands_they_played_and_keeps_their_seat(db: Database) -> None:
    played = await stored_result(db, (ALICE,), (BOB,))  # 3 hands, played to the end
    left = await stored_result(db, ("normal",), (BOB,))  # seat 1 was ALICE's
    await DepartureRepository(db).record(
        NewDeparture(left, 0, ALICE, "normal", "left", 2, counts_as_loss=True)
    )
    await RatingUpdater(db).apply_pending()
    stats = StatsRepository(db)
    (euchre,) = await stats.player(GUILD, ALICE, 1)
    assert euchre.rating.games == 2 and euchre.hands_played == 3 + 2
    history = await stats.history(GUILD, ALICE)
    assert [h.result.table_id for h in history] == [left, played]
    assert history[0].left == {0: ALICE} and history[0].departure is not None
    assert history[0].replaced == frozenset()  # she left: no moderator gave the seat away
    assert history[1].left == {} and history[1].departure is None
    (bobs,) = await stats.player(GUILD, BOB, 1)
    assert bobs.hands_played == 6  # the others' counts are unchanged


async def test_history_knows_a_seat_a_moderator_gave_away(db: Database) -> None:
    given = await stored_result(db, ("normal",), (BOB,))  # seat 1 was ALICE's
    await DepartureRepository(db).record(
        NewDeparture(given, 0, ALICE, "normal", "replaced", 1, counts_as_loss=False)
    )
    (entry,) = await StatsRepository(db).history(GUILD, ALICE)
    assert entry.left == {0: ALICE} and entry.replaced == frozenset({0})
