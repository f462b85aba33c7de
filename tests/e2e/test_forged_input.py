"""What a tampered client sends changes nothing and is answered privately: a hand's
controls sent for the public table message, numbers no Bower control ever carries."""

from __future__ import annotations

from tests.e2e.tables import (
    action_controls,
    click_custom_id,
    fill_and_start,
    open_table,
    refused,
    stored_actions,
    table_id_of,
)
from tests.emulator import DiscordEnv


async def test_hand_controls_sent_for_the_public_table_message_change_nothing(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=5)
    await fill_and_start(env, bob, table)
    hand = (await bob.click(table, "My hand")).message
    await env.wait_for(lambda: action_controls(hand), timeout=15, what="bob's turn")
    await env.settle()
    table_id = table_id_of(table)
    before, shown, edits = stored_actions(env, table_id), table.text, table.edits
    hint = next(b["custom_id"] for b in hand.buttons() if b.get("label") == "Hint")
    forged = [(c["custom_id"], None) for c in action_controls(hand) if c["type"] == 2]
    forged += [(c["custom_id"], [c["options"][0]["value"]]) for c in hand.selects()]
    forged += [(hint, None), (f"bower:pick:{table_id}:{len(before)}:card", ["play:JH"])]
    for custom_id, values in forged:
        out = await click_custom_id(env, bob, table, custom_id, values)
        refused(out, "belongs on your private hand")
    await env.settle()
    assert stored_actions(env, table_id) == before
    assert table.text == shown and table.edits == edits and "Score:" in table.text


async def test_numbers_no_control_carries_are_refused_as_not_valid(table_env: DiscordEnv) -> None:
    env = table_env
    alice, bob, carol = env.member("alice"), env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "euchre")
    table_id = table_id_of(table)
    for custom_id in (
        "bower:table:99999999999999999999:join",
        "bower:table:9223372036854775808:hand",
        "bower:hint:²:1",
    ):
        refused(await click_custom_id(env, carol, table, custom_id), "")
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    menu = (await bob.click(table, "Remove player")).message
    for seat in ("²", "٣", "12345678901234567890"):
        out = await click_custom_id(env, bob, menu, f"bower:remove:{table_id}", [seat])
        refused(out, "Choose a seat to empty")
    await env.settle()
    assert "Seat 2: carol" in table.text  # still seated

    for value in ("²", "٣", "99999999999999999999"):
        out = await alice.slash("config set", setting="table_channels", value=value)
        assert out.ephemeral and "is not a valid channel" in out.message.text


async def test_a_leaderboard_button_sent_for_the_table_message_changes_nothing(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre")
    await env.settle()
    shown = table.text
    page = f"bower-board:{env.guild.id}:euchre:1"
    refused(await click_custom_id(env, bob, table, page), "belongs on a leaderboard")
    await env.settle()
    assert table.text == shown and "table #" in table.text
