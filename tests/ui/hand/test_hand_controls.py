"""The private hand's controls in the situations each game adds: the Jambone chooser,
cards on a table or battery, long auctions, stale turns in custom ids."""

from __future__ import annotations

import random

from bot.engine import Game, new_game
from bot.ui.custom_ids import parse_action
from bot.ui.hand.message import hand_controls, hand_embed
from tests.emulator.client import components as comp
from tests.ui.helpers import NAMES, check_fits, hand_of


def play_until(game: Game, wanted, seed: int = 0, limit: int = 2000) -> Game:  # type: ignore[no-untyped-def]
    """Random moves until ``wanted(game)`` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(game):
            return game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("situation not reached")


def buttons(hand_view) -> list[dict]:  # type: ignore[no-untyped-def]
    body = check_fits(embed=hand_embed(hand_view, NAMES), view=hand_controls(hand_view))
    return [c for c in comp.walk(body["components"]) if c["type"] == comp.BUTTON]


def test_the_jambone_chooser_picks_only_from_the_makers_exposed_hand() -> None:
    for seed in range(300):
        game = new_game("railroad", 4, seed, {"target": 5})
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            if "jambone" in legal:
                game.apply("jambone")
                continue
            chooser = getattr(game, "chooser", None)
            picking = game.phase == "play" and game.turn == game.maker  # type: ignore[attr-defined]
            if picking and chooser is not None and game.current_player == chooser:
                hand = hand_of(game, chooser)
                cards = [b for b in buttons(hand) if parse_action(b["custom_id"])]
                assert {parse_action(b["custom_id"]).action for b in cards} == set(legal)
                assert all("(maker's)" in b["label"] for b in cards)
                assert "Jambone hand" in (hand_embed(hand, NAMES).description or "")
                return
            game.apply(rng.choice(legal))
    raise AssertionError("no Jambone reached")


def test_over_the_rhine_shows_table_cards_beside_the_hand() -> None:
    game = play_until(
        new_game("over_the_rhine", 2, 1, {"target": 5}),
        lambda g: (
            g.phase == "play"
            and any(
                a.partition(":")[2] not in g.view(g.current_player)["hand"]
                for a in g.legal_actions()
            )
        ),
    )
    hand = hand_of(game, game.current_player)
    labels = [b["label"] for b in buttons(hand) if parse_action(b["custom_id"])]
    assert any(label.endswith("(table)") for label in labels)
    assert "Your table" in hand_embed(hand, NAMES).description


def test_over_the_top_battery_cards_and_long_auctions() -> None:
    game = new_game("over_the_top", 2, 2, {"target": 200})
    hand = hand_of(game, game.current_player)
    body = check_fits(embed=hand_embed(hand, NAMES), view=hand_controls(hand))
    selects = [c for c in comp.walk(body["components"]) if c["type"] == comp.STRING_SELECT]
    assert len(hand.legal) > 10 and selects  # eleven bids and a pass: a select
    assert {o["value"] for o in selects[0]["options"]} == set(hand.legal)
    assert "battery" in hand_embed(hand, NAMES).description
    played = play_until(game, lambda g: g.phase == "play")
    text = hand_embed(hand_of(played, played.current_player), NAMES).description or ""
    battery = next(line for line in text.splitlines() if line.startswith("**Your battery:**"))
    assert "(+1 face down)" in battery and "▾" not in battery  # face-up card, then face down


def test_every_action_control_carries_the_turn_it_was_drawn_for() -> None:
    game = new_game("euchre", 4, 5)
    game.apply(game.legal_actions()[0])
    hand = hand_of(game, game.current_player)
    for button in buttons(hand):
        parsed = parse_action(button["custom_id"])
        if parsed:
            assert parsed.table == hand.table.id and parsed.turn == 1


def test_a_waiting_player_is_told_it_is_not_their_turn_and_only_refresh() -> None:
    game = new_game("euchre", 4, 5)
    waiting = (game.current_player + 1) % 4
    hand = hand_of(game, waiting)
    assert [b["label"] for b in buttons(hand)] == ["Refresh"]
    text = hand_embed(hand, NAMES).description or ""
    assert "Not your turn yet" in text and "Waiting for" not in text  # true until refreshed
