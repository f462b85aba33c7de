"""/leaderboard end to end: inactive players drop off running boards (not out of /stats,
not off a past season's), moderators export a board as CSV, options a client sends are
checked, and page buttons keep their board — also those posted before seasons."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

from tests.e2e.database import bot_database
from tests.e2e.tables import refused
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.client.members import Member
from tests.emulator.world.model import Message
from tests.store.helpers import stored_result

BotFactory = Callable[..., BotProcess]
LONG_AGO = "2020-01-01T00:00:00.000+00:00"
MODERATORS_ONLY = "Only moderators (people with Manage Server) can do that."
HIDDEN = "Players with no game in the last 30 days are not listed."


async def board(member: Member, **options: Any) -> Message:
    """``/leaderboard show`` answered privately."""
    out = await member.slash("leaderboard show", **options)
    assert out.ephemeral, out.message.text
    return out.message


def csv_rows(message: Message) -> list[list[str]]:
    """The rows of the CSV file a message carries."""
    [attachment] = message.attachments
    assert attachment.filename.endswith(".csv")
    return list(csv.reader(io.StringIO(attachment.data.decode("utf-8-sig"), newline="")))


async def started_with_results(emulator: Emulator, bot_factory: BotFactory) -> DiscordEnv:
    """The bot, after bob beat carol at Euchre long ago and dave beat erin just now, and
    bob and carol beat dave and erin at four-player Flip."""
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    bob, carol, dave, erin = (env.member(n) for n in ("bob", "carol", "dave", "erin"))
    async with bot_database(bot) as db:
        old = await stored_result(db, (bob.id,), (carol.id,), guild=env.guild.id)
        await db.execute("UPDATE results SET finished_at = ? WHERE table_id = ?", (LONG_AGO, old))
        await stored_result(db, (dave.id,), (erin.id,), guild=env.guild.id)
        await stored_result(
            db, (bob.id, carol.id), (dave.id, erin.id), guild=env.guild.id, variant="flip"
        )
    await bot.start()
    return env


async def test_inactive_players_drop_off_running_boards_but_not_out_of_stats(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    env = await started_with_results(emulator, bot_factory)
    alice, bob, carol = env.member("alice"), env.member("bob"), env.member("carol")
    dave, erin = env.member("dave"), env.member("erin")
    before = (await board(carol, game="euchre")).text
    assert f"<@{bob.id}>" in before and "4 ranked" in before and "not listed" not in before

    await alice.slash("config set", setting="inactive_days", value="30")
    season: dict[str, Any]
    for season in ({}, {"season": "all"}):
        shown = (await board(carol, game="euchre", **season)).text
        assert f"🥇 <@{dave.id}>" in shown and "2 ranked" in shown and HIDDEN in shown
        assert f"<@{bob.id}>" not in shown and f"<@{carol.id}>" not in shown
    stats = (await bob.slash("stats", game="euchre")).message.text
    assert "Euchre — off the leaderboard: no game in the last 30 days" in stats
    assert "Last game <t:1577836800:R>" in stats and "1 game · 1 won" in stats

    await alice.slash("season start", name="Summer")
    past = (await board(carol, game="euchre", season="Season 1")).text
    assert f"<@{bob.id}>" in past and "4 ranked" in past and "not listed" not in past

    refused(await bob.slash("leaderboard export", game="euchre"), MODERATORS_ONLY)
    export = await alice.slash("leaderboard export", game="euchre", season="1")
    assert export.ephemeral and "Standings of the **Euchre · Season 1** leaderboard" in (
        export.message.text
    )
    rows = csv_rows(export.message)
    assert rows[0][:4] == ["place", "member id", "display name", "skill"]
    everyone = {str(m.id): m.name for m in (bob, carol, dave, erin)}
    assert {row[1]: row[2] for row in rows[1:]} == everyone  # ids with display names
    assert [row[0] for row in rows[1:]] == ["1", "2", "3", "4"]
    running = await alice.slash("leaderboard export", game="euchre", season="all")
    assert HIDDEN in running.message.text
    assert [row[1] for row in csv_rows(running.message)[1:]] == [str(dave.id), str(erin.id)]
    nobody = await alice.slash("leaderboard export", game="euchre")
    assert "nothing to export" in nobody.message.text and not nobody.message.attachments


async def test_options_a_client_sends_are_checked_and_change_nothing(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    env = await started_with_results(emulator, bot_factory)
    bob = env.member("bob")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"season": "Winter"}, "This server has no season called “Winter”"),
        ({"season": "3"}, "This server has no season 3 (its current season is number 1)"),
        ({"players": 6}, "Euchre is always played by 4 players"),
    ]
    for options, words in cases:
        refused(await bob.slash("leaderboard show", game="euchre", **options), words)
    refused(await bob.slash("leaderboard show", game="flip", players=11), "2 to 10 players")
    assert env.default_channel.public_messages() == []

    seasons = await bob.autocomplete("leaderboard show", "season", "", game="euchre")
    assert [(c["name"], c["value"]) for c in seasons] == [
        ("Season 1 — current", "1"),
        ("All time", "all"),
    ]
    counts = await bob.autocomplete("leaderboard show", "players", "", game="flip")
    assert [c["value"] for c in counts] == list(range(2, 11))
    assert await bob.autocomplete("leaderboard show", "players", "", game="euchre") == []

    four = (await board(bob, game="flip", players=4)).text
    assert "Flip Euchre leaderboard · Season 1 · 4 players" in four and "4 ranked" in four
    six = (await board(bob, game="flip", players=6)).text
    assert "Nobody has finished a game of Flip Euchre with 6 players this season yet" in six


async def test_page_buttons_keep_their_board_and_old_ones_show_the_current_season(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    alice, carol = env.member("alice"), env.member("carol")
    async with bot_database(bot) as db:  # 24 people: three pages
        for stranger in range(12):
            await stored_result(db, (900 + stranger,), (950 + stranger,), guild=env.guild.id)
    await bot.start()
    await alice.slash("season start", name="Autumn")

    with env.expect_violations() as seen:  # the board's strangers have left the server:
        shared = await carol.slash("leaderboard show", game="euchre", season="all", share=True)
        all_time = shared.message
        assert not shared.ephemeral and "Page 1 of 3 · 24 ranked" in all_time.text
        await carol.click(all_time, "Next")
        assert "All time" in all_time.text and "Page 2 of 3 · 24 ranked" in all_time.text
        await carol.click(all_time, "Next")
    assert set(seen.kinds) == {"unknown_member"}  # each name looked up once, for the picture
    assert len(seen.kinds) == 24
    assert "Page 3 of 3" in all_time.text
    next_button = next(b for b in all_time.buttons() if b.get("label") == "Next")
    assert next_button.get("disabled")

    past = await board(carol, game="euchre", season="1")
    await carol.click(past, "Next")
    assert "Season 1" in past.text and "Page 2 of 3" in past.text

    # a leaderboard posted before seasons: its buttons carry no board
    old = await board(carol, game="euchre", season="1")
    for button in old.buttons():
        page = 0 if button["label"] == "Previous" else 1
        button["custom_id"] = f"bower-board:{env.guild.id}:euchre:{page}"
    out = await carol.click(old, "Next")
    assert out.kind == "update"
    assert "Euchre leaderboard · Autumn" in old.text  # the current season's board
    assert "Nobody has finished a game of Euchre this season yet" in old.text
    assert all(":s2:p0:" in b["custom_id"] for b in old.buttons())
