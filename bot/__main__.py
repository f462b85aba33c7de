"""`python -m bot`: load the settings, set up logging and run Bower until stopped;
`python -m bot --check`: check the settings, the database and Discord, then exit.

Exit status: 0 stopped when asked; 1 Discord refused the login (token or intents);
2 Bower cannot start as configured (a setting, the database, Discord unreachable), told
in one line on stderr, without a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Coroutine
from typing import Any

import discord

from bot.checks import (
    database_problem,
    gateway_problem,
    postgresql_problem,
    reachability_problem,
    run_checks,
)
from bot.client import DiscordUnreachable, apply_discord_endpoints, make_bot
from bot.config import ConfigError, Settings, load_settings
from bot.logs import configure_logging
from bot.store.database import StoreError

log = logging.getLogger("bot")

EXIT_OK = 0
EXIT_LOGIN_FAILED = 1
EXIT_BAD_CONFIG = 2
CONNECT_RETRIES = (1.0, 2.0, 4.0, 8.0)  # seconds between the first connection's attempts


async def discord_problem(settings: Settings) -> str | None:
    """Why Discord cannot be reached, at DISCORD_API_BASE or at DISCORD_GATEWAY_URL."""
    return await reachability_problem(settings.discord_api_base) or await gateway_problem(
        settings.discord_gateway_url
    )


async def wait_for_discord(settings: Settings) -> None:
    """Return once Discord answers at DISCORD_API_BASE and DISCORD_GATEWAY_URL, retrying
    with a growing pause; :class:`DiscordUnreachable` if it never does."""
    for pause in (*CONNECT_RETRIES, None):
        problem = await discord_problem(settings)
        if problem is None:
            return
        if pause is None:
            tries, waited = len(CONNECT_RETRIES) + 1, sum(CONNECT_RETRIES)
            raise DiscordUnreachable(f"{problem} Gave up after {tries} tries over {waited:g} s.")
        log.warning("%s Retrying in %g s.", problem, pause)
        await asyncio.sleep(pause)


async def first(work: Coroutine[Any, Any, None], *, unless: asyncio.Event) -> bool:
    """Run ``work`` to its end (True; its exception is raised) unless the event comes
    first (False; the work is cancelled)."""
    task = asyncio.ensure_future(work)
    stopped = asyncio.ensure_future(unless.wait())
    await asyncio.wait({task, stopped}, return_when=asyncio.FIRST_COMPLETED)
    stopped.cancel()
    if not task.done():
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return False
    task.result()
    return True


async def run(settings: Settings) -> None:
    """Log in and serve until the connection ends or SIGINT/SIGTERM asks to stop."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    if not await first(wait_for_discord(settings), unless=stop):
        log.info("Asked to stop before Discord could be reached")
        return
    async with make_bot(settings) as bot:
        serving = asyncio.create_task(bot.start(settings.discord_token), name="bower")
        stopping = asyncio.create_task(stop.wait(), name="bower-stop")
        await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if stopping.done():
            log.info("Asked to stop; closing the Discord connection")
            await bot.close()
        stopping.cancel()
        await serving  # re-raises a login failure or a fatal gateway error


def main(argv: list[str] | None = None) -> int:
    """Run the bot (or only check its set-up); return the process exit status."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run Bower.")
    parser.add_argument(
        "--check",
        action="store_true",
        help="check the settings, the database and Discord, then exit",
    )
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"bower: configuration error: {error}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    if args.check:
        return EXIT_OK if asyncio.run(run_checks(settings)) else EXIT_BAD_CONFIG
    if settings.database_url:  # before waiting for Discord: say what is wrong at once
        problem = asyncio.run(postgresql_problem(settings.database_url))
    else:
        problem = database_problem(settings.database_path)
    if problem:
        print(f"bower: configuration error: {problem}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    configure_logging(settings.log_level_number, secrets=[settings.discord_token])
    apply_discord_endpoints(settings.discord_api_base, settings.discord_gateway_url)
    log.info(
        "Starting Bower (API %s, gateway %s%s)",
        settings.discord_api_base,
        settings.discord_gateway_url,
        f", {settings.shard_range}" if settings.shard_range else "",
    )
    try:
        asyncio.run(run(settings))
    except discord.LoginFailure:
        log.error("Discord rejected DISCORD_TOKEN; check the token in the developer portal")
        return EXIT_LOGIN_FAILED
    except discord.PrivilegedIntentsRequired:
        log.error("Discord refused the privileged intents Bower asked for")
        return EXIT_LOGIN_FAILED
    except DiscordUnreachable as error:
        print(f"bower: {error}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    except StoreError as error:
        print(f"bower: cannot use the database: {error}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    log.info("Bower stopped")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
