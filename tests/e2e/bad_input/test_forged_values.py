"""What only a tampered client sends is refused privately and never shown back: a game no
list offers (``/stats game:poker``, ``/leaderboard show``), a setting no list offers, and
an oversized action id on a hand's button or select. The refusal names what there is."""

from __future__ import annotations

from tests.e2e.tables import (
    action_controls,
    bobs_turn,
    click_custom_id,
    refused,
    stored_actions,
    table_id_of,
)
from tests.emulator import DiscordEnv

FORGED_GAME = "poker" + "♠" * 40


async def test_a_forged_stats_game_is_refused_by_name_and_never_shown_back(
    discord_env: DiscordEnv,
) -> None:
    bob = discord_env.member("bob")
    for command in ("stats", "leaderboard show"):
        out = await bob.forged_slash(command, {"game": FORGED_GAME}, game="euchre")
        refused(out, "Bower has no such game")
        text = out.message.text
        assert "Euchre" in text and "Railroad Euchre" in text, text  # the games there are
        assert "poker" not in text and "♠" not in text and "hasn't finished" not in text, text


async def test_a_forged_setting_is_refused_and_never_shown_back(discord_env: DiscordEnv) -> None:
    alice = discord_env.member("alice")  # a moderator
    forged = "turn_timer" + "Z" * 60
    out = await alice.forged_slash("config set", {"setting": forged}, setting="turn_timer",
                                   value="60")
    refused(out, "There is no such setting")
    assert "ZZZ" not in out.message.text and "turn_timer" in out.message.text


async def test_an_oversized_forged_action_id_is_refused_without_echo_and_changes_nothing(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table, hand = await bobs_turn(env)
    table_id = table_id_of(table)
    turn = len(stored_actions(env, table_id))
    button = f"bower:act:{table_id}:{turn}:play:"
    button += "X" * (100 - len(button))  # as long as Discord allows
    select = f"bower:pick:{table_id}:{turn}:card"
    forged = [(button, None), (select, ["play:" + "Q" * 55]), (select, ["bid:" + "9" * 50])]
    for custom_id, values in forged:
        out = await click_custom_id(env, bob, hand, custom_id, values)
        refused(out, "That is not a move of Euchre. You may choose: ")
        text = out.message.text
        assert "XXX" not in text and "QQQ" not in text and "999" not in text, text
    await env.settle()
    assert len(stored_actions(env, table_id)) == turn and action_controls(hand)
