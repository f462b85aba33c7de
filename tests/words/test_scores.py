"""Scores always come with the names of the side that holds them."""

from __future__ import annotations

from bot.words.scores import points_text, score_text

LABELS = ["Alice", "Bob", "Carol", "Dave"]


def test_partnerships_are_named_in_seat_order_with_the_target() -> None:
    text = score_text([7, 4], [[0, 2], [1, 3]], LABELS, target=10)
    assert text == "Alice & Carol 7 · Bob & Dave 4 — to 10"


def test_the_winners_can_be_named_first_beside_their_own_score() -> None:
    text = score_text([6, 10], [[0, 2], [1, 3]], LABELS, first=1)
    assert text == "Bob & Dave 10 · Alice & Carol 6"


def test_a_free_for_all_lists_players_by_score() -> None:
    text = score_text([5, 30, -10, 12], [], LABELS)
    assert text == "Bob 30 · Dave 12 · Alice 5 · Carol -10"
    assert points_text([0, 2], [[0, 2], [1, 3]], LABELS) == "Alice & Carol 0 · Bob & Dave +2"
