"""The real bot keeps answering through Discord's bad days: rate limits, server errors,
slow responses, lost gateway connections, and its own crashes."""

from __future__ import annotations

import time

import pytest

from tests.emulator import DiscordEnv, NoResponse

CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"


def callback_statuses(env: DiscordEnv) -> list[int]:
    return [r.status for r in env.emulator.requests if r.route == CALLBACK]


async def test_rate_limited_callback_is_retried_and_answered(discord_env: DiscordEnv) -> None:
    discord_env.faults.rate_limit("POST /interactions/*", retry_after=0.4)
    outcome = await discord_env.member("bob").slash("help")
    assert outcome.ephemeral and "/hand" in outcome.message.text
    assert callback_statuses(discord_env) == [429, 200]


async def test_server_error_on_callback_is_retried_and_answered(discord_env: DiscordEnv) -> None:
    discord_env.faults.server_error(CALLBACK, status=502)
    outcome = await discord_env.member("bob").slash("help")
    assert outcome.ephemeral
    assert callback_statuses(discord_env) == [502, 200]


async def test_slow_link_delays_but_does_not_lose_the_answer(discord_env: DiscordEnv) -> None:
    discord_env.faults.delay(CALLBACK, 0.5)
    started = time.monotonic()
    outcome = await discord_env.member("carol").slash("help")
    assert outcome.ephemeral and time.monotonic() - started >= 0.5


async def test_bot_resumes_after_the_gateway_drops(discord_env: DiscordEnv) -> None:
    assert discord_env.bot is not None
    for abrupt in (False, True):
        dropped = time.monotonic()
        await discord_env.drop_gateway(abrupt=abrupt)
        await discord_env.bot.wait_resumed(since=dropped)
        outcome = await discord_env.member("dave").slash("help")
        assert outcome.ephemeral
    assert len(discord_env.emulator.gateway.ready_at) == 1  # resumed, never re-identified


async def test_command_sent_while_disconnected_is_answered_after_resume(
    discord_env: DiscordEnv,
) -> None:
    assert discord_env.bot is not None
    discord_env.faults.gateway_delay = 0.0
    dropped = time.monotonic()
    await discord_env.drop_gateway()
    outcome = await discord_env.member("erin").slash("help", wait=False)
    await discord_env.bot.wait_resumed(since=dropped)
    await outcome.answered()
    assert outcome.ephemeral and outcome.message in discord_env.member("erin").ephemerals()


async def test_killed_bot_comes_back_and_answers(discord_env: DiscordEnv) -> None:
    bot = discord_env.bot
    assert bot is not None
    assert await bot.kill() == -9
    await bot.start()
    outcome = await discord_env.member("alice").slash("help")
    assert outcome.ephemeral
    assert len(discord_env.emulator.gateway.ready_at) == 2


async def test_bot_stops_cleanly_on_sigterm_and_restarts(discord_env: DiscordEnv) -> None:
    bot = discord_env.bot
    assert bot is not None
    await bot.restart()
    assert "Bower stopped" in bot.log() and "bot start #2" in bot.log()
    outcome = await discord_env.member("carol").slash("help")
    assert outcome.ephemeral
    assert await bot.stop() == 0


async def test_answer_later_than_three_seconds_is_caught(discord_env: DiscordEnv) -> None:
    assert discord_env.bot is not None
    discord_env.bot.tolerate_errors = True  # discord.py logs the 404 "Unknown interaction"
    with discord_env.expect_violations() as seen:
        outcome = await discord_env.member("bob").slash("help", wait=False)
        discord_env.clock.advance(3.5)  # the bot's callback will arrive "3.5 s" later
        with pytest.raises(NoResponse, match="did not respond"):
            await outcome.answered()
        await discord_env.wait_for(lambda: seen.kinds, what="the late callback")
    assert seen.kinds == ["late_callback"]
    assert discord_env.member("bob").ephemerals() == []
