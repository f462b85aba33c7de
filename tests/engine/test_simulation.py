"""Random play of every variant and player count, checking the engine's invariants.

Many complete games with seeded random choices: only offered actions are played and each is
accepted, illegal ones are refused without a change, each card is played at most as often as
the deck holds it in a hand and only by a seat that could see it, hands end with every card
played, scores add up from the scored hands, a JSON round trip at a random point replays to the
same end, and no view shows another seat's hidden cards.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from bot.engine import VARIANTS, Game, IllegalAction, load_game, new_game
from bot.engine.bench import random_action

from .helpers import strings

GAMES_PER_CASE = 6
COPIES = {"flip": 2}
PUBLIC_HAND_CARD_KEYS = ("turn_up", "exposed_hand", "calling_card", "known_cards")
# Played cards: with a double deck the twin of a played card may sit in another hand.
PLAYED_KEYS = ("trick", "tricks", "last_trick", "previous_hand")

CASES = [(key, n) for key, info in VARIANTS.items() for n in info.player_counts]


def check_privacy(game: Game) -> None:
    views = [game.view(seat) for seat in range(game.players)]
    for seat, view in enumerate(views):
        shown = set(strings({k: v for k, v in view.items() if k not in PLAYED_KEYS}))
        allowed = set(view["hand"])
        for key in PUBLIC_HAND_CARD_KEYS:
            allowed |= set(strings(view.get(key)))
        for other, other_view in enumerate(views):
            if other == seat:
                continue
            leaked = (set(other_view["hand"]) - allowed) & shown
            assert not leaked, f"seat {seat} sees seat {other}'s {sorted(leaked)}"


def cards_in_hands(game: Game) -> int:
    """Cards still held in the hands of the seats that take part in the hand."""
    view = game.view(0)
    active = view.get("active") or [True] * game.players
    if "hand_sizes" in view:
        return sum(n for seat, n in enumerate(view["hand_sizes"][: game.players]) if active[seat])
    return sum(len(game.view(s)["hand"]) for s in range(game.players) if active[s])


def check_refuses_nonsense(game: Game) -> None:
    before = game.to_json()
    for bad in ("play:XX", "bid:999", "trump:Q", "dance"):
        if bad not in game.legal_actions():
            with pytest.raises(IllegalAction):
                game.apply(bad)
    assert game.to_json() == before


def check_every_offered_action_is_accepted(game: Game) -> None:
    saved = game.to_json()
    for action in game.legal_actions():
        load_game(saved).apply(action)


def play_one(variant: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(variant, players, seed=seed)
    copies = COPIES.get(variant, 1)
    played: Counter[str] = Counter()
    snapshot_at = rng.randrange(40, 400)
    snapshot: dict[str, Any] | None = None
    later_actions: list[str] = []
    steps = 0
    while not game.is_over:
        steps += 1
        assert steps < 20_000, "game does not end"
        actor = game.current_player
        assert actor is not None
        legal = game.legal_actions()
        assert legal and len(legal) == len(set(legal))
        if steps % 7 == 0:
            check_privacy(game)
            check_refuses_nonsense(game)
        if steps % 97 == 0:
            check_every_offered_action_is_accepted(game)
        action = random_action(game, rng)
        is_play = action.startswith("play:")
        actor_view = json.dumps(game.view(actor)) if is_play else ""
        held = cards_in_hands(game) if is_play else 0
        if steps == snapshot_at:
            snapshot = json.loads(json.dumps(game.to_json()))
        if snapshot is not None:
            later_actions.append(action)
        events = game.apply(action)
        for event in events:
            if event["type"] == "play" and event["seat"] < game.players:
                card = event["card"]
                played[card] += 1
                assert played[card] <= copies, f"{card} played twice in one hand"
                if event["seat"] == actor and is_play:
                    assert f'"{card}"' in actor_view, f"{card} was not visible to its player"
            elif event["type"] == "hand_scored":
                assert is_play and held <= 1, "the hand ended with cards unplayed"
            if event["type"] in ("deal", "misdeal"):
                played.clear()
    assert game.winner is not None and game.current_player is None
    assert game.legal_actions() == []
    points = [e["points"] for e in game.events if "points" in e]
    start = (game.initial_deal or {}).get("scores") or [0] * len(game.scores)
    totals = [sum(col) for col in zip(*points, strict=True)]
    assert [t + s for t, s in zip(totals, start, strict=True)] == game.scores
    if snapshot is not None:
        replayed = load_game(snapshot)
        for action in later_actions:
            replayed.apply(action)
        assert replayed.to_json() == game.to_json()
        assert replayed.scores == game.scores and replayed.winner == game.winner


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_random_games_keep_every_invariant(variant: str, players: int) -> None:
    for seed in range(GAMES_PER_CASE):
        play_one(variant, players, seed)


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_same_seed_and_actions_give_the_same_game(variant: str, players: int) -> None:
    def run() -> list[dict[str, Any]]:
        rng, game = random.Random(3), new_game(variant, players, seed=11)
        while not game.is_over and len(game.log) < 300:
            game.apply(random_action(game, rng))
        return game.events

    assert run() == run()
