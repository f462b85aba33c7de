"""Partners and pairs boards from stored results: partners are seats of one side, a pair
needs the minimum of games together, the best wins per game first, a season's board
counts that season's games only."""

from __future__ import annotations

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.pairs import (
    PairQuery,
    pair_board,
    pair_count,
    partners_of,
    partnerships,
)
from bot.store.standings.seasons import SeasonRepository
from tests.store.helpers import stored_result
from tests.tables.helpers import GUILD

A, B, C, D = 101, 102, 103, 104


async def test_partners_and_pairs(db: Database) -> None:
    for game in range(3):
        winners, losers = ((A, B), (C, D)) if game < 2 else ((C, D), (A, B))
        await stored_result(db, winners, losers)
    await stored_result(db, (A, C), (B, D))
    await RatingUpdater(db).apply_pending()
    partners = await partners_of(db, GUILD, A, "euchre")
    assert [(p.user_id, p.games, p.wins) for p in partners] == [(B, 3, 2), (C, 1, 1)]
    assert await partners_of(db, GUILD + 1, A, "euchre") == []

    query = PairQuery(GUILD, "euchre", minimum=3)
    board = await pair_board(db, query)
    assert [(e.place, e.first, e.second, e.games, e.wins) for e in board] == [
        (1, A, B, 3, 2), (2, C, D, 3, 1)]
    assert await pair_count(db, query) == 2
    assert [e.first for e in await pair_board(db, query, offset=1)] == [C]
    everyone = PairQuery(GUILD, "euchre", minimum=1)
    assert await pair_count(db, everyone) == 4  # A&B, C&D, A&C, B&D

    await SeasonRepository(db).start(GUILD, "Spring", 1)
    await stored_result(db, (A, B), (C, D))
    await RatingUpdater(db).apply_pending()
    spring = PairQuery(GUILD, "euchre", season=2, minimum=1)
    assert [(e.first, e.games) for e in await pair_board(db, spring)] == [(A, 1), (C, 1)]
    assert await pair_count(db, PairQuery(GUILD, "cincinnati", minimum=1)) == 0


def test_partners_are_members_of_one_side() -> None:
    seats = [(5, 0, True), (3, 1, False), (None, 0, True), (2, 0, True), (9, 1, False)]
    assert partnerships(seats) == [(2, 5, True), (3, 9, False)]
