"""Flip Euchre's double deck in the choices offered, saved games, private views and the
hidden-card sampling behind computer players."""

from __future__ import annotations

import json
import random
from collections import Counter

from bot.engine import load_game, new_game
from bot.engine.variants.flip import Flip
from bot.engine.variants.flip_sample import shown_forbidden
from tests.engine.helpers import play

from .flip_helpers import assert_private, zilch


# ----- double deck, persistence, privacy ---------------------------------------------------
def test_twin_cards_are_listed_once_and_interchangeable() -> None:
    g = zilch(2, ["AS AS 9H", "KH 9D 9D"], calling="TC")
    assert g.legal_actions() == ["play:AS", "play:9H"]
    play(g, "play:AS")
    assert g.legal_actions() == ["play:KH", "play:9D"]


def test_json_round_trip_mid_switch() -> None:
    g = zilch(4, ["AS KH 9D", "9H QS TC", "TH JS TD", "QH KS QC"], calling="AS")
    g.apply("play:AS")
    copy = load_game(json.loads(json.dumps(g.to_json())))
    assert copy.to_json() == g.to_json() and copy.view(0) == g.view(0)
    copy.apply("switch:KH")
    assert copy.view(1)["calling_card"] == "KH"


def test_views_never_show_hidden_cards_in_random_play() -> None:
    for players in (3, 4, 7):
        rng = random.Random(players)
        g = new_game("flip", players, seed=players)
        assert isinstance(g, Flip)
        while g.hand_number < 3:
            assert_private(g)
            public = g.public_view()
            assert "hand" not in public and public["calling_card"] == g.calling
            g.apply(rng.choice(g.legal_actions()))


# ----- sampling for computer players -------------------------------------------------------
def test_sample_from_view_matches_the_view_at_random_points() -> None:
    for players in range(2, 11):
        rng = random.Random(players)
        g = new_game("flip", players, seed=players, options={"deck": rng.choice([50, 52])})
        steps = 0
        while g.hand_number < 3:
            steps += 1
            if steps % 3 == 0:
                seat = g.current_player
                assert seat is not None
                view = g.view(seat)
                sampled = Flip.sample_from_view(view, random.Random(steps))
                assert sampled.view(seat) == view
                assert sampled.legal_actions() == g.legal_actions()
                physical = Counter(c for h in sampled.hands for c in h)
                physical.update([sampled.burn, sampled.calling])
                physical.update(p["card"] for t in view["tricks"] for p in t["cards"])
                physical.update(sampled.trick)
                assert not physical - Counter(sampled.deck())
                play_rng = random.Random(steps)
                hand_number = sampled.hand_number
                while not sampled.is_over and sampled.hand_number <= hand_number + 1:
                    sampled.apply(play_rng.choice(sampled.legal_actions()))
            g.apply(rng.choice(g.legal_actions()))


def test_sampled_hidden_cards_vary() -> None:
    g = new_game("flip", 4, seed=1)
    assert isinstance(g, Flip)
    view = g.view(g.current_player or 0)
    samples = {json.dumps([Flip.sample_from_view(view, random.Random(i)).hands,
                           Flip.sample_from_view(view, random.Random(i)).burn])
               for i in range(5)}
    assert len(samples) == 5
    again = Flip.sample_from_view(view, random.Random(3))
    assert again.hands == Flip.sample_from_view(view, random.Random(3)).hands


def test_sampling_respects_shown_voids_and_known_cards() -> None:
    # Spades trump; seat 1 throws a club on a heart lead: no hearts (by that trump) for it.
    # Seat 0 then leads Benny, switches in its 9S and takes the AS: it surely holds the AS.
    hands = ["AH BJ 9S 9D", "KC QC JC TC", "TH JS QS TD", "QH KS AD AC"]
    g = zilch(4, hands, calling="AS")
    play(g, "play:AH play:KC play:TH play:QH", "play:BJ switch:9S")
    view = g.view(2)
    assert view["known_cards"][0] == ["AS"] and view["calling_card"] == "9S"
    rules = Flip.rank_rules
    assert {"9H", "AH", "JH"} <= shown_forbidden(view, rules)[1]
    assert "JD" not in shown_forbidden(view, rules)[1]
    for i in range(40):
        sampled = Flip.sample_from_view(view, random.Random(i))
        assert not any(c[1:] == "H" for c in sampled.hands[1]), sampled.hands[1]
        assert "AS" in sampled.hands[0]
        assert sampled.view(2) == view
