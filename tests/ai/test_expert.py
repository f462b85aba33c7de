"""The expert level: deals that fit the calls, a capped think time, figures for hints."""

from __future__ import annotations

import random
import statistics
import time

from bot.ai import get_player
from bot.ai.expert import TIME_CAP, ExpertPlayer, fitted_sample
from bot.ai.heuristics import heuristics_for
from bot.engine import game_class, new_game
from bot.engine.ranking import TRUMP

from .helpers import decision_point


def _after_an_order_up() -> tuple[dict, list[str], int]:
    """The view of the opponent who follows the first seat to speak, which ordered up
    (it leads the first trick: one card is played)."""
    game = new_game("euchre", 4, seed=1)
    first = game.current_player
    assert first is not None
    game.apply("order")
    while game.view(game.current_player)["phase"] != "play":
        legal = game.legal_actions()
        game.apply("partner" if "partner" in legal else legal[0])
    game.apply(game.legal_actions()[0])
    seat, view, legal = decision_point(game)
    assert game.side_of(seat) != game.side_of(first)
    return view, legal, first


def _trumps(world, seat: int) -> int:  # type: ignore[no-untyped-def]
    return sum(world.ranking.power[c] >= TRUMP for c in world.hands[seat])


def test_deals_fit_the_call_a_maker_made() -> None:
    """A maker's sampled hands hold more trumps than hands dealt blind: the bid is read."""
    view, _, maker = _after_an_order_up()
    heur = heuristics_for("euchre")
    kind = game_class("euchre")
    rng = random.Random(3)
    blind = [_trumps(kind.sample_from_view(view, rng), maker) for _ in range(600)]
    fitted = [_trumps(fitted_sample(view, heur, rng)[0], maker) for _ in range(600)]
    assert statistics.fmean(fitted) > statistics.fmean(blind) + 0.15


def test_the_bot_s_think_time_is_capped() -> None:
    """However long the table allows, an expert decision ends near ``TIME_CAP``."""
    game = new_game("euchre", 4, seed=7)
    _, view, legal = decision_point(game)
    player = ExpertPlayer(seed=1, playouts=10**7, time_budget=30.0)
    start = time.perf_counter()
    assert player.choose(view, legal) in legal
    assert time.perf_counter() - start < TIME_CAP + 1.0


def test_an_expert_hint_shows_its_figures() -> None:
    """The Hint button at expert level names the deals simulated behind a real choice."""
    game = new_game("euchre", 4, seed=2)
    _, view, legal = decision_point(game)
    advice = get_player("expert", seed=1, playouts=40).advice(view, legal)
    assert advice.action in legal
    assert "deals" in advice.detail


def _first_lead(hands: list[list[str]]) -> tuple[dict, list[str]]:
    """The first leader's view after it ordered up and the dealer discarded the turn-up."""
    game = new_game("euchre", 4, deal={"dealer": 0, "hands": hands,
                                       "kitty": ["9S", "9H", "9D", "9C"]})
    game.apply("order")
    game.apply("partner")
    game.apply("discard:9S")
    seat, view, legal = decision_point(game)
    assert seat == 1
    return view, legal


def test_expert_play_reads_only_its_seat_s_view() -> None:
    """Two deals that differ only in cards the leader cannot see give it the same view,
    and the expert (solving sampled deals, never the real one) leads the same card."""
    mine = ["JS", "AS", "AH", "KD", "TC"]
    rest = ["JC", "QS", "KS", "TS", "AC", "KC", "QC", "JC", "TH", "JH", "QH", "KH",
            "JD", "QD", "TD", "AD"]
    rest.remove("JC")  # one each: 15 cards for three hands
    rng = random.Random(4)
    first = [rest[0:5], list(mine), rest[5:10], rest[10:15]]
    shuffled = rest[:]
    rng.shuffle(shuffled)
    second = [shuffled[0:5], list(mine), shuffled[5:10], shuffled[10:15]]
    assert first[2] != second[2] and first[0] != second[0]
    view_one, legal_one = _first_lead(first)
    view_two, legal_two = _first_lead(second)
    assert view_one == view_two and legal_one == legal_two
    player = ExpertPlayer(seed=3)
    assert player.choose(view_one, legal_one) == ExpertPlayer(seed=3).choose(view_two, legal_two)


def test_expert_play_is_determined_by_its_seed() -> None:
    """The same seed and situation give the same card, counted in evaluations."""
    rng = random.Random(6)
    for seed in range(4):
        game = new_game("euchre", 4, seed=seed)
        while game.phase != "play":
            game.apply(rng.choice(game.legal_actions()))
        _, view, legal = decision_point(game)
        picks = {ExpertPlayer(seed=9).choose(view, legal) for _ in range(2)}
        assert len(picks) == 1
