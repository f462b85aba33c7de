"""Only a member's own private message is ever updated by an answer: a hand's controls
sent for the public table message (as only a tampered client can), or a leaderboard's
page button sent for it, are refused privately, and My hand / Refresh on the public
message opens a new private hand."""

from __future__ import annotations

import copy
from typing import Any

from tests.e2e.tables import (
    action_controls,
    bobs_turn,
    click_custom_id,
    open_table,
    refused,
    stored_actions,
    table_id_of,
)
from tests.emulator import DiscordEnv
from tests.emulator.world.model import Message


def hand_controls(hand: Message) -> list[tuple[str, list[str] | None]]:
    """Every control of a hand as a forger would send it: buttons, and selects with a
    value they offer."""
    buttons: list[tuple[str, list[str] | None]] = [
        (b["custom_id"], None) for b in hand.buttons() if b.get("custom_id", "").startswith("bower")
    ]
    return buttons + [(s["custom_id"], [s["options"][0]["value"]]) for s in hand.selects()]


def snapshot(table: Message) -> tuple[Any, str, int]:
    """What everyone sees of the table message: its embed, its text, how often it changed."""
    return copy.deepcopy(table.embed), table.text, table.edits


async def test_a_hand_button_a_card_select_and_hint_on_the_table_message_change_nothing(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table, hand = await bobs_turn(env)
    table_id, seen, mine = table_id_of(table), snapshot(table), hand.text
    turn = len(stored_actions(env, table_id))
    forged = [c for c in hand_controls(hand) if not c[0].startswith("bower:table:")]
    forged.append((f"bower:pick:{table_id}:{turn}:card", ["play:JH"]))  # a card select's id
    assert any(":hint:" in c[0] for c in forged) and any(":act:" in c[0] for c in forged)
    for custom_id, values in forged:
        out = await click_custom_id(env, bob, table, custom_id, values)
        refused(out, "belongs on your private hand")
        assert "My hand" in out.message.text
    await env.settle()
    assert snapshot(table) == seen and len(stored_actions(env, table_id)) == turn
    assert hand.text == mine and action_controls(hand)  # still bob's turn, hand untouched


async def test_someone_else_forging_bobs_controls_on_the_table_changes_nothing(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    table, hand = await bobs_turn(env)
    table_id, seen = table_id_of(table), snapshot(table)
    before = stored_actions(env, table_id)
    for custom_id, values in hand_controls(hand):
        if custom_id.startswith("bower:table:"):
            continue
        refused(await click_custom_id(env, env.member("dave"), table, custom_id, values), "")
    await env.settle()
    assert snapshot(table) == seen and stored_actions(env, table_id) == before


async def test_refresh_on_the_table_message_opens_a_new_private_hand(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table, hand = await bobs_turn(env)
    seen = snapshot(table)
    refresh = next(b["custom_id"] for b in hand.buttons() if b.get("label") == "Refresh")
    out = await click_custom_id(env, bob, table, refresh)
    assert out.kind == "message" and out.ephemeral and out.message.id != hand.id
    assert action_controls(out.message)  # the hand, privately
    await env.settle()
    assert snapshot(table) == seen


async def test_a_leaderboard_button_sent_for_the_table_message_changes_nothing(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre")
    await env.settle()
    seen = snapshot(table)
    page = f"bower-board:{env.guild.id}:euchre:1"
    refused(await click_custom_id(env, bob, table, page), "belongs on a leaderboard")
    await env.settle()
    assert snapshot(table) == seen
