"""Seasons end to end: a moderator starts a season, the leaderboard starts fresh while the
past season's standings remain (and all time keeps both); only moderators start one, and a
name that cannot be used changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.database import bot_database
from tests.e2e.tables import Player, fill_and_start, open_table, refused
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.client.members import Member
from tests.emulator.errors import ClientRefusal
from tests.store.helpers import stored_result

BotFactory = Callable[..., BotProcess]
FAST = {"COMPUTER_DELAY": "0", "COMPUTER_THINK_TIME": "0.05"}
MODERATORS_ONLY = "Only moderators (people with Manage Server) can do that."


def allow_everyone(env: DiscordEnv, command: str) -> None:
    """What a server owner can do in Server Settings → Integrations: let everyone use a
    command Discord hides by default. Only the bot's own check is left."""
    for registered in env.emulator.world.commands.global_commands:
        if registered["name"] == command:
            registered["default_member_permissions"] = None


async def board(member: Member, **options: Any) -> str:
    """``/leaderboard show`` answered privately: what the member reads."""
    out = await member.slash("leaderboard show", **options)
    assert out.ephemeral, out.message.text
    return out.message.text


async def test_a_new_season_starts_fresh_and_the_past_standings_remain(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory(extra_env=FAST)
    env = DiscordEnv(emulator, bot)
    alice, bob, carol = env.member("alice"), env.member("bob"), env.member("carol")
    async with bot_database(bot) as db:  # season 1: bob beats carol twice
        for _ in range(2):
            await stored_result(db, (bob.id,), (carol.id,), guild=env.guild.id)
    await bot.start()

    started = await alice.slash("season start", name="Spring")
    assert started.ephemeral
    assert "**Spring** (season 2) has begun" in started.message.text
    assert "**Season 1** is closed" in started.message.text
    assert "`/leaderboard show season:Season 1`" in started.message.text
    await started.followup_count(1)
    news = env.default_channel.last_public()
    assert "A new season has begun: Spring" in news.text and "Winners of Season 1" in news.text
    assert f"Euchre: 🏆 <@{bob.id}>" in news.text
    # the season's story: final standings with a podium picture, and its figures
    assert "Euchre: final standings of Season 1" in news.text
    assert "2 games played" in news.text and "Most games: <@" in news.text
    assert f"Biggest climb: <@{bob.id}>, skill +" in news.text
    [podium] = news.attachments
    assert podium.filename == "season-euchre.png"
    alt = podium.description or ""
    assert alt.startswith("Euchre · Season 1 is over. Final standings · 2 players ranked: #1 ")
    figures = re.compile(r"\d+(?:\.\d+)?")
    without_places = re.sub(r"#\d+ ", "", alt)  # the text shows places as medals
    assert set(figures.findall(without_places)) <= set(figures.findall(news.text))

    fresh = await board(carol, game="euchre")
    assert "Euchre leaderboard · Spring" in fresh
    assert "Nobody has finished a game of Euchre this season yet" in fresh
    for season in ("1", "Season 1"):  # the offered value, or the name typed out
        past = await board(carol, game="euchre", season=season)
        assert "Euchre leaderboard · Season 1" in past and "Final standings" in past
        assert f"🥇 <@{bob.id}> — skill" in past and "2 games · 100% won" in past
        assert "2 ranked" in past

    table = await open_table(env, carol, "euchre", target=1)  # carol plays in Spring
    await fill_and_start(env, carol, table)
    await Player(env, carol, table).play_to_end()

    spring = await board(bob, game="euchre")
    assert f"🥇 <@{carol.id}> — skill" in spring and "1 game ·" in spring
    assert f"<@{bob.id}>" not in spring and "1 ranked" in spring
    past = await board(bob, game="euchre", season="1")
    assert f"🥇 <@{bob.id}>" in past and "2 ranked" in past  # as it ended
    assert "2 games · 0% won" in past  # carol's Spring game is not in it
    all_time = await board(bob, game="euchre", season="all")
    assert "Euchre leaderboard · All time" in all_time and "2 ranked" in all_time
    assert "3 games ·" in all_time and f"<@{bob.id}>" in all_time

    bobs = (await bob.slash("stats", game="euchre")).message.text
    assert "Euchre — no game in Spring yet" in bobs and "All time: skill **" in bobs
    carols = (await carol.slash("stats", game="euchre")).message.text
    assert "Euchre — #1 of 1 in Spring" in carols and "3 games" in carols

    seasons = await bob.slash("leaderboard seasons")
    assert seasons.ephemeral
    assert "Spring (season 2) · current" in seasons.message.text
    assert f"Euchre: leading: <@{carol.id}>" in seasons.message.text
    assert f"Euchre: 🏆 <@{bob.id}>" in seasons.message.text


async def test_only_moderators_start_a_season_and_a_bad_name_changes_nothing(
    discord_env: DiscordEnv,
) -> None:
    env = discord_env
    alice, bob = env.member("alice"), env.member("bob")
    with pytest.raises(ClientRefusal, match="hidden"):
        await bob.slash("season start", name="Mine")
    allow_everyone(env, "season")
    refused(await bob.slash("season start", name="Mine"), MODERATORS_ONLY)

    for name, words in [
        ("Season 1", "“Season 1” would read as season 1, but this will be season 2"),
        ("all time", "choose another name"),
        ("Season 7", "would read as season 7, but this will be season 2"),
        ("   ", "A season's name has 1 to 50 characters"),
    ]:
        refused(await alice.slash("season start", name=name), words)
    listed = (await bob.slash("leaderboard seasons")).message.text
    assert "This server is in its first season" in listed
    assert env.default_channel.public_messages() == []

    await alice.slash("season start", name="Spring")
    refused(await alice.slash("season start", name="  SPRING "), "already had a season")
    listed = (await bob.slash("leaderboard seasons")).message.text
    assert "Spring (season 2) · current" in listed and "Season 1\n" in listed
    await env.wait_for(lambda: len(env.default_channel.public_messages()) == 1)
    assert len(env.default_channel.public_messages()) == 1  # one announcement
