"""The records line of a game in /stats: calls named as each game names them, and calls
and euchring said to cover only the games that keep them."""

from __future__ import annotations

from bot.store.standings.values import SeatRecords
from bot.ui.stats.message import records_text

RECORDS = SeatRecords(loners=2, loners_made=1, euchred=3, calls=9, calls_made=7, euchring=4)


def test_each_game_names_its_calls() -> None:
    assert records_text("euchre", RECORDS, (8, 8)) == (
        "Calls 9 (7 made) · Loners 2 (1 made) · Times euchred 3 · Makers euchred 4"
    )
    assert records_text("flip", RECORDS, (8, 8)).startswith("Bids 9 (7 hit) · Times euchred 3")
    assert records_text("over_the_top", RECORDS, (8, 8)).startswith("Bids won 9 (7 made)")


def test_calls_cover_only_the_games_that_keep_them() -> None:
    some = records_text("euchre", RECORDS, (5, 8))
    assert "Calls 9 (7 made, in 5 of 8 games)" in some
    assert "Makers euchred 4 (in 5 of 8 games)" in some
    none = records_text("euchre", SeatRecords(loners=2, loners_made=1), (0, 8))
    assert none == "Loners 2 (1 made) · Times euchred 0"
