"""Every level returns a legal action, decides from the view alone, and is deterministic."""

from __future__ import annotations

import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from bot.ai import LEVELS, decide, get_player
from bot.engine import game_class, new_game

from .helpers import CONFIGS, decision_point, positions

HARD_PLAYOUTS = 12


def _player(level: str, seed: int = 1):  # type: ignore[no-untyped-def]
    searching = level in ("hard", "expert")
    return get_player(level, seed=seed, playouts=HARD_PLAYOUTS if searching else None)


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_whole_hands_are_legal_at_every_level(variant: str, players: int) -> None:
    """Random mixes of levels play complete hands; every choice is legal."""
    rng = random.Random(variant)
    for deal in range(4):
        game = new_game(variant, players, seed=deal)
        seats = [rng.choice(["random", "easy", "normal"]) for _ in range(players)]
        if deal == 0:
            seats[rng.randrange(players)] = "hard"
        if deal == 1:
            seats[rng.randrange(players)] = "expert"
        start = game.hand_number
        while not game.is_over and game.hand_number < start + 2:
            seat, view, legal = decision_point(game)
            action = _player(seats[seat], seed=deal).choose(view, legal)
            assert action in legal, (variant, seats[seat], view["phase"], action)
            game.apply(action)


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_random_positions_are_legal(variant: str, players: int, level: str) -> None:
    """At random points of random games each level picks a legal action with a reason."""
    player = _player(level)
    for game in positions(variant, players, 25):
        _, view, legal = decision_point(game)
        action, reason = player.advise(view, legal)
        assert action in legal
        assert reason and "\n" not in reason


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
@pytest.mark.parametrize("level", ["hard", "expert"])
def test_search_levels_at_random_positions(variant: str, players: int, level: str) -> None:
    """The search players are legal at random points too."""
    player = _player(level)
    for game in positions(variant, players, 4, seed=3):
        _, view, legal = decision_point(game)
        action, reason = player.advise(view, legal)
        assert action in legal
        assert reason and "\n" not in reason


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_decision(variant: str, players: int, level: str) -> None:
    """Two full games that differ only in cards hidden from the seat give the same view and
    the same decision: a player cannot read what it may not see."""
    cls = game_class(variant)
    checked = 0
    for game in positions(variant, players, 6, seed=5):
        seat, view, legal = decision_point(game)
        first = cls.sample_from_view(view, random.Random(1))  # type: ignore[attr-defined]
        second = cls.sample_from_view(view, random.Random(2))  # type: ignore[attr-defined]
        hidden = [getattr(first, "hands", None), getattr(second, "hands", None)]
        if hidden[0] == hidden[1]:
            continue  # nothing hidden differs here (e.g. the last trick)
        assert first.view(seat) == view == second.view(seat)
        assert first.legal_actions() == legal == second.legal_actions()
        decisions = {
            _player(level).choose(g.view(seat), g.legal_actions()) for g in (game, first, second)
        }
        assert len(decisions) == 1
        checked += 1
    assert checked


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choice_whatever_came_before(level: str) -> None:
    """Seeded choices depend on the situation, not on the player's history."""
    games = list(positions("euchre", 4, 6, seed=9))
    situations = [decision_point(g)[1:] for g in games]
    first = _player(level, seed=4)
    forward = [first.choose(view, legal) for view, legal in situations]
    second = _player(level, seed=4)
    backward = [second.choose(view, legal) for view, legal in reversed(situations)]
    assert forward == list(reversed(backward))


def test_choose_sees_only_the_view() -> None:
    """A player keeps no game: it is given a plain JSON-safe view and a list of strings."""
    game = new_game("euchre", seed=3)
    seat, view, legal = decision_point(game)
    player = get_player("normal", seed=1)
    assert player.choose(pickle.loads(pickle.dumps(view)), list(legal)) in legal
    assert not any(hasattr(v, "legal_actions") for v in vars(player).values())


def test_unknown_level_is_refused() -> None:
    """A typo in a level name fails loudly."""
    with pytest.raises(ValueError, match="Unknown level"):
        get_player("grandmaster")


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_decide_runs_in_a_process_pool(level: str) -> None:
    """``decide`` is a plain function of plain arguments: the bot runs it off the loop."""
    game = new_game("euchre", seed=11)
    _, view, legal = decision_point(game)
    with ProcessPoolExecutor(max_workers=1) as pool:
        action, reason = pool.submit(decide, level, view, legal, 5, 0.2).result(timeout=60)
    assert action in legal and reason


def test_hard_respects_a_time_budget() -> None:
    """With a time budget the search stops in time (one round of deals at least)."""
    import time

    game = new_game("over_the_top", 2, seed=2)
    _, view, legal = decision_point(game)
    start = time.perf_counter()
    action = get_player("hard", seed=1, time_budget=0.2).choose(view, legal)
    assert action in legal
    assert time.perf_counter() - start < 2.0
