"""Classic Euchre calls scored by careful calls after them and exact play."""

from __future__ import annotations

import random
import statistics

from bot.ai.euchre_calls import CallValue
from bot.ai.heuristics import heuristics_for
from bot.engine import game_class, new_game

KITTY = ["9H", "TS", "9C", "TC"]  # the nine of hearts turned up


def _first_call(mine: list[str], others: list[str]) -> dict:
    """The view of the seat left of the dealer, first to speak, holding ``mine``."""
    hands = [others[0:5], mine, others[5:10], others[10:15]]
    game = new_game("euchre", 4, deal={"dealer": 0, "hands": hands, "kitty": KITTY})
    assert game.current_player == 1
    return game.view(1)


def _values(view: dict, action: str, count: int = 30) -> list[float]:
    heur = heuristics_for("euchre")
    value = CallValue(1, heur)
    rng = random.Random(4)
    kind = game_class("euchre")
    out = []
    for _ in range(count):
        world = kind.sample_from_view(view, rng)
        world.stop_after_hand = True
        out.append(value(world, action, rng))
    return out


def test_ordering_up_five_top_trumps_marches() -> None:
    """Both bowers and the ace, king and queen of trump take every trick, whatever the
    others hold: at least the march's 2 points in every sampled deal."""
    mine = ["JH", "JD", "AH", "KH", "QH"]
    others = ["AS", "KS", "QS", "JS", "9S", "AC", "KC", "QC", "JC", "AD",
              "KD", "QD", "TD", "9D", "TH"]
    values = _values(_first_call(mine, others), "order")
    assert min(values) >= 2.0


def test_ordering_up_a_hand_without_trumps_loses() -> None:
    """Ordering the dealer into trumps with no trump and no ace costs points on average,
    and less than passing does."""
    mine = ["9S", "TD", "9D", "QC", "KS"]
    others = ["AS", "QS", "JS", "AC", "KC", "JH", "JD", "AH", "KH", "QH",
              "JC", "AD", "KD", "QD", "TH"]
    view = _first_call(mine, others)
    order, passing = _values(view, "order"), _values(view, "pass")
    assert statistics.fmean(order) < 0
    assert statistics.fmean(order) < statistics.fmean(passing)
