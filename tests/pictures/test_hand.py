"""The hand picture: the cards in the buttons' order, the ones that cannot be played
dimmed, the left bower among trumps and marked."""

from __future__ import annotations

import pytest

from bot.engine import hand_order, new_game
from bot.pictures import render_hand
from bot.pictures.hand import hand_layout
from tests.engine.helpers import LEFT_BOWER_DEAL, play
from tests.pictures.helpers import CASES, decode, jambone_in_play, mean_brightness
from tests.ui.helpers import random_states


def following_a_diamond():  # type: ignore[no-untyped-def]
    """Hearts trump; the A♦ led; seat 2 holds the J♦ (left bower) and the 9♦."""
    game = new_game("euchre", 4, seed=1, deal=LEFT_BOWER_DEAL)
    play(game, "order partner discard:9C", "play:AD")
    return game


def test_only_the_illegal_cards_are_dimmed_and_they_look_darker() -> None:
    game = following_a_diamond()
    view, legal = game.view(2), game.legal_actions()
    _, placed = hand_layout(view, legal)
    cards = {p.card: p for p in placed if p.row == "hand"}
    assert {c for c, p in cards.items() if p.dimmed} == {"JD", "AS", "AC", "KC"}
    image = decode(render_hand(view, legal))
    bright, dim = cards["9D"].box, cards["AS"].box
    inset = lambda b: (b[0] + 4, b[1] + 4, b[0] + 30, b[1] + 60)  # noqa: E731
    assert mean_brightness(image, inset(dim)) < mean_brightness(image, inset(bright)) - 40


def test_the_left_bower_sits_among_trumps_and_is_marked() -> None:
    game = following_a_diamond()
    _, placed = hand_layout(game.view(2), game.legal_actions())
    row = [p for p in placed if p.row == "hand"]
    assert [p.card for p in row] == ["AS", "9D", "KC", "AC", "JD"]
    assert [p.tag for p in row] == [None, None, None, None, "LEFT"]


def test_nothing_is_dimmed_when_no_card_is_being_chosen() -> None:
    game = new_game("euchre", 4, seed=1, deal=LEFT_BOWER_DEAL)
    _, placed = hand_layout(game.view(1), game.legal_actions())  # order or pass
    assert not any(p.dimmed for p in placed)


def test_flip_shows_both_copies_of_a_card() -> None:
    game = new_game("flip", 2, seed=1)
    for _ in range(30):
        cards = game.view(0)["hand"]
        if len(set(cards)) < len(cards):
            break
        game = new_game("flip", 2, seed=game.seed + 1)
    view = game.view(0)
    _, placed = hand_layout(view, [])
    assert sorted(p.card for p in placed if p.row == "hand") == sorted(view["hand"])


@pytest.mark.parametrize("variant, players", CASES)
def test_every_seat_can_see_its_hand_at_every_step(variant: str, players: int) -> None:
    for game in random_states(variant, players, 1, every=13):
        seat = game.current_player if game.current_player is not None else 0
        png = render_hand(game.view(seat), game.legal_actions())
        image = decode(png)
        assert image.width == 800 and len(png) <= 250_000


def test_two_player_games_show_the_players_own_table() -> None:
    game = new_game("over_the_rhine", 2, seed=4)
    view = game.view(0)
    _, placed = hand_layout(view, [])
    area = [p.card for p in placed if p.row == "area"]
    assert area == view["tables"][0]["up"]


def test_plain_trumps_carry_a_thin_mark_and_the_bowers_their_names() -> None:
    game = following_a_diamond()
    _, placed = hand_layout(game.view(0), [])
    tags = {p.card: p.tag for p in placed if p.row == "hand"}
    assert tags["JH"] == "RIGHT" and tags["AH"] == "trump" and tags["KH"] == "trump"
    assert tags["QS"] is None


def test_the_seat_choosing_a_jambone_card_sees_that_hand_with_its_choices_bright() -> None:
    game = jambone_in_play()
    def choosing() -> bool:
        cards = {a.split(":")[1] for a in game.legal_actions()}
        return bool(cards) and cards <= set(game.public_view()["exposed_hand"])

    while not choosing():
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    view, legal = game.view(seat), game.legal_actions()
    _, placed = hand_layout(view, legal)
    shown = [p for p in placed if p.row == "exposed"]
    assert [p.card for p in shown] == hand_order(view["exposed_hand"], "railroad", view["trump"])
    assert {p.card for p in shown if not p.dimmed} == {a.split(":")[1] for a in legal}
    assert not any(p.dimmed for p in placed if p.row == "hand")
