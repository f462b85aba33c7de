"""Leaving a game in progress end to end: asked first (Leave the game / Stay), the game
goes on and ends (the computers finish it when nobody is left), and the leaver's /stats
and /history show it lost, with when they left."""

from __future__ import annotations

import sqlite3

from tests.e2e.tables import (
    Player,
    click_custom_id,
    fill_and_start,
    game_over,
    open_table,
    refused,
    table_id_of,
)
from tests.emulator import DiscordEnv

GAME_END = 120.0


def stored(env: DiscordEnv, sql: str, *params: object) -> list[tuple[object, ...]]:
    """Rows the bot stored, read from its database."""
    assert env.bot is not None
    with sqlite3.connect(env.bot.database_path) as db:
        return list(db.execute(sql, params).fetchall())


async def test_a_member_who_leaves_after_confirming_loses_the_game(table_env: DiscordEnv) -> None:
    env = table_env
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "euchre", target=3)
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    await fill_and_start(env, bob, table)
    number = table_id_of(table)

    asked = await carol.slash("table leave", channel="euchre", table=number)
    assert asked.ephemeral
    assert (
        "Leaving now counts as a loss in your Euchre rating when the game ends, whatever "
        "happens after. A computer player takes your seat." in asked.message.text
    )
    assert [b["label"] for b in asked.message.buttons()] == ["Leave the game", "Stay"]
    out = await carol.click(asked.message, "Leave the game")
    assert out.kind == "update" and out.message is asked.message
    assert "You left the game" in out.message.text and not out.message.buttons()
    channel = env.channel("euchre")
    await env.wait_for(
        lambda: any("carol left the game" in m.text for m in channel.public_messages()),
        what="the channel told",
    )
    assert "Seat 2: carol" not in table.text

    await Player(env, bob, table).play_to_end()
    stats = (await carol.slash("stats", game="euchre")).message.text
    assert "1 game · 0 won" in stats
    history = (await carol.slash("history")).message.text
    assert f"❌ **Euchre** #{number} · left during hand " in history and "skill -" in history
    bob_history = (await bob.slash("history")).message.text
    assert f"#{number}" in bob_history and "left during" not in bob_history


async def test_stay_changes_nothing_and_forged_answers_are_refused(table_env: DiscordEnv) -> None:
    env = table_env
    bob, carol, dave = env.member("bob"), env.member("carol"), env.member("dave")
    table = await open_table(env, bob, "euchre", target=5)
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    await fill_and_start(env, bob, table)
    number = table_id_of(table)
    seats = "SELECT seat, user_id, computer_level FROM seats WHERE table_id = ? ORDER BY seat"
    before = stored(env, seats, number)

    asked = await carol.slash("table leave", channel="euchre", table=number)
    out = await carol.click(asked.message, "Stay")
    assert out.kind == "update" and "still playing" in out.message.text
    assert not out.message.buttons()

    again = await carol.slash("table leave", channel="euchre", table=number)
    go = next(b["custom_id"] for b in again.message.buttons() if b["label"] == "Leave the game")
    refused(await click_custom_id(env, dave, again.message, go), "not seated")
    refused(await click_custom_id(env, carol, table, go), "private")  # on the public message
    forged = f"bower:leave:{number}:now"
    refused(await click_custom_id(env, carol, again.message, forged), "not valid")
    refused(await click_custom_id(env, carol, again.message, "bower:leave:987654:go"), "no table")

    assert stored(env, seats, number) == before
    assert stored(env, "SELECT count(*) FROM departures") == [(0,)]
    assert "carol &" in table.text
    assert not any("carol left" in m.text for m in env.channel("euchre").public_messages())


async def test_the_last_person_leaving_lets_the_computers_finish(table_env: DiscordEnv) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=3)
    await fill_and_start(env, bob, table)
    number = table_id_of(table)

    asked = await bob.slash("table leave", channel="euchre", table=number)
    assert "the computer players finish the game; its result is kept" in asked.message.text
    out = await bob.click(asked.message, "Leave the game")
    assert "the computer players finish the game" in out.message.text
    await env.wait_for(lambda: game_over(table), timeout=GAME_END, what="the computers' finish")
    assert "won the game" in table.text and "ended before its finish" not in table.text
    assert stored(env, "SELECT status FROM tables WHERE id = ?", number) == [("finished",)]
    assert stored(env, "SELECT count(*) FROM results WHERE table_id = ?", number) == [(1,)]

    history = (await bob.slash("history")).message.text
    assert f"#{number} · left during hand 1" in history
    stats = (await bob.slash("stats", game="euchre")).message.text
    assert "1 game · 0 won" in stats
