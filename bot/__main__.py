"""`python -m bot`: load the settings, set up logging and run Bower until stopped."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord

from bot.client import BowerBot, apply_discord_endpoints
from bot.config import ConfigError, Settings, load_settings
from bot.logs import configure_logging

log = logging.getLogger("bot")

EXIT_OK = 0
EXIT_LOGIN_FAILED = 1
EXIT_BAD_CONFIG = 2


async def run(settings: Settings) -> None:
    """Log in and serve until the connection ends or SIGINT/SIGTERM asks to stop."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with BowerBot(settings) as bot:
        serving = asyncio.create_task(bot.start(settings.discord_token), name="bower")
        stopping = asyncio.create_task(stop.wait(), name="bower-stop")
        await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if stopping.done():
            log.info("Asked to stop; closing the Discord connection")
            await bot.close()
        stopping.cancel()
        await serving  # re-raises a login failure or a fatal gateway error


def main() -> int:
    """Run the bot; return the process exit status."""
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"bower: configuration error: {error}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    configure_logging(settings.log_level_number, secrets=[settings.discord_token])
    apply_discord_endpoints(settings.discord_api_base, settings.discord_gateway_url)
    log.info(
        "Starting Bower (API %s, gateway %s)",
        settings.discord_api_base,
        settings.discord_gateway_url,
    )
    try:
        asyncio.run(run(settings))
    except discord.LoginFailure:
        log.error("Discord rejected DISCORD_TOKEN; check the token in the developer portal")
        return EXIT_LOGIN_FAILED
    except discord.PrivilegedIntentsRequired:
        log.error("Discord refused the privileged intents Bower asked for")
        return EXIT_LOGIN_FAILED
    log.info("Bower stopped")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
