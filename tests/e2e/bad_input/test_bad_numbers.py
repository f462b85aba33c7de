"""Numbers no Bower control carries (beyond SQLite's 64 bits, Unicode digits such as "²"
or "٣") get a clear private "not valid" answer, change nothing and log no error."""

from __future__ import annotations

from tests.e2e.tables import (
    bobs_turn,
    click_custom_id,
    open_table,
    refused,
    stored_actions,
    table_id_of,
)
from tests.emulator import DiscordEnv

TOO_BIG = str(2**63)
WAY_TOO_BIG = "9" * 30


async def test_custom_ids_with_bad_numbers_on_a_private_hand_are_not_valid(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table, hand = await bobs_turn(env)
    table_id = table_id_of(table)
    before, shown = stored_actions(env, table_id), hand.text
    turn = len(before)
    for custom_id, values in [
        (f"bower:act:{TOO_BIG}:{turn}:pass", None),
        (f"bower:act:{table_id}:{TOO_BIG}:pass", None),
        (f"bower:act:{WAY_TOO_BIG}:{turn}:pass", None),
        (f"bower:act:{table_id}:٣:pass", None),
        (f"bower:pick:{TOO_BIG}:{turn}:card", ["pass"]),
        (f"bower:pick:{table_id}:²:card", ["pass"]),
        (f"bower:hint:{TOO_BIG}:{turn}", None),
        (f"bower:hint:{table_id}:{WAY_TOO_BIG}", None),
        (f"bower:remove:{TOO_BIG}", ["1"]),
        (f"bower:table:{TOO_BIG}:hand", None),
        (f"bower:table:{WAY_TOO_BIG}:join", None),
        ("bower:table:١٢:join", None),
    ]:
        refused(await click_custom_id(env, bob, hand, custom_id, values), "is not valid")
    for value in ("٣", "²", "play:J²", "bid:٣"):
        out = await click_custom_id(env, bob, hand, f"bower:pick:{table_id}:{turn}:card", [value])
        refused(out, "Choose one of the options")
    await env.settle()
    assert stored_actions(env, table_id) == before and hand.text == shown


async def test_config_values_in_unicode_digits_are_answered_clearly(
    discord_env: DiscordEnv,
) -> None:
    env = discord_env
    alice = env.member("alice")
    shown = (await alice.slash("config show")).message.text
    for setting, value, words in [
        ("table_channels", "²", "'²' is not a valid channel"),
        ("table_channels", "٣", "'٣' is not a valid channel"),
        ("table_channels", "<#٣>", "is not a valid channel"),
        ("table_channels", f"<#{WAY_TOO_BIG}>", "is not a valid channel"),
        ("max_tables", "٣", "must be a whole number"),
        ("max_tables", WAY_TOO_BIG, "must be a whole number"),
        ("turn_timer", "٣٠s", "must be a number of seconds"),
        ("options:euchre", "target=²", "must be a whole number"),
    ]:
        out = await alice.slash("config set", setting=setting, value=value)
        assert out.ephemeral and words in out.message.text, out.message.text
        assert "went wrong" not in out.message.text
    assert (await alice.slash("config show")).message.text == shown


async def test_table_numbers_beyond_64_bits_in_commands_are_no_open_table(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    await open_table(env, bob, "euchre")
    for command in ("table status", "table leave", "hand"):
        out = await bob.slash(command, channel="euchre", table=2**70)
        refused(out, "There is no open table")


async def test_seats_in_unicode_digits_in_the_removal_menu_are_refused(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "euchre")
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    menu = (await bob.click(table, "Remove player")).message
    for seat in ("²", "٣", WAY_TOO_BIG):
        out = await click_custom_id(env, bob, menu, f"bower:remove:{table_id_of(table)}", [seat])
        refused(out, "Choose a seat to empty")
    await env.settle()
    assert "Seat 2: carol" in table.text  # still seated
