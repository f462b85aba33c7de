"""The bit-mask Euchre solver finds the same best play as plain minimax and as the
engine-based endgame search, and the expert's evaluation scores a card by it."""

from __future__ import annotations

import gc
import random
from typing import Any

from bot.ai.search import clone
from bot.ai.search.endgame import exact_value
from bot.ai.search.euchre_play import CARDS, Deal, cards_of
from bot.ai.search.euchre_solver import SolvedValue, Solver, side_value, solved_value

from .test_euchre_play import to_first_card


def minimax(deal: Deal, side: int) -> int:
    """Tricks ``side`` takes with best play: every legal card tried, nothing pruned."""
    if deal.over():
        return 0
    maxing = deal.turn % 2 == side
    values = []
    for card in cards_of(deal.legal()):
        child = deal.copy()
        winner = child.play(card)
        gained = 0 if winner is None else int(winner % 2 == side)
        values.append(gained + minimax(child, side))
    return max(values) if maxing else min(values)


def _with_cards_left(seed: int, rng: random.Random, cards: int) -> Any:
    """A randomly bid and played game with ``cards`` cards left in the leader's hand,
    possibly mid-trick."""
    game = to_first_card(seed, rng)
    plays = (5 - cards) * sum(game.active) + rng.randrange(sum(game.active))
    for _ in range(plays):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_solver_agrees_with_plain_minimax() -> None:
    """From 400 positions with up to three cards a hand, for both sides."""
    rng = random.Random(5)
    for seed in range(400):
        game = _with_cards_left(seed, rng, rng.choice((2, 3)))
        deal = Deal.from_game(game)
        for side in (0, 1):
            assert Solver(side).tricks(deal) == minimax(deal, side)


def test_the_solver_agrees_with_the_engine_endgame_search() -> None:
    """The points a side makes with best play equal the engine-based search's, which
    plays real engine copies and reads the engine's own scoring."""
    rng = random.Random(8)
    for seed in range(150):
        game = _with_cards_left(seed, rng, 3)
        seat = game.current_player
        deal = Deal.from_game(game)
        side = seat % 2
        expected = exact_value(clone(game), seat, list(game.scores), node_limit=10**7)
        assert expected is not None
        assert solved_value(deal, side) == expected


def _exact_maker_total(deal: Deal) -> int:
    return deal.won[deal.maker_side] + Solver(deal.maker_side).tricks(deal)


def test_searching_only_the_thresholds_scores_as_the_exact_count() -> None:
    """From the first card and from mid-hand positions, the value found by searching
    only "three tricks?" and "all five?" equals the value of the exact trick count."""
    rng = random.Random(3)
    for seed in range(120):
        game = _with_cards_left(seed, rng, rng.choice((3, 4, 5)))
        deal = Deal.from_game(game)
        for side in (0, 1):
            assert solved_value(deal, side) == side_value(deal, side, _exact_maker_total(deal))


def test_a_card_s_value_is_the_best_play_after_it() -> None:
    """From the first card: the seat's best card is worth the position's value, and a
    table kept between the cards of one deal changes no answer."""
    rng = random.Random(2)
    for seed in range(40):
        game = to_first_card(seed, rng)
        seat = game.current_player
        deal = Deal.from_game(game)
        evaluate = SolvedValue(seat)
        values = []
        for card in cards_of(deal.legal()):
            child = deal.copy()
            child.play(card)
            values.append(evaluate(game, "play:" + CARDS[card], rng))
            assert values[-1] == side_value(deal, seat % 2, _exact_maker_total(child))
        assert max(values) == side_value(deal, seat % 2, _exact_maker_total(deal))


def test_the_moves_the_solver_keeps_leave_the_cycle_collector_s_passes_short() -> None:
    """The distinct-move lists kept between solves (up to hundreds of thousands in a
    long-lived worker) are untracked by the cycle collector once it has seen them, so its
    full passes stay short and a decision keeps to its time cap."""
    rng = random.Random(5)
    tables = []
    for seed in range(6):
        game = to_first_card(seed, rng)
        deal = Deal.from_game(game)
        solved_value(deal, game.current_player % 2)
        tables.append(deal.table)
    gc.collect()
    kept = [moves for table in tables for moves in table.moves.values()]
    assert kept
    assert not any(gc.is_tracked(moves) for moves in kept)
