"""/play through the emulator: members who want the same game are seated together and
pinged; a lone member gets computer players after the wait (on a scaled clock), Leave
queue works, a seated member is refused, and a restart keeps who waits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import (
    Player,
    bot_with,
    click_custom_id,
    has_button,
    open_table,
    refused,
    table_id_of,
    table_message,
)
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.client import slash
from tests.emulator.client.members import ChannelView, Member
from tests.emulator.client.outcome import Outcome
from tests.emulator.rest import interactions as flow
from tests.emulator.world.model import Message

#: A minute of /play wait (and of the turn timer) lasts 0.6 s of real time.
FAST_WAITS = {**FAST_TABLES, "TURN_TIMER_SCALE": "0.01"}
#: A minute lasts 9 s: long enough to restart the bot within a 1-minute wait.
# a one-minute wait lasts 18 s: longer than a restart takes on a busy machine
RESTART_WAITS = {**FAST_TABLES, "TURN_TIMER_SCALE": "0.3"}


async def play(env: DiscordEnv, member: Member, **options: object) -> Outcome:
    """``/play`` in #euchre (Member.slash keeps ``wait`` for itself, so the options are
    sent as a member's client sends them)."""
    where = env.channel("euchre").channel
    data = slash.command_data(
        env.emulator.world, member.guild, member.guild_member, where, "play", options
    )
    return await member._send(flow.APPLICATION_COMMAND, where, data, None, True, 5.0)


def ping_for(channel: ChannelView, members: list[Member]) -> Message | None:
    """The table's greeting, which pings exactly ``members`` and names their table."""
    pings = " ".join(f"<@{m.id}>" for m in members)
    for message in channel.public_messages():
        if any(line.startswith(pings + ": your game at table #")
               for line in message.content.splitlines()):
            return message
    return None


def table_number(greeting: Message) -> int:
    return int(greeting.content.split(": your game at table #", 1)[1].split(" ", 1)[0])


def mentioning(channel: ChannelView, member: Member) -> list[Message]:
    """The public messages that mention ``member``."""
    return [m for m in channel.public_messages() if f"<@{member.id}>" in m.content]


async def test_four_members_who_play_euchre_are_seated_at_one_table_and_pinged(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_WAITS)
    members = [env.member(n) for n in ("bob", "carol", "dave", "erin")]
    channel = env.channel("euchre")
    for member in members[:3]:
        out = await play(env, member, game="euchre", wait=60)
        assert out.ephemeral, out.kind
        text = out.message.text
        assert "You're waiting for **Euchre · 4 players · game to 10**" in text, text
        assert has_button(out.message, "Leave queue")
    assert "**carol** — Euchre · 4 players · game to 10 — waiting" in text, text
    assert "A table opens as soon as 1 more member `/play`" in text, text

    out = await play(env, members[3], game="euchre")
    assert out.ephemeral and "Your table #" in out.message.text, out.message.text
    assert "game has started" in out.message.text

    ping = await env.wait_for(lambda: ping_for(channel, members), what="the greeting")
    number = table_number(ping)
    table = await env.wait_for(lambda: table_message(channel, number), what="the table message")
    assert has_button(table, "My hand") and not has_button(table, "Start"), table.text
    for member in members:
        assert member.name in table.text
    assert "🤖" not in table.text  # no computer players
    await env.settle(quiet=1.0, timeout=10)
    for member in members:  # one ping each: the greeting, which says whose turn it is
        assert mentioning(channel, member) == [ping], [m.content for m in mentioning(
            channel, member)]
    first = [m for m in members if f"<@{m.id}>, it's your turn." in ping.content]
    assert len(first) == 1, ping.content  # a person's turn first: the greeting says whose


