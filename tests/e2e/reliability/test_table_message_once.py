"""One table, one message: a bot killed after posting a table's message (or its thread's
announcement) and before storing the message's id posts again after the restart, and the
channel still shows one message with live buttons for that table, soon after or long
after."""

from __future__ import annotations

import sqlite3

from tests.e2e.tables import table_message
from tests.emulator import DiscordEnv
from tests.emulator.client.members import ChannelView
from tests.emulator.world.model import Message
from tests.emulator.world.nonces import NONCE_WINDOW

POST = "POST /channels/{channel_id}/messages"


def table_messages(place: ChannelView) -> list[Message]:
    """Every public message of ``place`` with a table's buttons."""
    return [
        m for m in place.public_messages()
        if any(str(b.get("custom_id", "")).startswith("bower:table:") for b in m.buttons())
    ]


async def create_and_kill(env: DiscordEnv, where: ChannelView) -> None:
    """Bob opens a table; the bot dies once the table's message is in ``where`` (in the
    channel or, with threads, in the table's thread), its answer held back."""
    assert env.bot is not None
    env.faults.late_answer(POST, 3.0, times=None)
    out = await env.member("bob").slash("table create", game="euchre", channel="euchre")
    assert "is open" in out.message.text
    await env.wait_for(lambda: table_message(where()) is not None, what="the table message")
    assert await env.bot.kill() == -9
    env.faults.clear()


def made_long_ago(env: DiscordEnv) -> None:
    """As if the bot stayed down for ten minutes: the table was created that long ago, and
    Discord has forgotten the nonces of its posts."""
    assert env.bot is not None
    with sqlite3.connect(env.bot.database_path) as db:
        db.execute("UPDATE tables SET created_at = '2020-01-01T00:00:00.000+00:00'")
    env.clock.advance(NONCE_WINDOW + 1)


async def joinable_once(env: DiscordEnv, place: ChannelView) -> None:
    """After the restart ``place`` shows one table message, and its Join works."""
    assert env.bot is not None
    await env.wait_for(lambda: "Restored 1 open tables" in env.bot.log(), timeout=15)
    await env.wait_for(lambda: table_messages(place), what="the table message")
    await env.sleep(1.0)  # time for a second post, if one were coming
    await env.settle()
    shown = table_messages(place)
    assert len(shown) == 1, [m.text[:60] for m in shown]
    await env.member("carol").click(shown[0], "Join")
    await env.wait_for(lambda: "Seat 2: carol" in shown[0].text, what="carol seated")
    assert len(table_messages(place)) == 1


async def test_an_ordinary_table_create_posts_once_and_edits_nothing(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    out = await env.member("bob").slash("table create", game="euchre", channel="euchre")
    assert "is open" in out.message.text
    channel = env.channel("euchre")
    table = await env.wait_for(lambda: table_message(channel), what="the table message")
    await env.settle()
    assert table_messages(channel) == [table]
    assert "was posted before" not in env.bot.log()  # type: ignore[union-attr]


async def test_a_restart_right_after_table_create_leaves_one_lobby_message(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    channel = env.channel("euchre")
    await create_and_kill(env, lambda: channel)
    await env.bot.start()  # type: ignore[union-attr]
    await joinable_once(env, channel)


async def test_a_restart_long_after_table_create_finds_the_first_message(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    channel = env.channel("euchre")
    await create_and_kill(env, lambda: channel)
    made_long_ago(env)
    await env.bot.start()  # type: ignore[union-attr]
    await joinable_once(env, channel)
    assert "was posted before; updating it" not in env.bot.log()  # type: ignore[union-attr]


async def test_a_table_thread_is_announced_and_opened_once_across_a_restart(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    channel = env.channel("euchre")
    out = await env.member("alice").slash(
        "config set", setting="use_threads", value="yes", channel="euchre"
    )
    assert out.ephemeral
    threads = channel.threads
    await create_and_kill(env, lambda: threads()[0] if threads() else channel)
    await env.bot.start()  # type: ignore[union-attr]
    await joinable_once(env, threads()[0])
    assert len(threads()) == 1
    assert sum("join in the thread" in m.text for m in channel.public_messages()) == 1


async def test_a_table_thread_is_found_again_long_after_table_create(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    channel = env.channel("euchre")
    await env.member("alice").slash(
        "config set", setting="use_threads", value="yes", channel="euchre"
    )
    threads = channel.threads
    await create_and_kill(env, lambda: threads()[0] if threads() else channel)
    made_long_ago(env)
    await env.bot.start()  # type: ignore[union-attr]
    await joinable_once(env, threads()[0])
    assert len(threads()) == 1
    assert sum("join in the thread" in m.text for m in channel.public_messages()) == 1
