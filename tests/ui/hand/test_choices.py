"""The hand's choices say what they do in one click and in the game's own words: "Order
up alone", "♥ Hearts Jambone", "Switch in Q♠", "🟩 Green"; the Jambone chooser is told
which turns pick the maker's card."""

from __future__ import annotations

import random
from typing import Any

from bot.engine import Game, new_game
from bot.ui.custom_ids import parse_action
from bot.ui.hand.message import hand_controls, hand_embed
from tests.emulator.client import components as comp
from tests.engine.helpers import LEFT_BOWER_DEAL, play
from tests.ui.helpers import NAMES, check_fits, hand_of

EUCHRE_DEAL = {**LEFT_BOWER_DEAL, "dealer": 3}  # seat 0 speaks first; 9♥ turned up


def controls(game: Game, seat: int) -> list[dict[str, Any]]:
    hand = hand_of(game, seat)
    body = check_fits(embed=hand_embed(hand, NAMES), view=hand_controls(hand))
    rows = body["components"]
    return [
        {**c, "row": index}
        for index, row in enumerate(rows)
        for c in comp.walk([row])
        if c["type"] == comp.BUTTON and parse_action(c.get("custom_id", ""))
    ]


def actions(game: Game, seat: int) -> dict[str, tuple[str, int]]:
    """label → (action, row) of the action buttons."""
    return {
        c["label"]: (parse_action(c["custom_id"]).action, c["row"])  # type: ignore[union-attr]
        for c in controls(game, seat)
    }


def text(game: Game, seat: int) -> str:
    return hand_embed(hand_of(game, seat), NAMES).description or ""


def test_euchre_offers_order_up_and_order_up_alone_side_by_side() -> None:
    game = new_game("euchre", 4, seed=1, deal=EUCHRE_DEAL)
    offered = actions(game, 0)
    assert offered == {
        "Order up": ("order+partner", 0),
        "Order up alone": ("order+alone", 0),
        "Pass": ("pass", 1),
    }
    assert "**Order up alone**: the same, and your partner sits out" in text(game, 0)
    play(game, "pass pass pass")  # the dealer takes the turned card themself
    assert set(actions(game, 3)) == {"Pick up", "Pick up alone", "Pass"}
    assert "**Pick up alone**" in text(game, 3)


def test_euchre_round_two_names_each_suit_with_its_mark_with_partner_or_alone() -> None:
    game = new_game("euchre", 4, seed=1, deal=EUCHRE_DEAL)
    play(game, "pass pass pass pass")
    offered = actions(game, 0)
    assert offered["♠ Spades"] == ("trump:S+partner", 0)
    assert offered["♠ Spades alone"] == ("trump:S+alone", 0)
    assert offered["♦ Diamonds alone"][0] == "trump:D+alone"
    assert not any("Hearts" in label for label in offered)  # turned down
    assert "Go alone" not in offered and "Play with partner" not in offered


def test_railroad_names_trump_with_partner_alone_or_jambone_in_one_click() -> None:
    for seed in range(50):
        game = new_game("railroad", 4, seed)
        play(game, "pass pass pass pass")
        if game.phase == "round2":
            break
    offered = actions(game, game.current_player)
    jambones = [label for label, (action, _) in offered.items() if action.endswith("+jambone")]
    assert jambones and all(label.endswith(" Jambone") for label in jambones)
    rows = {row for _, row in offered.values()}
    assert len(rows) <= 4 and offered["Pass"][1] == max(rows)  # Pass beside Hint, Refresh


def test_a_maker_whose_call_a_computer_made_still_gets_the_alone_question() -> None:
    game = new_game("euchre", 4, seed=1, deal=EUCHRE_DEAL)
    game.apply("order")
    assert set(actions(game, 0)) == {"Play with partner", "Go alone"}


def test_flip_switch_buttons_say_switch_in() -> None:
    rng = random.Random(4)
    game = new_game("flip", 4, seed=4)
    while game.phase != "switch":
        game.apply(rng.choice(game.legal_actions()))
    offered = actions(game, game.current_player)
    cards = [label for label, (action, _) in offered.items() if action.startswith("switch:")]
    assert cards and all(label.startswith("Switch in ") for label in cards)
    assert "Don't switch" in offered


def test_over_the_top_writes_a_card_one_way_and_marks_trump_colours() -> None:
    rng = random.Random(2)
    game = new_game("over_the_top", 2, seed=2)
    while game.phase != "trump":
        game.apply(rng.choice(game.legal_actions()))
    offered = actions(game, game.current_player)
    assert {"🟥 Red", "🟨 Yellow", "🟩 Green", "⬛ Black"} <= set(offered)
    game.apply("trump:G")
    while game.phase != "play":
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    labels = [label for label in actions(game, seat) if label[0] in "🟥🟨🟩⬛"]
    assert labels and all(" " in label.split(" (")[0] for label in labels)  # 🟩 Green 13
    battery = next(ln for ln in text(game, seat).splitlines() if ln.startswith("**Your battery"))
    assert "(+1 face down)" in battery and "▾" not in battery


def test_the_jambone_chooser_is_told_only_on_the_makers_turns() -> None:
    seen = set()
    for seed in range(200):
        game = new_game("railroad", 4, seed, {"target": 64})
        rng = random.Random(seed)
        while not game.is_over and game.hand_number == 1:
            legal = game.legal_actions()
            if "jambone" in legal:
                game.apply("jambone")
                continue
            chooser = getattr(game, "chooser", None)
            if game.phase == "play" and chooser is not None and game.current_player == chooser:
                picking = game.turn == game.maker  # type: ignore[attr-defined]
                said = text(game, chooser)
                maker = f"Player{game.maker + 1}"  # type: ignore[operator]
                if picking:
                    assert f"choose the card {maker} plays (Jambone)" in said
                    assert f"buttons below are {maker}'s face-up cards" in said
                else:
                    assert "Your turn:** play a card." in said and "plays (Jambone)" not in said
                seen.add(picking)
            game.apply(rng.choice(legal))
        if seen == {True, False}:
            return
    raise AssertionError(f"Jambone turns not both seen: {seen}")
