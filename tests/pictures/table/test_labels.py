"""Words on the table picture never cover a card: the last-trick note, ``took it``, a
Jambone hand's name, the words under the middle's cards, a game-over banner."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bot.engine import Game
from bot.pictures.drawing.items import Box, Placed, overlaps
from bot.pictures.table.layout import table_layout
from bot.pictures.table.middle import caption_box
from bot.tables.games import public_view
from tests.pictures.helpers import CASES, tags_for
from tests.ui.helpers import random_states

LABELS = {"note", "contract", "banner", "tag", "took"}
CARDS = {"trick", "last", "exposed", "area", "down", "turn_up", "kitty", "calling", "burn",
         "chaff", "nest"}


def covered(placed: list[Placed]) -> list[tuple[str, str]]:
    """Every (words, thing) pair where words lie on a card, a plate or other words."""
    words: list[tuple[Box, str, Placed | None]] = [(p.box, p.text, None) for p in placed
                                                   if p.kind in LABELS]
    words += [(box, p.caption, p) for p in placed if (box := caption_box(p))]
    solid = [p for p in placed if p.kind in CARDS or p.kind == "plate"]
    found = []
    for box, text, owner in words:
        for thing in solid:
            if thing is not owner and overlaps(box, thing.box):
                found.append((text, f"{thing.kind} {thing.card or thing.seat}"))
        for other, said, _ in words:
            if other is not box and overlaps(box, other):
                found.append((text, said))
    return found


def jambone_hands(players: int) -> Iterator[tuple[Game, Mapping[str, Any]]]:
    """Every step of seeded Railroad games at which a Jambone hand lies face up."""
    for seed in range(1, 40):
        for game in random_states("railroad", players, seed):
            view = public_view(game)
            if view.get("exposed_hand") and view.get("phase") == "play":
                yield game, view


@pytest.mark.parametrize("players", [4, 6])
def test_a_jambone_makers_played_card_is_never_under_words(players: int) -> None:
    seen = 0
    for game, view in jambone_hands(players):
        _, placed = table_layout(view, tags_for(game))
        assert not covered(placed), covered(placed)
        maker = view["maker"]
        if any(p.seat == maker for p in placed if p.kind in ("trick", "last")):
            seen += 1
    assert seen >= 5  # the maker's card was on the table, beside its shown hand


@pytest.mark.parametrize("variant, players", CASES)
def test_no_words_lie_on_a_card_plate_or_other_words(variant: str, players: int) -> None:
    for seed in (1, 3):
        for game in random_states(variant, players, seed, every=2):
            _, placed = table_layout(public_view(game), tags_for(game))
            assert not covered(placed), (game.phase, covered(placed))
