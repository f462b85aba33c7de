"""Table and hand messages fit Discord's limits and offer every legal action, in every
variant and player count, at every point of random games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.engine import VARIANTS
from bot.tables.games import action_steps, check_steps
from bot.ui.custom_ids import parse_action
from bot.ui.hand.message import hand_controls, hand_embed
from bot.ui.table.message import table_controls, table_embed
from tests.emulator.client import components as comp
from tests.ui.helpers import (
    NAMES,
    check_fits,
    hand_of,
    lobby_table,
    playing_table,
    public_of,
    random_states,
)

CASES = [(key, n) for key, info in VARIANTS.items() for n in info.player_counts]


def offered(body: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    """(action, enabled) for every action button and select option of a message body."""
    for component in comp.walk(body.get("components") or []):
        custom_id = component.get("custom_id", "")
        if component.get("type") == comp.BUTTON and (parsed := parse_action(custom_id)):
            yield parsed.action, not component.get("disabled", False)
        elif component.get("type") == comp.STRING_SELECT:
            for option in component["options"]:
                yield option["value"], True


@pytest.mark.parametrize("variant, players", CASES)
def test_every_state_renders_within_limits_with_every_legal_action(
    variant: str, players: int
) -> None:
    for seed in range(2):
        for game in random_states(variant, players, seed):
            table = playing_table(game, status="finished" if game.is_over else "playing")
            check_fits(embed=table_embed(table, public_of(game), NAMES), view=table_controls(table))
            if game.is_over:
                break
            seat = table.current_seat
            assert seat is not None
            hand = hand_of(game, seat, table)
            body = check_fits(embed=hand_embed(hand, NAMES), view=hand_controls(hand))
            actions = dict(offered(body))
            enabled = [a for a, on in actions.items() if on]
            assert set(hand.legal) == {action_steps(a)[0] for a in enabled}
            for choice in enabled:  # a one-click "Order up alone" is a move the table takes
                check_steps(game, action_steps(choice))
            waiting = hand_of(game, (seat + 1) % players, table)
            waiting_body = check_fits(embed=hand_embed(waiting, NAMES), view=hand_controls(waiting))
            assert not any(enabled for _, enabled in offered(waiting_body))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_lobby_message_lists_seats_and_lobby_buttons(variant: str) -> None:
    table = lobby_table(variant)
    body = check_fits(embed=table_embed(table, None, NAMES), view=table_controls(table))
    text = body["embeds"][0]["description"]
    assert "Seat 1: Player1" in text and "Seat 2: 🤖 Bolt (normal)" in text
    labels = [c["label"] for c in comp.walk(body["components"]) if c["type"] == comp.BUTTON]
    assert labels == ["Join", "Leave", "Add computer player", "Start", "Cancel", "Remove player"]


def test_closed_tables_lose_their_buttons_and_say_why() -> None:
    for status, words in (("cancelled", "cancelled"), ("abandoned", "ended before its finish")):
        table = lobby_table(status=status)
        body = check_fits(embed=table_embed(table, None, NAMES), view=table_controls(table))
        assert words in body["embeds"][0]["description"]
        assert not body.get("components")


def test_a_finished_table_shows_the_result_and_offers_a_rematch_and_a_review() -> None:
    game = next(g for g in random_states("euchre", 4, 3) if g.is_over)
    table = playing_table(game, status="finished")
    body = check_fits(embed=table_embed(table, None, NAMES), view=table_controls(table))
    assert "won the game" in body["embeds"][0]["description"]
    labels = [c["label"] for c in comp.walk(body["components"]) if c["type"] == comp.BUTTON]
    assert labels == ["Rematch", "Review"]
