"""Rating finished games: places from scores, teams, fixed computer strengths."""

from __future__ import annotations

import pytest

from bot.ratings.skill import (
    COMPUTER_SKILL,
    NEW_PLAYER,
    Entrant,
    computer_skill,
    rate_game,
    side_places,
)
from bot.store.standings.values import Skill


@pytest.mark.parametrize(
    ("scores", "winner", "places"),
    [
        ((10, 7), 0, [1, 2]),
        ((7, 10), 1, [2, 1]),
        ((64, 70), 0, [1, 2]),  # the winner comes first even with fewer points (tie rules)
        ((30, -25, 15, -15), 0, [1, 4, 2, 3]),
        ((30, 15, 15, 0), 0, [1, 2, 2, 4]),  # equal scores share a place
        ((5, 5), None, [1, 1]),
    ],
)
def test_side_places(scores: tuple[int, ...], winner: int | None, places: list[int]) -> None:
    assert side_places(scores, winner) == places


def test_new_players_start_at_ordinal_zero() -> None:
    assert NEW_PLAYER.ordinal == pytest.approx(0.0)


def test_two_players_winner_gains_loser_drops_and_both_grow_surer() -> None:
    after = rate_game([Entrant(0, 0, NEW_PLAYER), Entrant(1, 1, NEW_PLAYER)], [1, 2])
    assert after[0].mu > 25 > after[1].mu
    assert after[0].sigma < NEW_PLAYER.sigma and after[1].sigma < NEW_PLAYER.sigma
    assert after[0].ordinal > 0 > after[1].ordinal


def test_partners_share_the_result() -> None:
    seats = [Entrant(s, s % 2, NEW_PLAYER) for s in range(4)]
    after = rate_game(seats, [2, 1])
    assert after[1].mu > 25 and after[3].mu > 25
    assert after[0].mu < 25 and after[2].mu < 25
    assert after[1] == after[3] and after[0] == after[2]


def test_ten_players_each_for_themselves() -> None:
    seats = [Entrant(s, s, NEW_PLAYER) for s in range(10)]
    after = rate_game(seats, list(range(1, 11)))
    mus = [after[s].mu for s in range(10)]
    assert mus == sorted(mus, reverse=True)
    assert mus[0] > 25 > mus[-1]


def test_computer_seats_keep_their_fixed_strength() -> None:
    hard = computer_skill("hard")
    seats = [
        Entrant(0, 0, NEW_PLAYER),
        Entrant(1, 1, hard, fixed=True),
        Entrant(2, 0, computer_skill("normal"), fixed=True),
        Entrant(3, 1, hard, fixed=True),
    ]
    after = rate_game(seats, [1, 2])
    assert after[1] == hard and after[3] == hard and after[2] == COMPUTER_SKILL["normal"]
    assert after[0].mu > 25


def test_beating_a_stronger_computer_is_worth_more() -> None:
    def gain(level: str) -> float:
        seats = [Entrant(0, 0, NEW_PLAYER), Entrant(1, 1, computer_skill(level), fixed=True)]
        return rate_game(seats, [1, 2])[0].mu - NEW_PLAYER.mu

    assert gain("hard") > gain("normal") > gain("easy") > gain("random") > 0


def test_an_unknown_level_counts_as_normal_and_a_lone_side_changes_nothing() -> None:
    assert computer_skill("legendary") == COMPUTER_SKILL["normal"]
    only = [Entrant(0, 0, Skill(30, 2)), Entrant(1, 0, NEW_PLAYER)]
    assert rate_game(only, [1]) == {0: Skill(30, 2), 1: NEW_PLAYER}
