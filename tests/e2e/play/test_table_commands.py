"""The table commands around play: /rules, /table status|leave|end|replace, option
checks and autocomplete, Hint, Rematch, and tables in threads."""

from __future__ import annotations

import sqlite3

from tests.e2e.tables import (
    Player,
    fill_and_start,
    open_table,
    table_id_of,
    table_message,
)
from tests.emulator import DiscordEnv


async def test_rules_and_option_checks(table_env: DiscordEnv) -> None:
    env = table_env
    bob = env.member("bob")
    out = await bob.slash("rules", game="flip")
    assert out.ephemeral and "Flip Euchre — rules" in out.message.text
    out = await bob.slash("table create", game="euchre", deck=50, channel="euchre")
    assert out.ephemeral and "deck is for Flip Euchre, not Euchre" in out.message.text
    out = await bob.slash("table create", game="euchre", players=3, channel="euchre")
    assert out.ephemeral and "played by 4 players, not 3" in out.message.text
    assert env.channel("euchre").public_messages() == []
    counts = await bob.autocomplete("table create", "players", "", game="flip")
    assert [c["value"] for c in counts] == list(range(2, 11))
    targets = await bob.autocomplete("table create", "target", "", game="railroad")
    assert targets[0]["value"] == 64 and "(default)" in targets[0]["name"]


async def test_status_leave_replace_and_end(table_env: DiscordEnv) -> None:
    env = table_env
    alice, bob, carol, dave = (env.member(n) for n in ("alice", "bob", "carol", "dave"))
    table = await open_table(env, bob, "euchre", target=10)
    for member in (carol, dave):
        await member.click(table, "Join")
    await env.wait_for(lambda: "Seat 3: dave" in table.text)
    await fill_and_start(env, bob, table)
    table_id = table_id_of(table)

    out = await carol.slash("table status", channel="euchre")
    assert out.ephemeral and f"table #{table_id}" in out.message.text

    out = await dave.slash("table leave", channel="euchre")
    assert out.ephemeral and "counts as a loss" in out.message.text
    out = await dave.click(out.message, "Leave the game")
    assert out.ephemeral and "You left" in out.message.text
    channel = env.channel("euchre")
    await env.wait_for(
        lambda: any("dave left the game" in m.text for m in channel.public_messages())
    )
    assert "Seat 3: dave" not in table.text

    out = await bob.slash("table replace", seat=2, channel="euchre")
    assert "Only moderators" in out.message.text
    out = await alice.slash("table replace", seat=2, channel="euchre")
    assert out.ephemeral and "Seat 2" in out.message.text
    await env.wait_for(lambda: "carol (replaced, 🤖 plays on)" in table.text)  # still hers
    assert "carol (left" not in table.text  # a moderator gave it away: she did not leave
    assert "not seated" in (await carol.click(table, "My hand")).message.text

    out = await bob.slash("table end", channel="euchre")
    assert "Only moderators" in out.message.text
    out = await alice.slash("table end", table=table_id, channel="euchre")
    assert out.ephemeral and "abandoned" in out.message.text
    await env.wait_for(lambda: "ended before its finish" in table.text and not table.buttons())
    assert env.bot is not None
    with sqlite3.connect(env.bot.database_path) as db:
        status = db.execute("SELECT status FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
        results = db.execute("SELECT count(*) FROM results").fetchone()[0]
    assert (status, results) == ("abandoned", 0)


async def test_hint_then_play_to_the_end_then_rematch(table_env: DiscordEnv) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "over_the_rhine", target=1)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    await player.hint()
    await player.play_to_end()

    out = await bob.click(table, "Rematch")
    assert out.ephemeral and "Rematch: table #" in out.message.text
    channel = env.channel("euchre")
    rematch = await env.wait_for(lambda: table_message(channel, table_id_of(table) + 1))
    assert "Seat 1: bob" in rematch.text and "🤖 Bolt (normal)" in rematch.text
    out = await bob.click(table, "Rematch")
    assert "already set up" in out.message.text


async def test_tables_get_their_own_threads_and_run_side_by_side(table_env: DiscordEnv) -> None:
    env = table_env
    alice, bob, carol = env.member("alice"), env.member("bob"), env.member("carol")
    out = await alice.slash("config set", setting="use_threads", value="yes", channel="euchre")
    assert out.ephemeral
    first = await bob.slash("table create", game="euchre", channel="euchre")
    second = await carol.slash("table create", game="flip", players=2, channel="euchre")
    assert "is open" in first.message.text and "is open" in second.message.text
    channel = env.channel("euchre")
    threads = await env.wait_for(lambda: len(channel.threads()) == 2 and channel.threads())
    tables = [await env.wait_for(lambda t=t: table_message(t)) for t in threads]
    assert {m.embed["title"].split(" · ")[0] for m in tables} == {"Euchre", "Flip Euchre"}
    starters = [m.text for m in channel.public_messages()]
    assert sum("join in the thread" in text for text in starters) == 2
    out = await bob.slash("table status", channel="euchre")
    assert "Several tables are open" in out.message.text
    euchre = next(m for m in tables if m.embed["title"].startswith("Euchre"))
    out = await carol.click(euchre, "Join")
    assert out.kind == "deferred_update"
    await env.wait_for(lambda: "Seat 2: carol" in euchre.text)


async def test_start_gives_open_seats_to_computer_players(table_env: DiscordEnv) -> None:
    env = table_env
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "flip", players=3, target=1)
    refused = await carol.click(table, "Start")
    assert "Only the host" in refused.message.text
    out = await bob.click(table, "Start")
    assert out.kind == "deferred_update"
    await env.wait_for(lambda: "My hand" in str(table.buttons()))
    assert "🤖 Bolt (normal)" in table.text and "🤖 Cog (normal)" in table.text


async def test_the_host_removes_players_from_the_lobby(table_env: DiscordEnv) -> None:
    env = table_env
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "euchre", target=5)
    out = await bob.click(table, "Remove player")
    assert out.ephemeral and "nobody to remove" in out.message.text
    await carol.click(table, "Join")
    await bob.click(table, "Add computer player")
    await env.wait_for(lambda: "Seat 2: carol" in table.text and "Cog (normal)" in table.text)
    out = await carol.click(table, "Remove player")
    assert out.ephemeral and "Only the host can remove players" in out.message.text

    menu = (await bob.click(table, "Remove player")).message
    options = [o["label"] for o in menu.selects()[0]["options"]]
    assert options == ["Seat 2: carol", "Seat 3: 🤖 Cog (normal)"]
    await bob.choose(menu, "Choose who leaves the table", "1")
    await env.wait_for(lambda: "Seat 2: carol" not in table.text)
    assert "carol no longer sits at seat 2" in menu.text and not menu.selects()
    await carol.click(table, "Join")  # she may sit down again
    await env.wait_for(lambda: "Seat 2: carol" in table.text)

    stale = (await bob.click(table, "Remove player")).message
    await fill_and_start(env, bob, table)
    out = await bob.choose(stale, "Choose who leaves the table", "2")
    assert out.ephemeral and "already started" in out.message.text
    assert "carol" in table.text  # still playing
