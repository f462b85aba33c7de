"""The skill footnote's promise, held to the rating model: how many games a new player's
skill takes to settle against computers, and against other new players."""

from __future__ import annotations

import random

from bot.ratings.skill import COMPUTER_SKILL, NEW_PLAYER, Entrant, rate_game
from bot.ui.stats.skill import SETTLED_SIGMA, SETTLING_GAMES, SKILL_NOTE


def games_to_settle(against_people: bool, seed: int) -> int:
    """Games of won or lost at random, one against one, until the new player's skill is
    settled: against a normal computer, or against another new player."""
    rng, me, other = random.Random(seed), NEW_PLAYER, NEW_PLAYER
    for game in range(1, 200):
        them = Entrant(1, 1, other) if against_people else Entrant(
            1, 1, COMPUTER_SKILL["normal"], fixed=True)
        after = rate_game([Entrant(0, 0, me), them], [1, 2] if rng.random() < 0.5 else [2, 1])
        me, other = after[0], after[1]
        if me.sigma < SETTLED_SIGMA:
            return game
    raise AssertionError("never settled")


def test_the_footnote_says_how_long_a_new_players_skill_takes_to_settle() -> None:
    assert f"settles after about {SETTLING_GAMES} games against computers" in SKILL_NOTE
    assert "about twice that against other new players" in SKILL_NOTE
    for seed in range(3):
        assert abs(games_to_settle(False, seed) - SETTLING_GAMES) <= 2
        assert 1.6 * SETTLING_GAMES <= games_to_settle(True, seed) <= 2.2 * SETTLING_GAMES
