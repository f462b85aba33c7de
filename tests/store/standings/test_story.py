"""A season's figures: games played in it, the member with most games, the best pair,
and the biggest climb from a member's lowest season skill."""

from __future__ import annotations

from bot.ratings.updater import RatingUpdater
from bot.store import Database
from bot.store.standings.seasons import SeasonRepository
from bot.store.standings.story import season_figures
from tests.store.helpers import stored_result
from tests.tables.helpers import GUILD

A, B, C, D = 101, 102, 103, 104


async def test_the_figures_of_a_season(db: Database) -> None:
    await stored_result(db, (A, B), (C, D))
    await stored_result(db, (A, B), (C, D))
    await stored_result(db, (C, D), (A, B))
    await stored_result(db, (A,), (C,))
    await RatingUpdater(db).apply_pending()
    seasons = SeasonRepository(db)
    first = await seasons.current(GUILD)
    figures = await season_figures(db, first, "euchre", 2)
    assert figures.games == 4
    assert figures.most_games == (A, 4)  # A and C played four: the lower id
    assert figures.best_pair is not None
    assert (figures.best_pair.first, figures.best_pair.second) == (A, B)
    assert (figures.best_pair.games, figures.best_pair.wins) == (3, 2)
    assert figures.climb is not None and figures.climb[0] == A and figures.climb[1] > 0
    assert (await season_figures(db, first, "euchre", None)).best_pair is None

    closed, spring = await seasons.start(GUILD, "Spring", 1)
    assert (await season_figures(db, closed, "euchre", 2)).games == 4
    empty = await season_figures(db, spring, "euchre", 2)
    assert (empty.games, empty.most_games, empty.best_pair, empty.climb) == (0, None, None, None)
