"""A Jambone hand reads the same wherever its maker sits, at every seat count of
Railroad: its cards full size, the Joker named, each bower's LEFT or RIGHT in view."""

from __future__ import annotations

import pytest

from bot.pictures.drawing.cards import card_size, card_tag
from bot.pictures.drawing.fonts import SMALL_PRINT, text_width
from bot.pictures.table.layout import EXPOSED_W, table_layout
from tests.pictures.helpers import tags_for
from tests.pictures.table.test_labels import jambone_hands


@pytest.mark.parametrize("players", [4, 6])
def test_every_makers_jambone_hand_is_drawn_full_size_with_its_bowers_named(
    players: int,
) -> None:
    makers: set[int] = set()
    for game, view in jambone_hands(players):
        _, placed = table_layout(view, tags_for(game))
        shown = sorted((p for p in placed if p.kind == "exposed"), key=lambda p: p.box[0])
        assert [p.box[2] - p.box[0] for p in shown] == [EXPOSED_W] * len(shown)
        assert all(p.box[3] - p.box[1] == card_size(EXPOSED_W)[1] for p in shown)
        for card, after in zip(shown, [*shown[1:], None], strict=True):
            tag = card_tag(str(card.card), "railroad", view)
            if tag in ("LEFT", "RIGHT") and after is not None:
                in_view = after.box[0] - card.box[0]
                assert in_view >= text_width(tag, SMALL_PRINT, "plain") + 4, (tag, in_view)
        makers.add(view["maker"])
    assert len(makers) >= 3  # makers at the top or bottom and at the sides
