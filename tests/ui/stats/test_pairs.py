"""Which games have pairs boards, and the refusal for one without partners."""

from __future__ import annotations

import pytest

from bot.ui.stats.boards import BoardChoiceError, ShownBoard
from bot.ui.stats.pairs import check_pairs_board, check_pairs_game, partnership_games


def test_the_partnership_games_are_those_with_sides_of_two() -> None:
    assert partnership_games() == {"euchre", "cincinnati", "railroad"}
    check_pairs_game("railroad")


@pytest.mark.parametrize("variant", ["flip", "over_the_top", "over_the_rhine"])
def test_a_game_without_partners_is_refused_with_the_games_that_have_them(variant: str) -> None:
    with pytest.raises(BoardChoiceError) as refusal:
        check_pairs_game(variant)
    assert "has no partners" in str(refusal.value)
    assert "Pairs boards: Cincinnati Euchre, Euchre, Railroad Euchre" in str(refusal.value)


def test_a_pairs_board_of_one_player_count_is_refused() -> None:
    with pytest.raises(BoardChoiceError, match="counts the games of every player count"):
        check_pairs_board(ShownBoard("railroad", None, players=6))
    check_pairs_board(ShownBoard("railroad", None))
