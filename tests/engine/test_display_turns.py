"""Whose card goes next, read from a view: in Railroad's Jambone the chooser acts on the
maker's turns and on their own, and only the first pick the maker's card."""

from __future__ import annotations

import random

import pytest

from bot.engine import new_game, picks_for_maker, seat_to_play


@pytest.mark.parametrize("variant, players", [("railroad", 4), ("railroad", 6), ("euchre", 4)])
def test_the_seat_to_play_is_the_engines_turn(variant: str, players: int) -> None:
    for seed in range(6):
        game = new_game(variant, players, seed)
        rng = random.Random(seed)
        while not game.is_over and game.hand_number <= 2:
            legal = game.legal_actions()
            if game.phase == "play":
                view = game.view(game.current_player)  # type: ignore[arg-type]
                assert seat_to_play(view) == game.turn
            game.apply("jambone" if "jambone" in legal else rng.choice(legal))


def test_only_the_makers_turns_pick_the_makers_card() -> None:
    picks = {True: 0, False: 0}
    for seed in range(20):
        game = new_game("railroad", 4, seed)
        rng = random.Random(seed)
        while not game.is_over and game.hand_number == 1:
            legal = game.legal_actions()
            chooser = getattr(game, "chooser", None)
            if game.phase == "play" and chooser is not None:
                view = game.view(game.current_player)  # type: ignore[arg-type]
                maker_turn = game.turn == game.maker
                assert picks_for_maker(view) is maker_turn
                picks[maker_turn] += 1
            game.apply("jambone" if "jambone" in legal else rng.choice(legal))
    assert picks[True] and picks[False]
    assert not picks_for_maker(new_game("euchre", 4, 1).view(0))
