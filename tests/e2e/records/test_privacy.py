"""Privacy end to end: a member sees what Bower keeps about them and erases it after
confirming; the game they played stays whole for everyone else (same scores, same
ratings), showing them as "former member"; refusals change nothing."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable

from tests.e2e.tables import (
    Player,
    click_custom_id,
    fill_and_start,
    game_over,
    open_table,
    refused,
    table_id_of,
)
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.world.model import Message

BotFactory = Callable[..., BotProcess]
FAST = {"COMPUTER_DELAY": "0", "COMPUTER_THINK_TIME": "0.05"}
GAME_END = 120.0


async def fast_env(emulator: Emulator, bot_factory: BotFactory) -> DiscordEnv:
    """The bot with computer players that move at once."""
    bot = bot_factory(extra_env=FAST)
    await bot.start()
    return DiscordEnv(emulator, bot)


def stored(env: DiscordEnv, sql: str) -> list[tuple[object, ...]]:
    """Rows the bot stored, read from its database."""
    assert env.bot is not None
    with sqlite3.connect(env.bot.database_path) as db:
        return list(db.execute(sql).fetchall())


def field_values(message: Message) -> list[str]:
    """The values of an embed's fields (a /stats game's skill, games and records)."""
    return [str(f.get("value", "")) for f in (message.embed or {}).get("fields", [])]


async def test_an_erased_member_becomes_a_former_member_and_the_others_records_add_up(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    env = await fast_env(emulator, bot_factory)
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "euchre", target=1)
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    await fill_and_start(env, bob, table)
    number = table_id_of(table)
    await asyncio.gather(
        Player(env, bob, table).play_to_end(), Player(env, carol, table).play_to_end()
    )

    history = (await bob.slash("history")).message.text
    assert f"#{number}" in history and f"<@{carol.id}>" in history
    bob_stats = field_values((await bob.slash("stats", game="euchre")).message)
    assert "carol" in (await bob.slash("review", game=str(number))).message.text
    assert f"<@{carol.id}>" in (await bob.slash("leaderboard show", game="euchre")).message.text

    shown = (await carol.slash("privacy show")).message
    assert shown.ephemeral and "What Bower keeps about you in" in shown.text
    assert "**Ratings** in Euchre (1 game)" in shown.text and "**1 finished game**" in shown.text
    assert "Your messages" in shown.text and "Backups" in shown.text

    asked = await carol.slash("privacy delete")
    question = asked.message
    assert asked.ephemeral and question.text.startswith("**Erase your Bower data in this server?**")
    assert "“former member”" in question.text and "results still add up" in question.text
    assert [b["label"] for b in question.buttons()] == ["Erase my data", "Keep it"]
    done = await carol.click(question, "Erase my data")
    assert done.kind in ("update", "deferred_update") and done.message is question
    assert question.text.startswith("Done: your ratings and stats in this server are erased")
    assert not question.buttons()

    # bob's game reads exactly as before, carol's seat now a former member
    after = (await bob.slash("history")).message.text
    assert after == history.replace(f"<@{carol.id}>", "former member")
    assert "former member" in after and "<@-" not in after
    assert field_values((await bob.slash("stats", game="euchre")).message) == bob_stats
    board = (await bob.slash("leaderboard show", game="euchre")).message.text
    assert f"<@{bob.id}>" in board and f"<@{carol.id}>" not in board and "1 ranked" in board
    assert "hasn't finished a game" in (await carol.slash("stats")).message.text
    assert "hasn't finished a game" in (await carol.slash("history")).message.text
    assert "**Nothing:**" in (await carol.slash("privacy show")).message.text

    review = (await bob.slash("review", game=str(number))).message
    assert f"Euchre #{number}" in review.text and "former member" in review.text
    assert "carol" not in review.text and "<@-" not in review.text
    download = await bob.click(review, "Download")
    files = {a.filename: a.data.decode() for a in download.message.attachments}
    record = files[f"bower-game-{number}.txt"]
    assert "former member" in record and "carol" not in record

    # the used confirmation again: nothing erased twice, nothing broken
    again = await click_custom_id(env, carol, question, f"bower-privacy:{carol.id}:erase")
    refused(again, "no longer in use: nothing was changed")
    assert len(stored(env, "SELECT id FROM former_members")) == 1
    assert (await bob.slash("history")).message.text == after


async def test_refusals_change_nothing_and_a_moderator_can_erase_for_a_member(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    alice, bob, carol = env.member("alice"), env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "euchre", target=3)
    await fill_and_start(env, bob, table)
    number = table_id_of(table)
    await Player(env, bob, table).move()

    seated = await bob.slash("privacy delete")
    refused(seated, f"You're seated at table #{number}: leave it (or let it finish) first")
    assert not seated.message.buttons()
    refused(await carol.slash("privacy delete"), "Bower keeps nothing about you in this server")
    refused(
        await carol.slash("privacy delete", member="bob"),
        "Only moderators (people with Manage Server) can erase another member's data.",
    )

    asked = await bob.slash("table leave", channel="euchre", table=number)
    await bob.click(asked.message, "Leave the game")
    await env.wait_for(lambda: game_over(table), timeout=GAME_END, what="the computers finishing")
    question = (await bob.slash("privacy delete")).message
    assert "1 game you left" in question.text

    erase = f"bower-privacy:{bob.id}:erase"
    refused(await click_custom_id(env, carol, question, erase), "Only the member whose data it is")
    forged = (await carol.slash("privacy show")).message  # a message without that button
    refused(await click_custom_id(env, carol, forged, erase), "no longer in use")
    assert "**1 game** you left" in (await bob.slash("privacy show")).message.text
    assert stored(env, "SELECT id FROM former_members") == []

    second = (await bob.slash("privacy delete")).message  # asked twice: two confirmations
    kept = await bob.click(question, "Keep it")
    assert kept.message is question and question.text.startswith("Nothing was erased.")

    for_bob = (await alice.slash("privacy delete", member="bob")).message
    assert for_bob.text.startswith(f"**Erase <@{bob.id}>'s Bower data in this server?**")
    assert "The moderation log will record that you erased a member's data." in for_bob.text
    await alice.click(for_bob, "Erase their data")
    assert for_bob.text.startswith(f"Done: <@{bob.id}>'s ratings and stats")
    assert "**Nothing:**" in (await bob.slash("privacy show")).message.text
    late = await bob.click(second, "Erase my data")  # nothing left: nothing erased twice
    assert late.message is second and "Bower keeps nothing about you" in second.text
    assert len(stored(env, "SELECT id FROM former_members")) == 1
    log = (await alice.slash("modlog")).message.text
    assert "Member's data erased" in log and f"<@{bob.id}>" not in log and "<@-" not in log
