"""What a seat's plate says: the call or bid, tricks taken, the contract tab (whole and
inside the picture), whose turn, a computer's level (its name not repeating it)."""

from __future__ import annotations

import pytest

from bot.engine import new_game
from bot.pictures import SeatTag
from bot.pictures.table import plates
from bot.pictures.table.picture import draw_table
from bot.pictures.table.plates import shown_name
from bot.pictures.table.seats import contract_tab, hand_size, plate_details, turn_words
from bot.tables.games import public_view
from tests.engine.helpers import LEFT_BOWER_DEAL, play


def test_a_computer_is_named_by_its_seat_beside_its_level_tab() -> None:
    assert shown_name(SeatTag("Hard · seat 3", "hard")) == "Seat 3"
    assert shown_name(SeatTag("Alice", "normal")) == "Alice"
    assert shown_name(SeatTag("Bob")) == "Bob"


def test_the_maker_going_alone_is_marked_and_the_partner_sits_out() -> None:
    game = new_game("euchre", 4, seed=1, deal=LEFT_BOWER_DEAL)
    play(game, "order alone discard:9C")
    view = public_view(game)
    maker = view["maker"]
    partner = next(s for s in range(4) if not view["active"][s])
    assert contract_tab(view, maker) == "maker · alone"
    assert plate_details(view, partner) == "sits out"
    assert all(contract_tab(view, s) == "" for s in range(4) if s != maker)
    assert plate_details(view, maker) == "0 tricks"
    assert hand_size(view, maker) == 5


def test_the_high_bid_is_on_its_bidders_plate() -> None:
    game = new_game("cincinnati", 4, seed=2)
    bidder = game.current_player
    game.apply("bid:moon")
    view = public_view(game)
    assert contract_tab(view, bidder) == "high bid Moon"
    assert plate_details(view, bidder) == "moon"
    assert turn_words(view) == "to bid"


def test_flip_bids_stay_beside_each_seat() -> None:
    game = new_game("flip", 3, seed=1)
    while game.phase == "bid":
        game.apply(game.legal_actions()[-1])
    view = public_view(game)
    for seat, bid in enumerate(view["bids"]):
        assert f"bid {bid}" in plate_details(view, seat)


@pytest.mark.parametrize("seat", range(4))
def test_the_longest_bid_tab_reads_whole_inside_the_picture_at_every_seat(
    seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game("cincinnati", 4, seed=seat)
    while game.current_player != seat:
        game.apply("pass")
    game.apply("bid:quadruple_moon")
    while game.phase == "bid":
        game.apply("pass")
    tabs: list[tuple[str, int]] = []
    real_tab = plates._tab
    monkeypatch.setattr(plates, "_tab", lambda draw, words, x, *rest: (
        tabs.append((words, x)), real_tab(draw, words, x, *rest)))
    image = draw_table(public_view(game), [SeatTag(f"Player {i + 1}") for i in range(4)], True)

    words, x = next((w, x) for w, x in tabs if w.startswith("bid"))
    assert words == "bid Quadruple Moon"
    assert x >= 0 and x + plates._tab_width(words) <= image.width
