"""The card that took a trick: where the winner played two cards (Over the Rhine, Over
the Top), the one from the trick's winning area, which the next lead comes from."""

from __future__ import annotations

import pytest

from bot.engine import winning_play
from bot.engine.ranking import ranking

from .area_helpers import random_states


def test_a_single_card_trick_names_the_winners_card() -> None:
    trick = {"winner": 2, "cards": [{"seat": 1, "card": "9H"}, {"seat": 2, "card": "AH"},
                                    {"seat": 3, "card": "KH"}]}
    assert winning_play(trick) == 1
    assert winning_play({"winner": 0, "cards": []}) is None


def test_the_winners_first_card_is_named_when_it_won() -> None:
    trick = {"winner": 1, "area": "hand", "cards": [
        {"seat": 0, "card": "TD", "area": "hand"}, {"seat": 1, "card": "KD", "area": "hand"},
        {"seat": 0, "card": "7C", "area": "table"}, {"seat": 1, "card": "TH", "area": "table"},
    ]}
    assert winning_play(trick) == 1


@pytest.mark.parametrize("variant", ["over_the_rhine", "over_the_top"])
def test_the_named_card_is_the_one_the_ranking_says_won(variant: str) -> None:
    first = 0
    for game in random_states(variant, 4, every=1):
        view = game.public_view()
        last = view.get("last_trick")
        if view.get("trick") or not last:
            continue
        cards = [p["card"] for p in last["cards"]]
        order = ranking(type(game).rank_rules, last["trump"])
        best = order.winner(cards, order.led_suit(cards))
        assert winning_play(last) == best
        mine = [i for i, p in enumerate(last["cards"]) if p["seat"] == last["winner"]]
        first += len(mine) == 2 and best == mine[0]
    assert first  # some tricks were taken by the winner's first card


def test_the_previous_hands_last_trick_keeps_its_winning_area() -> None:
    for game in random_states("over_the_rhine", 3, every=1):
        previous = game.public_view().get("previous_hand")
        if previous and previous.get("last_trick"):
            last = previous["last_trick"]
            assert last["area"] in ("hand", "table")
            assert last["cards"][winning_play(last)]["area"] == last["area"]
            return
    raise AssertionError("no hand ended")
