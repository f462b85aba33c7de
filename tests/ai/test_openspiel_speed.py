"""The copy-and-play benchmark: the same first-trick positions in every engine it times."""

from __future__ import annotations

import random

import pytest

from bot.ai.openspiel_speed import bitmask_playout, bower_playout, first_trick, main
from bot.ai.search.euchre_play import Deal, cards_of


def test_the_calls_reach_the_first_trick_with_the_first_seat_as_maker() -> None:
    """The first seat orders up, keeps its partner, and the dealer discards one card."""
    game, state = first_trick(None, 7)
    assert state is None
    dealer = game.hand_dealt()["dealer"]
    assert game.phase == "play" and game.maker == (dealer + 1) % 4
    assert all(game.active) and [len(h) for h in game.hands] == [5, 5, 5, 5]
    assert game.trump == game.hand_dealt()["kitty"][0][1]


def test_playouts_leave_the_position_untouched() -> None:
    """A playout plays a copy: the engine game and the bit-mask deal stay at the first card."""
    game, _ = first_trick(None, 3)
    deal = Deal.from_game(game)
    hands, masks = [list(h) for h in game.hands], list(deal.hands)
    rng = random.Random(1)
    for _ in range(5):
        bower_playout(game, rng)
        bitmask_playout(deal, rng)
    assert [list(h) for h in game.hands] == hands and game.phase == "play"
    assert deal.hands == masks and sum(len(cards_of(m)) for m in masks) == 20


def test_command_line_prints_each_engine(capsys: pytest.CaptureFixture[str]) -> None:
    """Without OpenSpiel it says so and prints Bower's two figures."""
    assert main(["--deals", "2", "--playouts", "2", "--target", "/nonexistent"]) == 0
    out = capsys.readouterr()
    assert "bower engine:" in out.out and "bower bit-mask:" in out.out
    assert "open_spiel is not installed" in out.err or "openspiel:" in out.out
