"""Best play with every card known, as the review tells it at a hand's last trick: in
Over the Rhine, where each player plays two cards a trick, the figures of the two players
are those of one game between them (point 1: "best play … 2 tricks; it took 3" is a true
figure, the most the side could be sure of, which the other's slips can exceed)."""

from __future__ import annotations

import pytest

from bot.review.opinion.perfect import perfect_play
from tests.review.helpers import finished

TRICKS = 5


@pytest.mark.parametrize("seed", [1, 2])
def test_point_1_the_two_players_best_play_shares_out_every_trick(seed: int) -> None:
    game = finished("over_the_rhine", 2, seed)
    mine = {s.hand: s for s in perfect_play("over_the_rhine", 2, seed, game.options, game.log, 0)}
    theirs = {s.hand: s for s in perfect_play("over_the_rhine", 2, seed, game.options,
                                              game.log, 1)}
    assert mine and mine.keys() == theirs.keys()
    for hand, solved in mine.items():
        other = theirs[hand]
        assert solved.from_trick == other.from_trick == 1
        assert solved.side_tricks + other.side_tricks == TRICKS
        assert solved.best_tricks + other.best_tricks == TRICKS  # one game, both at best
