"""Weighing a decision in rounds of deals: a clear verdict takes few deals, a verdict close
to the costly threshold takes more, and the member's choice is always weighed in the
deals its cost comes from."""

from __future__ import annotations

import random

from bot.ai.heuristics import heuristics_for
from bot.engine import new_game
from bot.review.opinion.evaluate import FINAL_ROUNDS, MOST, round_size, weigh
from tests.review.opinion.test_analysis import VOID_DEAL, VOID_LOG, euchre_deal

DEALS = 40
STEP = round_size(DEALS)


def test_a_clear_two_choice_verdict_takes_the_fewest_deals() -> None:
    """Ordering up with no trump: passing is clearly better, settled in the first deals."""
    game = new_game("euchre", 4, 1, {}, deal=euchre_deal("9S TS 9C TC QD"))
    view, legal = game.view(0), game.legal_actions()
    values, final = weigh(view, legal, "order", heuristics_for("euchre"), random.Random(1),
                          DEALS, 0.25)
    assert values["pass"] - values["order"] >= 0.25
    assert len(final.deals) == STEP
    assert {a: final.mean(a) for a in final.samples} == values


def test_a_verdict_close_to_the_threshold_takes_more_deals() -> None:
    """The same decision judged against a threshold equal to its first measured cost is
    unclear after the first deals, so more rounds are dealt (at most ``MOST`` times)."""
    game = new_game("euchre", 4, 1, {}, deal=euchre_deal("9S TS 9C TC QD"))
    view, legal = game.view(0), game.legal_actions()
    heur = heuristics_for("euchre")
    values, _ = weigh(view, legal, "order", heur, random.Random(1), DEALS, 0.25)
    close = values["pass"] - values["order"]
    _, final = weigh(view, legal, "order", heur, random.Random(1), DEALS, close)
    assert STEP < len(final.deals) <= MOST * DEALS


def test_many_choices_the_finalists_are_weighed_again_in_fresh_deals() -> None:
    """Seat 1's last-but-one lead (three choices): the choice and the best other are
    played out in fresh deals; a choice clearly behind keeps its first value."""
    game = new_game("euchre", 4, 1, {}, deal=VOID_DEAL)
    for action in VOID_LOG[:15]:
        game.apply(action)
    view, legal = game.view(1), game.legal_actions()
    assert legal == ["play:AH", "play:JC", "play:AC"]
    values, final = weigh(view, legal, "play:AH", heuristics_for("euchre"), random.Random(3),
                          DEALS, 0.25)
    assert "play:AH" in final.samples and len(final.samples) >= 2
    assert len(final.deals) >= STEP * FINAL_ROUNDS
    best = max(values, key=values.__getitem__)
    assert best in final.samples and values[best] - values["play:AH"] >= 0.25


def test_a_round_is_a_quarter_of_the_deals_but_never_under_twenty() -> None:
    assert [round_size(n) for n in (200, 80, 40, 12)] == [50, 20, 20, 12]
