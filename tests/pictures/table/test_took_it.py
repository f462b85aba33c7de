"""``took it`` marks the card that won the last trick, also where its winner played two
cards of it (Over the Rhine, Over the Top) and the first of them won."""

from __future__ import annotations

import pytest

from bot.engine import winning_play
from bot.pictures.drawing.items import overlaps
from bot.pictures.table.layout import table_layout
from bot.tables.games import public_view
from tests.engine.area_helpers import random_states


@pytest.mark.parametrize("variant", ["over_the_rhine", "over_the_top"])
def test_the_card_that_won_is_outlined_and_marked_even_the_first_of_two(variant: str) -> None:
    firsts = 0
    for game in random_states(variant, 3, every=1):
        view = public_view(game)
        last = view.get("last_trick")
        if view.get("trick") or not last:
            continue
        _, placed = table_layout(view)
        won = last["cards"][winning_play(last)]
        outlined = [p for p in placed if p.highlight]
        assert [(p.card, p.seat) for p in outlined] == [(won["card"], won["seat"])]
        took = [p for p in placed if p.kind == "took"]
        assert len(took) == 1 and took[0].seat == won["seat"]
        assert not any(overlaps(took[0].box, p.box) for p in placed if p.kind == "last")
        mine = [p for p in last["cards"] if p["seat"] == last["winner"]]
        firsts += mine[0] is won and len(mine) == 2
    assert firsts
