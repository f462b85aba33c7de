"""The middle of the table: its cards and words sit between the trick cards, never on
them, on a plate or on each other; the last trick is named with who took it."""

from __future__ import annotations

import pytest

from bot.engine import new_game
from bot.pictures.drawing.items import overlaps
from bot.pictures.table.header import turn_up_note
from bot.pictures.table.layout import table_layout
from bot.tables.games import public_view
from tests.pictures.helpers import CASES, tags_for
from tests.ui.helpers import random_states

MIDDLE = {"turn_up", "kitty", "calling", "burn", "chaff", "nest", "banner", "contract",
          "note"}
SOLID = {"plate", "trick", "last", "exposed", "tag", "area", "down"}


@pytest.mark.parametrize("variant, players", CASES)
def test_the_middle_never_covers_a_card_or_a_plate(variant: str, players: int) -> None:
    for game in random_states(variant, players, 2, every=7):
        _, placed = table_layout(public_view(game), tags_for(game))
        middle = [p for p in placed if p.kind in MIDDLE and p.kind not in ("kitty", "burn")]
        solid = [p for p in placed if p.kind in SOLID]
        for item in middle:
            assert item.box[0] >= 0 and item.box[2] <= 800
            for other in solid:
                assert not overlaps(item.box, other.box), (item, other)
            for other in middle:
                if other is not item:
                    assert not overlaps(item.box, other.box), (item, other)


def test_the_last_trick_is_named_and_took_it_marks_the_winners_card() -> None:
    game = new_game("euchre", 4, seed=5)
    number = game.hand_number
    while game.hand_number == number:
        game.apply(game.legal_actions()[0])
    view = public_view(game)
    tags = tags_for(game)
    _, placed = table_layout(view, tags)
    winner = view["previous_hand"]["last_trick"]["winner"]
    note = " ".join(p.text for p in placed if p.kind == "note")
    assert note == f"Last trick · hand {number}"
    took = next(p for p in placed if p.kind == "took")
    best = next(p for p in placed if p.highlight)
    assert took.text == "took it" and took.seat == best.seat == winner
    assert not overlaps(took.box, best.box)


def test_a_finished_game_shows_a_banner_with_the_winner() -> None:
    *_, game = random_states("euchre", 4, 3)
    assert game.is_over
    tags = tags_for(game)
    _, placed = table_layout(public_view(game), tags)
    banners = [p.text for p in placed if p.kind == "banner"]
    winners = " & ".join(tags[s].name for s in game.seats_of(game.winner))
    assert banners == [f"{winners} won!"]


def test_the_turn_up_lies_on_the_kitty_then_leaves_the_middle_for_the_header() -> None:
    game = new_game("euchre", 4, seed=2)
    _, placed = table_layout(public_view(game))
    turn_up = next(p for p in placed if p.kind == "turn_up")
    kitty = next(p for p in placed if p.kind == "kitty")
    assert overlaps(turn_up.box, kitty.box) and turn_up.caption == "turned up"
    card = game.public_view()["turn_up"]
    game.apply("order")
    game.apply("partner")
    view = public_view(game)
    _, placed = table_layout(view)
    # picked up, it is no card of the trick: the header tells of it, apart from the trick
    assert not [p for p in placed if p.kind in ("turn_up", "kitty")]
    assert turn_up_note(view) == (card, "picked up")


def test_the_calling_card_lies_on_the_burn_card() -> None:
    game = new_game("flip", 5, seed=1)
    _, placed = table_layout(public_view(game))
    calling = next(p for p in placed if p.kind == "calling")
    burn = next(p for p in placed if p.kind == "burn")
    assert calling.card == game.public_view()["calling_card"] and burn.card is None
    assert overlaps(calling.box, burn.box)