async def test_play_queue_messages_say_where_the_table_is_without_leave_queue(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    """Issue point 5: each waiting member's queue message is changed, once the table
    opens, to say where it is, its Leave queue button gone."""
    env = await bot_with(emulator, bot_factory, FAST_WAITS)
    members = [env.member(n) for n in ("bob", "carol", "dave", "erin")]
    channel = env.channel("euchre")
    waits = [await play(env, member, game="euchre", wait=60) for member in members[:3]]
    assert all(has_button(w.message, "Leave queue") for w in waits)
    await play(env, members[3], game="euchre")
    ping = await env.wait_for(lambda: ping_for(channel, members), what="the greeting")
    number = table_number(ping)
    for wait in waits:
        await env.wait_for(lambda w=wait: "✅ Your table #" in w.message.text,
                           what="the queue message to change")
        text = wait.message.text
        assert f"Your table #{number} is ready in <#{channel.id}>: Euchre · 4 players" in text
        assert "game has started" in text and "1 more member" not in text, text
        assert not wait.message.buttons(), wait.message.buttons()

    out = await play(env, members[0])
    assert f"You sit at table #{number}" in out.message.text, out.message.text
    assert "Nobody is waiting." in out.message.text


async def test_alone_with_a_one_minute_wait_computers_fill_the_table(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_WAITS)
    bob = env.member("bob")
    channel = env.channel("euchre")
    out = await play(env, bob, game="euchre", wait=1, target=5)
    assert "game to 5" in out.message.text, out.message.text
    assert "computer players in the empty seats" in out.message.text
    ping = await env.wait_for(lambda: ping_for(channel, [bob]), timeout=10, what="the ping")
    await env.wait_for(lambda: "✅ Your table #" in out.message.text, what="the queue message")
    assert "with 3 computer players in the empty seats" in out.message.text, out.message.text
    table = await env.wait_for(lambda: table_message(channel, table_number(ping)))
    await env.wait_for(lambda: has_button(table, "My hand"), what="the game to start")
    assert all(f"🤖 {name} (normal)" in table.text for name in ("Bolt", "Cog", "Dex"))
    assert "bob" in table.text
    await Player(env, bob, table).hint()  # Hint works at a /play table


async def test_people_only_members_keep_waiting(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_WAITS)
    bob = env.member("bob")
    out = await play(env, bob, game="euchre", wait=1, computers=False)
    assert "people only" in out.message.text, out.message.text
    await env.settle(quiet=2.0, timeout=10)  # more than the minute's wait
    assert ping_for(env.channel("euchre"), [bob]) is None
    out = await play(env, bob)
    assert "You're waiting for **Euchre" in out.message.text, out.message.text


async def test_leave_queue_moving_and_stale_or_forged_clicks(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_WAITS)
    bob, carol = env.member("bob"), env.member("carol")
    first = await play(env, bob, game="euchre", wait=60)
    moved = await play(env, bob, game="over_the_top", wait=60)
    assert "You no longer wait for Euchre" in moved.message.text, moved.message.text
    assert "You're waiting for **Over the Top" in moved.message.text

    out = await bob.click(first.message, "Leave queue")  # the button of the earlier wait
    refused(out, "That button was for an earlier wait. You now wait for Over the Top")

    shown = await play(env, carol)
    assert "**bob** — Over the Top" in shown.message.text, shown.message.text
    out = await click_custom_id(env, carol, shown.message, button_id(moved))  # bob's button
    refused(out, "You're not waiting in the queue any more")
    assert "**bob** — Over the Top" in (await play(env, carol)).message.text

    out = await bob.click(moved.message, "Leave queue")
    assert out.kind == "update", out.kind
    assert "You left the queue for Over the Top" in moved.message.text
    assert not has_button(moved.message, "Leave queue")
    out = await click_custom_id(env, bob, moved.message, button_id(first))
    refused(out, "You're not waiting in the queue any more")
    out = await click_custom_id(env, bob, moved.message, "bower-queue:leave:12x")
    refused(out, "That button is not valid: nothing was changed.")
    shown = await play(env, carol)
    assert "Nobody is waiting." in shown.message.text, shown.message.text


def button_id(outcome: Outcome) -> str:
    """The custom id of the Leave queue button on a /play answer."""
    return str(outcome.message.buttons()[0]["custom_id"])


async def test_play_while_seated_is_refused_and_changes_nothing(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_WAITS)
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre")
    out = await play(env, bob, game="euchre")
    refused(out, "You already sit at table #")
    assert "nothing was changed" in out.message.text
    out = await play(env, bob)
    assert "You sit at table #" in out.message.text and "Nobody is waiting." in out.message.text
    assert table.text.count("— open —") == 3


async def test_a_restart_during_the_wait_keeps_the_member_waiting(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, RESTART_WAITS)
    assert env.bot is not None
    bob = env.member("bob")
    channel = env.channel("euchre")
    await play(env, bob, game="euchre", wait=1)
    await env.bot.stop()
    await env.bot.start()
    out = await play(env, bob)
    assert "You're waiting for **Euchre" in out.message.text, out.message.text
    assert ping_for(channel, [bob]) is None
    ping = await env.wait_for(lambda: ping_for(channel, [bob]), timeout=30, what="the ping")
    table = await env.wait_for(lambda: table_message(channel, table_number(ping)))
    assert all(f"🤖 {name} (normal)" in table.text for name in ("Bolt", "Cog", "Dex"))
    assert "Restored the /play queue: 1 waiting" in env.bot.log()


async def test_the_servers_wait_applies_and_joining_a_table_by_hand_leaves_the_queue(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_WAITS)
    alice, bob, carol = env.member("alice"), env.member("bob"), env.member("carol")
    changed = await alice.slash("config set", setting="queue_wait", value="30")
    assert "queue_wait" in changed.message.text and "30 min" in changed.message.text
    out = await play(env, bob, game="euchre")
    assert "in about 30 minutes" in out.message.text, out.message.text
    table = await open_table(env, carol, "euchre")
    joined = await bob.click(table, "Join")
    assert joined.kind == "deferred_update", joined.kind
    for _ in range(30):  # the queue hears of the join just after the table does
        out = await play(env, carol)
        if "Nobody is waiting." in out.message.text:
            break
        await asyncio.sleep(0.1)
    assert "Nobody is waiting." in out.message.text, out.message.text
    out = await play(env, bob, game="euchre")
    refused(out, f"You already sit at table #{table_id_of(table)}")
