"""The moderation log end to end: moderator actions listed by /modlog (Manage Server
only), filtered and paged, posted in the mod-log channel, and /rating reset."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.database import bot_database
from tests.e2e.tables import click_custom_id, fill_and_start, open_table, refused, table_id_of
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.client.members import Member
from tests.emulator.errors import ClientRefusal
from tests.emulator.world.model import Message
from tests.store.helpers import stored_result

BotFactory = Callable[..., BotProcess]
REFUSED = "Manage Server"


def allow_everyone(env: DiscordEnv, command: str) -> None:
    """What a server owner can do in Server Settings → Integrations: let everyone use a
    command Discord hides by default. Only the bot's own check is left."""
    for registered in env.emulator.world.commands.global_commands:
        if registered["name"] == command:
            registered["default_member_permissions"] = None


def button(message: Message, label: str) -> dict[str, object]:
    return next(b for b in message.buttons() if b.get("label") == label)


async def modlog(member: Member, **options: object) -> Message:
    """``/modlog`` answered privately: the message."""
    out = await member.slash("modlog", **options)
    assert out.ephemeral, out.message.text
    return out.message


async def test_a_moderator_ends_a_table_and_modlog_lists_it_while_bob_is_refused(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    alice, bob = env.member("alice"), env.member("bob")
    table = await open_table(env, bob, "euchre")
    await fill_and_start(env, bob, table)
    number = table_id_of(table)

    ended = await alice.slash("table end", channel="euchre", table=number)
    assert ended.message.text == (
        f"Table #{number} is closed (abandoned). The game in progress has no result and "
        "nobody is rated; recorded in /modlog."
    )

    log = await modlog(alice)
    assert "Moderation log" in log.text
    assert f"**Table ended** · <@{alice.id}> ended Euchre table #{number}" in log.text
    assert "a game in progress: abandoned, nobody rated" in log.text
    assert "Page 1 of 1 · 1 entry" in log.text
    assert button(log, "Previous").get("disabled") and button(log, "Next").get("disabled")

    with pytest.raises(ClientRefusal, match="hidden"):
        await bob.slash("modlog")
    allow_everyone(env, "modlog")
    refused(await bob.slash("modlog"), REFUSED)
    refused(await bob.slash("modlog", kind="table_end", moderator="alice"), REFUSED)
    # a page button forged onto a message bob can see answers privately, changes nothing
    forged = await click_custom_id(env, bob, table, str(button(log, "Next")["custom_id"]))
    refused(forged, "not valid: nothing was changed")
    assert env.default_channel.public_messages() == []


async def test_replace_and_settings_are_listed_filtered_and_paged(table_env: DiscordEnv) -> None:
    env = table_env
    alice, bob, owner = env.member("alice"), env.member("bob"), env.member("owner")
    carol = env.member("carol")
    table = await open_table(env, bob, "euchre")
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    await fill_and_start(env, bob, table)
    number = table_id_of(table)
    replaced = await alice.slash("table replace", channel="euchre", table=number, seat=2)
    assert "now has a computer player" in replaced.message.text
    for value in range(1, 12):  # eleven settings changes by alice: two pages with the seat
        await alice.slash("config set", setting="max_tables", value=str(value))
    await owner.slash("config set", setting="turn_timer", value="60")

    everything = await modlog(alice)
    text = everything.text
    assert "Page 1 of 2 · 13 entries" in text
    assert f"<@{owner.id}> set **turn_timer** from 2 min to 1 min" in text  # newest first
    assert text.index("turn_timer") < text.index("from 10 to 11")
    assert "Seat given to a computer" not in text  # the oldest: on page 2
    await alice.click(everything, "Next")
    assert "Page 2 of 2 · 13 entries" in everything.text
    assert (
        f"**Seat given to a computer** · <@{alice.id}> gave seat 2 of table #{number} "
        f"(<@{carol.id}>) to a Normal computer during the game"
    ) in everything.text
    assert button(everything, "Next").get("disabled")
    await alice.click(everything, "Previous")
    assert "Page 1 of 2" in everything.text and "turn_timer" in everything.text

    seats = await modlog(alice, kind="table_replace")
    assert "Only “Seat given to a computer”" in seats.text
    assert f"table #{number}" in seats.text and "max_tables" not in seats.text
    assert "Page 1 of 1 · 1 entry" in seats.text

    alices = await modlog(alice, moderator="alice", kind="setting")
    assert f"Only <@{alice.id}>'s actions · only “Setting changed”" in alices.text
    assert "Page 1 of 2 · 11 entries" in alices.text and "turn_timer" not in alices.text
    await alice.click(alices, "Next")  # the filter stays with the page
    assert "Page 2 of 2 · 11 entries" in alices.text
    assert "from 10 to 1" in alices.text and "Seat given" not in alices.text

    owners = await modlog(alice, moderator="owner")
    assert "Page 1 of 1 · 1 entry" in owners.text and "turn_timer" in owners.text
    nobody = await modlog(alice, moderator="carol")
    assert "No moderator action matches this filter" in nobody.text
    far = await modlog(alice, page=50)  # beyond the end: the last page
    assert "Page 2 of 2" in far.text

    # someone who lost Manage Server since cannot turn the pages
    alice.guild_member.role_ids.clear()
    refused(await alice.click(alices, "Previous"), REFUSED)
    assert "Page 2 of 2" in alices.text


async def test_with_a_modlog_channel_each_later_action_is_posted_there(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    alice, bob = env.member("alice"), env.member("bob")
    staff = env.channel("staff-only")
    await alice.slash("config set", setting="max_tables", value="5")  # before: never posted

    bad = await alice.slash("config set", setting="modlog_channel", value="#nowhere")
    refused(bad, "There is no channel '#nowhere' in this server")
    unknown = await alice.slash("config set", setting="modlog_channel", value="123")
    refused(unknown, "There is no channel 123 in this server")
    general = await alice.slash("config set", setting="modlog_channel", value="#general, #euchre")
    refused(general, "modlog_channel must be one channel, or none")
    assert staff.public_messages() == []

    await alice.slash("config set", setting="modlog_channel", value="#staff-only")
    first = await env.wait_for(lambda: staff.public_messages(), what="the first post")
    assert len(first) == 1
    assert f"<@{alice.id}> set **modlog_channel** from none to <#{staff.id}>" in first[0].text
    assert "max_tables" not in first[0].text

    table = await open_table(env, bob, "euchre")
    number = table_id_of(table)
    await alice.slash("table end", channel="euchre", table=number)
    posted = await env.wait_for(lambda: staff.public_messages()[1:], what="the table end post")
    assert f"ended Euchre table #{number} (a lobby: closed before the game started)" in (
        posted[0].text
    )
    assert not bob.can_see(posted[0])  # the staff channel stays the staff's

    await alice.slash("config reset", setting="max_tables")
    await env.wait_for(lambda: len(staff.public_messages()) == 3, what="the reset post")
    assert "reset **max_tables** to its default (10; was 5)" in staff.last_public().text

    await alice.slash("config set", setting="modlog_channel", value="none")
    await env.wait_for(lambda: len(staff.public_messages()) == 4, what="the log turned off")
    assert f"set **modlog_channel** from <#{staff.id}> to none" in staff.last_public().text
    await alice.slash("config set", setting="max_tables", value="4")
    await env.settle()
    assert len(staff.public_messages()) == 4  # off: nothing more is posted
    assert env.default_channel.public_messages() == []


async def test_a_rating_reset_asks_first_clears_the_rating_and_is_logged(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    alice, bob, carol = env.member("alice"), env.member("bob"), env.member("carol")
    # bob beats carol twice at Euchre, and carol beats bob once at Railroad
    async with bot_database(bot) as db:
        await stored_result(db, (bob.id,), (carol.id,), guild=env.guild.id)
        await stored_result(db, (bob.id,), (carol.id,), guild=env.guild.id)
        await stored_result(db, (carol.id,), (bob.id,), guild=env.guild.id, variant="railroad")
    await bot.start()
    assert f"🥇 <@{bob.id}>" in (await bob.slash("leaderboard show", game="euchre")).message.text

    with pytest.raises(ClientRefusal, match="hidden"):
        await bob.slash("rating reset", member="carol", game="euchre")
    allow_everyone(env, "rating")
    refused(await bob.slash("rating reset", member="carol", game="euchre"), REFUSED)

    asked = await alice.slash("rating reset", member="bob", game="euchre")
    assert asked.ephemeral
    assert f"Reset <@{bob.id}>'s **Euchre** rating?" in asked.message.text
    assert "this season (Season 1) and all-time" in asked.message.text
    assert "over 2 games" in asked.message.text and "past seasons" in asked.message.text
    kept = await alice.click(asked.message, "Keep")
    assert kept.kind == "update" and "Nothing was reset" in asked.message.text
    assert asked.message.buttons() == []
    assert f"<@{bob.id}>" in (await bob.slash("leaderboard show", game="euchre")).message.text

    asked = await alice.slash("rating reset", member="bob", game="euchre")
    forged_by_bob = await click_custom_id(
        env, bob, asked.message, str(button(asked.message, "Reset rating")["custom_id"])
    )
    refused(forged_by_bob, REFUSED)  # a click needs Manage Server too, whatever the id says
    await alice.click(asked.message, "Reset rating")
    assert f"<@{bob.id}>'s Euchre rating is reset" in asked.message.text

    stats = (await bob.slash("stats", game="euchre")).message.text
    assert "hasn't finished a game of Euchre" in stats
    board = (await carol.slash("leaderboard show", game="euchre")).message.text
    assert f"<@{bob.id}>" not in board and f"<@{carol.id}>" in board
    railroad = (await bob.slash("stats", game="railroad")).message.text
    assert "Railroad Euchre — #" in railroad  # other games keep their ratings

    again = await alice.slash("rating reset", member="bob", game="euchre")
    refused(again, f"<@{bob.id}> has no Euchre rating to reset")
    assert again.message.buttons() == []

    log = await modlog(alice, kind="rating_reset")
    assert "Page 1 of 1 · 1 entry" in log.text
    assert (
        f"**Rating reset** · <@{alice.id}> reset <@{bob.id}>'s Euchre rating "
        "(season 1 and all-time; past seasons kept)"
    ) in log.text
